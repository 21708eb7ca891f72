package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

func TestEmptySlot(t *testing.T) {
	fxTable(t, func(*Env) Rule { return EmptySlot() }, []fxCase{
		{"firing a side with no gun", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.mount(v, geom.East, "pistol")
			return fxRefused(f, act.FireFrom(f.actEnv(), v, geom.West), assets.PromptEmptySlot)
		}},
		{"firing a side with a gun", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.mount(v, geom.East, "pistol")
			return fxBuilt(f, act.FireFrom(f.actEnv(), v, geom.East), Accept)
		}},
		{"firing the first bullet of a burst", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.mount(v, geom.North, "machine_gun")
			return fxBuilt(f, act.FireFrom(f.actEnv(), v, geom.North), Accept)
		}},
		{"unmounting a side with no gun", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.mount(v, geom.East, "pistol")
			f.camp(v)
			return fxRefused(f, act.Unmount(v, geom.South), assets.PromptEmptySlot)
		}},
		{"unmounting a side with a gun", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.mount(v, geom.East, "pistol")
			f.camp(v)
			return fxBuilt(f, act.Unmount(v, geom.East), Accept)
		}},
		{"mounting onto an empty side", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			g := f.carry("pistol")
			return fxBuilt(f, act.Mount(v, geom.South, g), Accept)
		}},
		{"an enemy's empty side is no command of the driver's", func(f *fxWorld) fxStep {
			f.van(geom.Pt(3, 2))
			c := f.car(geom.Pt(6, 2))
			return fxBuilt(f, act.FireFrom(f.actEnv(), c, geom.West), Accept)
		}},
	})
}
