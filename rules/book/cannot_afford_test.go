package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func TestCannotAfford(t *testing.T) {
	// buy is a van at a camp with money buying offer id; the shop tells
	// the driver when it is too dear.
	buy := func(f *fxWorld, money int, id string, tooDear bool) fxStep {
		return buyWorn(f, 0, money, id, tooDear)
	}
	// overhaul is the price of the engine overhaul for missing points.
	overhaul := func(missing int) int {
		o, _ := fxData().Shop.Offer("engine_overhaul")
		return o.PriceFor(missing)
	}
	fxTable(t, CannotAfford, []fxCase{
		{"one short of the price", func(f *fxWorld) fxStep {
			return buy(f, fxPrice("shotgun")-1, "shotgun", true)
		}},
		{"an overhaul of two points for its price", func(f *fxWorld) fxStep {
			return buyWorn(f, 2, overhaul(2), "engine_overhaul", false)
		}},
		{"the same money short for six points", func(f *fxWorld) fxStep {
			return buyWorn(f, 6, overhaul(2), "engine_overhaul", true)
		}},
		{"six points, one short", func(f *fxWorld) fxStep {
			return buyWorn(f, 6, overhaul(6)-1, "engine_overhaul", true)
		}},

		{"penniless", func(f *fxWorld) fxStep {
			return buy(f, 0, "armour_1", true)
		}},
		{"exactly the price", func(f *fxWorld) fxStep {
			return buy(f, fxPrice("shotgun"), "shotgun", false)
		}},
		{"the dearest gun, for all the money", func(f *fxWorld) fxStep {
			return buy(f, fxPrice("railgun"), "railgun", false)
		}},
		{"more than the price", func(f *fxWorld) fxStep {
			return buy(f, 100, "tyre_fitting", false)
		}},
		{"leaving a camp costs nothing", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			f.offer("railgun")
			return fxBuilt(f, act.Depart(v), Accept)
		}},
		{"an enemy's purchase is no command of the driver's", func(f *fxWorld) fxStep {
			f.van(geom.Pt(3, 2))
			c := f.car(geom.Pt(6, 2))
			return fxBuilt(f, act.Buy(c, f.offer("railgun")), Accept)
		}},
	})
}

// buyWorn is a van at a camp, its engine missing points, with money buying
// offer id; the shop tells the driver when it is too dear.
func buyWorn(f *fxWorld, missing, money int, id string, tooDear bool) fxStep {
	v := f.van(geom.Pt(3, 2))
	f.camp(v)
	f.money(v, money)
	if missing > 0 {
		f.stats(v, vocab.Engine.Value(f.w, v).Max-missing, vocab.Tyres.Value(f.w, v).Max)
	}
	t := act.Buy(v, f.offer(id))
	if tooDear {
		return fxRefused(f, t, assets.ShopCannotAfford)
	}
	return fxBuilt(f, t, Accept)
}
