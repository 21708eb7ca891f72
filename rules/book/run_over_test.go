package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func TestRunOver(t *testing.T) {
	fxTable(t, func(*Env) Rule { return RunOver() }, []fxCase{
		{"van runs a zombie over", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			z := f.zombie(geom.Pt(4, 2))
			return fxMove(v, geom.Pt(4, 2), Accept, act.Damage(z, 2, v))
		}},
		{"the kill takes whatever hit points are left", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			z := f.zombie(geom.Pt(4, 2))
			f.change(func(a *ecs.Action) { vocab.HP.Set(a, z, vocab.Stat{Cur: 1, Max: 2}) })
			return fxMove(v, geom.Pt(4, 2), Accept, act.Damage(z, 1, v))
		}},
		{"a car runs a zombie over", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(3, 2))
			z := f.zombie(geom.Pt(4, 2))
			return fxMove(c, geom.Pt(4, 2), Accept, act.Damage(z, 2, c))
		}},
		{"a bike runs two zombies over", func(f *fxWorld) fxStep {
			b := f.bike(geom.Pt(3, 2))
			z1 := f.zombie(geom.Pt(4, 2))
			z2 := f.zombie(geom.Pt(4, 2))
			return fxMove(b, geom.Pt(4, 2), Accept, act.Damage(z1, 2, b), act.Damage(z2, 2, b))
		}},
		{"a zombie does not run a zombie over", func(f *fxWorld) fxStep {
			z := f.zombie(geom.Pt(3, 2))
			f.zombie(geom.Pt(4, 2))
			return fxMove(z, geom.Pt(4, 2), Accept)
		}},
		{"a car cannot be run over", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.car(geom.Pt(4, 2))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"a bullet does not run over", func(f *fxWorld) fxStep {
			b := f.bullet(geom.Pt(3, 2), 0)
			f.zombie(geom.Pt(4, 2))
			return fxMove(b, geom.Pt(4, 2), Accept)
		}},
	})
}
