package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func TestBumpAttack(t *testing.T) {
	fxTable(t, func(*Env) Rule { return BumpAttack() }, []fxCase{
		{"a zombie claws the van", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(4, 2))
			z := f.zombie(geom.Pt(3, 2))
			return fxMove(z, geom.Pt(4, 2), Reject|Stop, act.Hit(v, 1, z))
		}},
		{"a moving car rams the van and stops", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(4, 2))
			c := f.car(geom.Pt(3, 2))
			f.moving(c)
			return fxMove(c, geom.Pt(4, 2), Reject|Stop, act.Hit(v, 1, c), act.Stop(c))
		}},
		{"the blow is the attacker's damage", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(4, 2))
			b := f.bike(geom.Pt(4, 1))
			f.change(func(a *ecs.Action) { vocab.Damage.Set(a, b, 3) })
			return fxMove(b, geom.Pt(4, 2), Reject|Stop, act.Hit(v, 3, b))
		}},
		{"the van is no enemy of zombies", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.zombie(geom.Pt(4, 2))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"a zombie walks into an empty cell", func(f *fxWorld) fxStep {
			f.van(geom.Pt(6, 2))
			z := f.zombie(geom.Pt(3, 2))
			return fxMove(z, geom.Pt(4, 2), Accept)
		}},
		{"a bullet is not a bump", func(f *fxWorld) fxStep {
			f.van(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), 0)
			return fxMove(b, geom.Pt(4, 2), Accept)
		}},
	})
}
