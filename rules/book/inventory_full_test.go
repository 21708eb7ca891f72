package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
)

func TestInventoryFull(t *testing.T) {
	capacity := fxData().Van.InventoryCapacity
	// camp parks a van with a pistol on its front, an engine one point
	// down and money to spend, carrying n items.
	camp := func(f *fxWorld, n int) ecs.Entity {
		v := f.van(geom.Pt(3, 2))
		f.mount(v, geom.East, "pistol")
		f.stats(v, 7, 4)
		f.camp(v)
		f.money(v, 1000)
		f.fill("engine_kit", n)
		return v
	}
	full := func(f *fxWorld, t act.Act) fxStep { return fxRefused(f, t, assets.ShopInventoryFull) }
	fine := func(f *fxWorld, t act.Act) fxStep { return fxBuilt(f, t, Accept) }
	fxTable(t, InventoryFull, []fxCase{
		{"buying a gun into a full inventory", func(f *fxWorld) fxStep {
			v := camp(f, capacity)
			return full(f, act.Buy(v, f.offer("shotgun")))
		}},
		{"buying a kit into a full inventory", func(f *fxWorld) fxStep {
			v := camp(f, capacity)
			return full(f, act.Buy(v, f.offer("spare_tyre")))
		}},
		{"taking a gun off into a full inventory", func(f *fxWorld) fxStep {
			v := camp(f, capacity)
			return full(f, act.Unmount(v, geom.East))
		}},
		{"buying a gun with room for one more", func(f *fxWorld) fxStep {
			v := camp(f, capacity-1)
			return fine(f, act.Buy(v, f.offer("shotgun")))
		}},
		{"taking a gun off with room for one more", func(f *fxWorld) fxStep {
			v := camp(f, capacity-1)
			return fine(f, act.Unmount(v, geom.East))
		}},
		{"a repair needs no room", func(f *fxWorld) fxStep {
			v := camp(f, capacity)
			return fine(f, act.Buy(v, f.offer("engine_tune_up")))
		}},
		{"armour needs no room", func(f *fxWorld) fxStep {
			v := camp(f, capacity)
			return fine(f, act.Buy(v, f.offer("armour_2")))
		}},
		{"swapping guns needs no room", func(f *fxWorld) fxStep {
			v := camp(f, capacity-1)
			return fine(f, act.Mount(v, geom.East, f.carry("railgun")))
		}},
		{"an enemy's purchase is no command of the driver's", func(f *fxWorld) fxStep {
			camp(f, capacity)
			c := f.car(geom.Pt(6, 2))
			return fine(f, act.Buy(c, f.offer("shotgun")))
		}},
		{"an enemy's gun taken off is no command of the driver's", func(f *fxWorld) fxStep {
			camp(f, capacity)
			c := f.car(geom.Pt(6, 2))
			f.mount(c, geom.East, "pistol")
			return fine(f, act.Unmount(c, geom.East))
		}},
	})
}
