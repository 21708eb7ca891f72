package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func TestCampArrival(t *testing.T) {
	// van places the van carrying letters, at the goal column.
	van := func(f *fxWorld, letters int) ecs.Entity {
		v := f.van(geom.Pt(fxW-1, 2))
		f.change(func(a *ecs.Action) { vocab.Letters.Set(a, v, letters) })
		return v
	}
	fxTable(t, func(*Env) Rule { return CampArrival() }, []fxCase{
		{"the van pulls in with letters: paid, patched, and the shop stocked", func(f *fxWorld) fxStep {
			v := van(f, 5)
			f.letter(geom.Pt(4, 2))
			return fxBuilt(f, act.ReachCamp(v), Accept, act.Pay(v, 5), act.Heal(v), act.Restock())
		}},
		{"the van pulls in with no letter", func(f *fxWorld) fxStep {
			v := van(f, 0)
			return fxBuilt(f, act.ReachCamp(v), Accept, act.Pay(v, 0), act.Heal(v), act.Restock())
		}},
		{"the van arriving at the goal column is not yet at the camp", func(f *fxWorld) fxStep {
			v := van(f, 3)
			return fxBuilt(f, act.Arrive(v), Accept)
		}},
		{"the pay itself brings no second pay", func(f *fxWorld) fxStep {
			v := van(f, 3)
			f.camp(v)
			return fxBuilt(f, act.Pay(v, 3), Accept)
		}},
		{"leaving the camp is no arrival", func(f *fxWorld) fxStep {
			v := van(f, 3)
			f.camp(v)
			f.offer("pistol")
			return fxBuilt(f, act.Depart(v), Accept)
		}},
		{"a step on the road is no arrival", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
	})
}
