package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

func TestNotAKit(t *testing.T) {
	fxTable(t, NotAKit, []fxCase{
		{"a carried gun is no kit", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			g := f.carry("pistol")
			return fxRefused(f, act.UseKit(v, g), assets.PromptMountAtGarage)
		}},
		{"a spare tyre is a kit", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.stats(v, 8, 3)
			k := f.carry("spare_tyre")
			return fxBuilt(f, act.UseKit(v, k), Accept)
		}},
		{"an engine patch kit is a kit", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.stats(v, 7, 4)
			k := f.carry("engine_kit")
			return fxBuilt(f, act.UseKit(v, k), Accept)
		}},
		{"throwing a gun away is no use of a kit", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			g := f.carry("pistol")
			return fxBuilt(f, act.Discard(v, g), Accept)
		}},
		{"an enemy's gun used as a kit is no command of the driver's", func(f *fxWorld) fxStep {
			f.van(geom.Pt(3, 2))
			c := f.car(geom.Pt(6, 2))
			g := f.carry("pistol")
			return fxBuilt(f, act.UseKit(c, g), Accept)
		}},
	})
}
