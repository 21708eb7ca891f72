package book

import (
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

func TestStruckBarrelGoesOff(t *testing.T) {
	fxTable(t, func(*Env) Rule { return StruckBarrelGoesOff() }, []fxCase{
		{"the first fragment spent on a barrel sets it off", func(f *fxWorld) fxStep {
			x := f.barrel(geom.Pt(4, 2))
			fr := f.fragment(geom.Pt(3, 2))
			return fxBuilt(f, act.SpendOn(fr, x), Accept, act.Explode(x, fr))
		}},
		{"a bullet spent on a barrel sets it off too", func(f *fxWorld) fxStep {
			x := f.barrel(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), 0)
			return fxBuilt(f, act.SpendOn(b, x), Accept, act.Explode(x, b))
		}},
		{"a barrel already struck this instant is not set off twice", func(f *fxWorld) fxStep {
			x := f.barrel(geom.Pt(4, 2))
			first := f.fragment(geom.Pt(3, 2))
			second := f.fragment(geom.Pt(5, 2))
			f.build(act.SpendOn(first, x))
			return fxBuilt(f, act.SpendOn(second, x), Accept)
		}},
		{"a projectile spent on anything else sets nothing off", func(f *fxWorld) fxStep {
			f.zombie(geom.Pt(4, 2))
			fr := f.fragment(geom.Pt(3, 2))
			return fxBuilt(f, act.Spend(fr), Accept)
		}},
		{"a struck mark set by hand is obeyed", func(f *fxWorld) fxStep {
			x := f.barrel(geom.Pt(4, 2))
			return fxStep{act: act.Wait(0), verdict: Accept, follow: []act.Act{act.Explode(x, 0)},
				build: func(a *ecs.Action) { vocab.Struck.Set(a, x, vocab.Chain{}) }}
		}},
	})
}
