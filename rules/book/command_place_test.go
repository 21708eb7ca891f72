package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
)

// fxKind is a command kind, given by the van v.
type fxKind struct {
	name string
	mk   func(v ecs.Entity) act.Act
}

func TestCommandPlace(t *testing.T) {
	road := []fxKind{
		{"wait", func(v ecs.Entity) act.Act { return act.Wait(v) }},
		{"accelerate", func(v ecs.Entity) act.Act { return act.Accelerate(v) }},
		{"decelerate", func(v ecs.Entity) act.Act { return act.Decelerate(v) }},
		{"steer", func(v ecs.Entity) act.Act { return act.Steer(v, geom.North) }},
		{"fire", func(v ecs.Entity) act.Act { return act.Fire(v, geom.East, "pistol", 1, 0) }},
	}
	camp := []fxKind{
		{"buy", func(v ecs.Entity) act.Act { return act.Buy(v, 0) }},
		{"mount", func(v ecs.Entity) act.Act { return act.Mount(v, geom.East, 0) }},
		{"unmount", func(v ecs.Entity) act.Act { return act.Unmount(v, geom.East) }},
		{"discard", func(v ecs.Entity) act.Act { return act.Discard(v, 0) }},
		{"depart", func(v ecs.Entity) act.Act { return act.Depart(v) }},
	}
	anywhere := []fxKind{
		{"use a kit", func(v ecs.Entity) act.Act { return act.UseKit(v, 0) }},
		{"give up", func(v ecs.Entity) act.Act { return act.GiveUp(v) }},
	}
	// at builds a case with the van on the road or at a camp.
	at := func(name string, atCamp bool, k fxKind, step func(f *fxWorld, t act.Act) fxStep) fxCase {
		return fxCase{name, func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			if atCamp {
				f.camp(v)
			}
			return step(f, k.mk(v))
		}}
	}
	fine := func(f *fxWorld, t act.Act) fxStep { return fxBuilt(f, t, Accept) }
	notNow := func(f *fxWorld, t act.Act) fxStep { return fxRefused(f, t, assets.PromptNotNow) }
	var cases []fxCase
	for _, k := range road {
		cases = append(cases, at(k.name+" on the road", false, k, fine), at(k.name+" at a camp: not now", true, k, notNow))
	}
	for _, k := range camp {
		cases = append(cases, at(k.name+" at a camp", true, k, fine), at(k.name+" on the road: not now", false, k, notNow))
	}
	for _, k := range anywhere {
		cases = append(cases, at(k.name+" on the road", false, k, fine), at(k.name+" at a camp", true, k, fine))
	}
	cases = append(cases,
		fxCase{"an enemy's camp business on the road is no command of the driver's", func(f *fxWorld) fxStep {
			f.van(geom.Pt(3, 2))
			c := f.car(geom.Pt(6, 2))
			return fxBuilt(f, act.Depart(c), Accept)
		}},
		fxCase{"the camp's pay is no command", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			return fxBuilt(f, act.Pay(v, 3), Accept)
		}},
		fxCase{"a drive on the road is no command", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			fxSpeed(f, v, 1)
			return fxBuilt(f, act.Drive(v), Accept)
		}},
	)
	fxTable(t, func(*Env) Rule { return CommandPlace() }, cases)
}
