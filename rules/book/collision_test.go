package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs/geom"
)

func TestCollision(t *testing.T) {
	fxTable(t, func(*Env) Rule { return Collision() }, []fxCase{
		{"a standing van cannot change lane into a wreck", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.wreck(geom.Pt(3, 1))
			return fxMove(v, geom.Pt(3, 1), Reject|Stop)
		}},
		{"a moving van stops at a wreck", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.wreck(geom.Pt(4, 2))
			f.moving(v)
			return fxMove(v, geom.Pt(4, 2), Reject|Stop, act.Stop(v))
		}},
		{"the van rams a barrel and sets it off", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			x := f.barrel(geom.Pt(4, 2))
			f.moving(v)
			return fxMove(v, geom.Pt(4, 2), Reject|Stop, act.Explode(x, v), act.Stop(v))
		}},
		{"a bullet is spent on a wreck", func(f *fxWorld) fxStep {
			f.wreck(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), 0)
			return fxMove(b, geom.Pt(4, 2), Reject|Stop, act.Destroy(b))
		}},
		{"a fragment flies through a wreck", func(f *fxWorld) fxStep {
			f.wreck(geom.Pt(4, 2))
			fr := f.fragment(geom.Pt(3, 2))
			return fxMove(fr, geom.Pt(4, 2), Accept)
		}},
		{"a car stops at a barrel without setting it off", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(3, 2))
			f.barrel(geom.Pt(4, 2))
			f.moving(c)
			return fxMove(c, geom.Pt(4, 2), Reject|Stop, act.Stop(c))
		}},
		{"a zombie bumps a wreck", func(f *fxWorld) fxStep {
			z := f.zombie(geom.Pt(3, 2))
			f.wreck(geom.Pt(4, 2))
			return fxMove(z, geom.Pt(4, 2), Reject|Stop)
		}},
		{"open road", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.letter(geom.Pt(4, 2))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
	})
}
