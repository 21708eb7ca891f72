package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

func TestKitNeedsStandstill(t *testing.T) {
	fxTable(t, func(*Env) Rule { return KitNeedsStandstill() }, []fxCase{
		{"a tyre is not changed at speed 1", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.stats(v, 8, 3)
			fxSpeed(f, v, 1)
			k := f.carry("spare_tyre")
			return fxRefused(f, act.UseKit(v, k), assets.PromptMoving)
		}},
		{"nor an engine mended at top speed", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.stats(v, 7, 4)
			fxSpeed(f, v, 4)
			k := f.carry("engine_kit")
			return fxRefused(f, act.UseKit(v, k), assets.PromptMoving)
		}},
		{"standing still, the tyre is changed", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.stats(v, 8, 3)
			k := f.carry("spare_tyre")
			return fxBuilt(f, act.UseKit(v, k), Accept)
		}},
		{"at a camp the van is parked", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.stats(v, 7, 4)
			fxSpeed(f, v, 2)
			f.camp(v)
			k := f.carry("engine_kit")
			return fxBuilt(f, act.UseKit(v, k), Accept)
		}},
		{"steering on the move is no kit", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			fxSpeed(f, v, 2)
			return fxBuilt(f, act.Steer(v, geom.North), Accept)
		}},
		{"an enemy patching itself on the move is no command of the driver's", func(f *fxWorld) fxStep {
			f.van(geom.Pt(3, 2))
			c := f.car(geom.Pt(6, 2))
			k := f.carry("engine_kit")
			return fxBuilt(f, act.UseKit(c, k), Accept)
		}},
	})
}
