package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func fxPhysics(v Verdict, follow ...act.Act) fxStep {
	return fxStep{act: act.PhysicsStep(), build: func(a *ecs.Action) { vocab.Physics.Set(a, true) },
		verdict: v, follow: follow}
}

func fxSpeed(f *fxWorld, e ecs.Entity, s int) {
	f.change(func(a *ecs.Action) { vocab.Speed.Set(a, e, s) })
}

func fxSteer(f *fxWorld, e ecs.Entity, d geom.Dir) {
	f.change(func(a *ecs.Action) { vocab.Steering.Set(a, e, d) })
}

func TestDrivingPhysics(t *testing.T) {
	fxTable(t, func(*Env) Rule { return DrivingPhysics() }, []fxCase{
		{"lane changes come before every forward motion", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(1, 3))
			v := f.van(geom.Pt(3, 2))
			fxSpeed(f, v, 2)
			fxSteer(f, c, geom.South)
			fxSteer(f, v, geom.North)
			return fxPhysics(Accept, act.Lane(c, geom.South), act.Lane(v, geom.North), act.Drive(c), act.Drive(v))
		}},
		{"a standing vehicle does not drive", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(1, 3))
			fxSpeed(f, c, 0)
			v := f.van(geom.Pt(3, 2))
			fxSpeed(f, v, 1)
			return fxPhysics(Accept, act.Drive(v))
		}},
		{"an empty road", func(f *fxWorld) fxStep {
			f.wreck(geom.Pt(1, 1))
			return fxPhysics(Accept)
		}},
		{"only the physics step", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			fxSpeed(f, v, 1)
			return fxStep{act: act.Wait(v), verdict: Accept}
		}},
	})
}
