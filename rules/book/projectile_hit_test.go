package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func TestProjectileHit(t *testing.T) {
	fxTable(t, func(*Env) Rule { return ProjectileHit() }, []fxCase{
		{"a bullet hits a zombie", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(1, 2))
			z := f.zombie(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), v)
			return fxMove(b, geom.Pt(4, 2), Reject|Stop, act.Damage(z, 1, b), act.Spend(b))
		}},
		{"a bullet does its own damage", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), 0)
			f.change(func(a *ecs.Action) { vocab.Damage.Set(a, b, 3) })
			return fxMove(b, geom.Pt(4, 2), Reject|Stop, act.Damage(c, 3, b), act.Spend(b))
		}},
		{"a bullet is spent on a barrel, which the spending sets off", func(f *fxWorld) fxStep {
			x := f.barrel(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), 0)
			return fxMove(b, geom.Pt(4, 2), Reject|Stop, act.SpendOn(b, x))
		}},
		{"an enemy bullet deals layered damage to the van", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(4, 0))
			v := f.van(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(4, 1), c)
			return fxMove(b, geom.Pt(4, 2), Reject|Stop, act.Hit(v, 1, b), act.Spend(b))
		}},
		{"a fragment hits the van", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(4, 2))
			fr := f.fragment(geom.Pt(3, 2))
			return fxMove(fr, geom.Pt(4, 2), Reject|Stop, act.Hit(v, 1, fr), act.Spend(fr))
		}},
		{"the van never shoots itself", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), v)
			return fxMove(b, geom.Pt(4, 2), Accept)
		}},
		{"a car's pellet passes its own car", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(4, 1), c)
			return fxMove(b, geom.Pt(4, 2), Accept)
		}},
		{"friendly fire: a bike's bullet hits a car", func(f *fxWorld) fxStep {
			bk := f.bike(geom.Pt(1, 2))
			c := f.car(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), bk)
			return fxMove(b, geom.Pt(4, 2), Reject|Stop, act.Damage(c, 1, b), act.Spend(b))
		}},
		{"a wreck is the collision rule's business", func(f *fxWorld) fxStep {
			f.wreck(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), 0)
			return fxMove(b, geom.Pt(4, 2), Accept)
		}},
		{"a bullet flies over a letter and a bloodstain", func(f *fxWorld) fxStep {
			f.letter(geom.Pt(4, 2))
			f.spawn(vocab.KindBloodstain, geom.Pt(4, 2), func(a *ecs.Action, e ecs.Entity) { vocab.Decal.Add(a, e) })
			b := f.bullet(geom.Pt(3, 2), 0)
			return fxMove(b, geom.Pt(4, 2), Accept)
		}},
		{"a zombie walking into the van is no projectile", func(f *fxWorld) fxStep {
			f.van(geom.Pt(4, 2))
			z := f.zombie(geom.Pt(3, 2))
			return fxMove(z, geom.Pt(4, 2), Accept)
		}},
	})
}
