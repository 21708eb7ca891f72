package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

func TestNoSuchThing(t *testing.T) {
	fxTable(t, func(*Env) Rule { return NoSuchThing() }, []fxCase{
		{"using an item the driver did not name", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxRefused(f, act.UseKit(v, 0), assets.PromptNoSuchItem)
		}},
		{"using a shop offer as if it were carried", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			o := f.offer("spare_tyre")
			return fxRefused(f, act.UseKit(v, o), assets.PromptNoSuchItem)
		}},
		{"using a carried kit", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.stats(v, 8, 3)
			k := f.carry("spare_tyre")
			return fxBuilt(f, act.UseKit(v, k), Accept)
		}},
		{"mounting nothing", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			return fxRefused(f, act.Mount(v, geom.East, 0), assets.PromptNoSuchItem)
		}},
		{"mounting a carried gun on no side", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			g := f.carry("pistol")
			return fxRefused(f, act.Mount(v, geom.None, g), assets.PromptNoSuchItem)
		}},
		{"mounting a carried gun on a side", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			g := f.carry("pistol")
			return fxBuilt(f, act.Mount(v, geom.West, g), Accept)
		}},
		{"discarding nothing", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			f.carry("pistol")
			return fxRefused(f, act.Discard(v, 0), assets.PromptNoSuchItem)
		}},
		{"discarding a carried item", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			g := f.carry("pistol")
			return fxBuilt(f, act.Discard(v, g), Accept)
		}},
		{"buying no offer", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			f.money(v, 100)
			return fxRefused(f, act.Buy(v, 0), assets.PromptNoSuchItem)
		}},
		{"buying a carried item, which is no offer", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			f.money(v, 100)
			g := f.carry("pistol")
			return fxRefused(f, act.Buy(v, g), assets.PromptNoSuchItem)
		}},
		{"buying an offer", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			f.money(v, 100)
			o := f.offer("pistol")
			return fxBuilt(f, act.Buy(v, o), Accept)
		}},
		{"unmounting names a side, not a thing", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.mount(v, geom.East, "pistol")
			f.camp(v)
			return fxBuilt(f, act.Unmount(v, geom.East), Accept)
		}},
		{"an enemy's kit of nothing is no command of the driver's", func(f *fxWorld) fxStep {
			f.van(geom.Pt(3, 2))
			c := f.car(geom.Pt(6, 2))
			return fxBuilt(f, act.UseKit(c, 0), Accept)
		}},
	})
}
