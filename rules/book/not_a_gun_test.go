package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

func TestNotAGun(t *testing.T) {
	fxTable(t, NotAGun, []fxCase{
		{"a spare tyre is no gun", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			k := f.carry("spare_tyre")
			return fxRefused(f, act.Mount(v, geom.East, k), assets.PromptNotAGun)
		}},
		{"an engine patch kit is no gun", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			k := f.carry("engine_kit")
			return fxRefused(f, act.Mount(v, geom.North, k), assets.PromptNotAGun)
		}},
		{"a pistol goes on an empty side", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			g := f.carry("pistol")
			return fxBuilt(f, act.Mount(v, geom.West, g), Accept)
		}},
		{"a railgun takes the place of a pistol", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.mount(v, geom.East, "pistol")
			f.camp(v)
			g := f.carry("railgun")
			return fxBuilt(f, act.Mount(v, geom.East, g), Accept)
		}},
		{"using a kit is no mounting", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.stats(v, 8, 3)
			k := f.carry("spare_tyre")
			return fxBuilt(f, act.UseKit(v, k), Accept)
		}},
		{"an enemy mounting a kit is no command of the driver's", func(f *fxWorld) fxStep {
			f.van(geom.Pt(3, 2))
			c := f.car(geom.Pt(6, 2))
			k := f.carry("spare_tyre")
			return fxBuilt(f, act.Mount(c, geom.East, k), Accept)
		}},
	})
}
