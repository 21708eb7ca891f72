package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func fxSteerStep(e ecs.Entity, d geom.Dir, v Verdict, follow ...act.Act) fxStep {
	return fxStep{act: act.Steer(e, d), build: func(a *ecs.Action) { vocab.Steering.Set(a, e, d) },
		verdict: v, follow: follow}
}

func TestSteeringNeedsSpeed(t *testing.T) {
	fxTable(t, func(*Env) Rule { return SteeringNeedsSpeed() }, []fxCase{
		{"a standing van cannot steer, and the driver is told", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxSteerStep(v, geom.North, Reject, act.Say(vocab.Message{ID: assets.MsgSteerStopped}))
		}},
		{"a rolling van steers", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			fxSpeed(f, v, 1)
			return fxSteerStep(v, geom.South, Accept)
		}},
		{"a standing car cannot steer either, in silence", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(3, 2))
			fxSpeed(f, c, 0)
			return fxSteerStep(c, geom.North, Reject)
		}},
		{"speed gained in the same action counts", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxStep{act: act.Steer(v, geom.North), verdict: Accept, build: func(a *ecs.Action) {
				vocab.Speed.Set(a, v, 1)
				vocab.Steering.Set(a, v, geom.North)
			}}
		}},
		{"a lane change that clears the steering is no steering", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			fxSteer(f, v, geom.North)
			return fxStep{act: act.Lane(v, geom.North), verdict: Accept, build: func(a *ecs.Action) {
				vocab.Position.Set(a, v, geom.Pt(3, 1))
				vocab.Steering.Remove(a, v)
			}}
		}},
	})
}
