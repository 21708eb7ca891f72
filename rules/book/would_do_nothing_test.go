package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func TestWouldDoNothing(t *testing.T) {
	// van is the van with the given engine, tyres (both out of their full
	// 8 and 4) and armour, standing on the road, or parked at a camp with
	// money to spend.
	van := func(f *fxWorld, engine, tyres, armour int, atCamp bool) ecs.Entity {
		v := f.van(geom.Pt(3, 2))
		f.stats(v, engine, tyres)
		f.change(func(a *ecs.Action) { vocab.Armour.Set(a, v, armour) })
		if atCamp {
			f.camp(v)
			f.money(v, 1000)
		}
		return v
	}
	kit := func(f *fxWorld, engine, tyres int, id string) act.Act {
		return act.UseKit(van(f, engine, tyres, 1, false), f.carry(id))
	}
	buy := func(f *fxWorld, engine, tyres, armour int, id string) act.Act {
		return act.Buy(van(f, engine, tyres, armour, true), f.offer(id))
	}
	noEffect := func(f *fxWorld, t act.Act) fxStep { return fxRefused(f, t, assets.PromptNoEffect) }
	fine := func(f *fxWorld, t act.Act) fxStep { return fxBuilt(f, t, Accept) }
	fxTable(t, WouldDoNothing, []fxCase{
		{"a spare tyre with every tyre whole", func(f *fxWorld) fxStep {
			return noEffect(f, kit(f, 8, 4, "spare_tyre"))
		}},
		{"a spare tyre for one tyre gone", func(f *fxWorld) fxStep {
			return fine(f, kit(f, 8, 3, "spare_tyre"))
		}},
		{"an engine kit on a whole engine", func(f *fxWorld) fxStep {
			return noEffect(f, kit(f, 8, 3, "engine_kit"))
		}},
		{"an engine kit one point below full", func(f *fxWorld) fxStep {
			return fine(f, kit(f, 7, 4, "engine_kit"))
		}},
		{"a tune-up of a whole engine", func(f *fxWorld) fxStep {
			return noEffect(f, buy(f, 8, 3, 1, "engine_tune_up"))
		}},
		{"a tune-up one point below full", func(f *fxWorld) fxStep {
			return fine(f, buy(f, 7, 4, 1, "engine_tune_up"))
		}},
		{"a tyre fitting with every tyre whole", func(f *fxWorld) fxStep {
			return noEffect(f, buy(f, 7, 4, 1, "tyre_fitting"))
		}},
		{"a tyre fitting one tyre below full", func(f *fxWorld) fxStep {
			return fine(f, buy(f, 8, 3, 1, "tyre_fitting"))
		}},
		{"armour of the level the van has", func(f *fxWorld) fxStep {
			return noEffect(f, buy(f, 8, 4, 2, "armour_2"))
		}},
		{"armour below the van's", func(f *fxWorld) fxStep {
			return noEffect(f, buy(f, 8, 4, 3, "armour_1"))
		}},
		{"armour one level better", func(f *fxWorld) fxStep {
			return fine(f, buy(f, 8, 4, 2, "armour_3"))
		}},
		{"a spare tyre bought for later, with every tyre whole", func(f *fxWorld) fxStep {
			return fine(f, buy(f, 8, 4, 1, "spare_tyre"))
		}},
		{"a gun bought", func(f *fxWorld) fxStep {
			return fine(f, buy(f, 8, 4, 1, "pistol"))
		}},
		{"throwing a kit away with every tyre whole", func(f *fxWorld) fxStep {
			v := van(f, 8, 4, 1, true)
			return fine(f, act.Discard(v, f.carry("spare_tyre")))
		}},
		{"an enemy's kit is no command of the driver's", func(f *fxWorld) fxStep {
			f.van(geom.Pt(3, 2))
			c := f.car(geom.Pt(6, 2))
			return fine(f, act.UseKit(c, f.carry("engine_kit")))
		}},
		{"an enemy's armour is no command of the driver's", func(f *fxWorld) fxStep {
			f.van(geom.Pt(3, 2))
			c := f.car(geom.Pt(6, 2))
			f.change(func(a *ecs.Action) { vocab.Armour.Set(a, c, 2) })
			return fine(f, act.Buy(c, f.offer("armour_1")))
		}},
	})
}
