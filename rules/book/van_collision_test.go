package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs/geom"
)

func TestVanCollision(t *testing.T) {
	fxTable(t, func(*Env) Rule { return VanCollision() }, []fxCase{
		{"a moving van stops behind a car", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.car(geom.Pt(4, 2))
			f.moving(v)
			return fxMove(v, geom.Pt(4, 2), Reject|Stop, act.Stop(v))
		}},
		{"a lane change into a bike is refused", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.bike(geom.Pt(3, 1))
			return fxMove(v, geom.Pt(3, 1), Reject|Stop)
		}},
		{"the van drives on through a zombie", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.zombie(geom.Pt(4, 2))
			f.moving(v)
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"a zombie and a car in one cell still block", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.zombie(geom.Pt(4, 2))
			f.car(geom.Pt(4, 2))
			return fxMove(v, geom.Pt(4, 2), Reject|Stop)
		}},
		{"only the van's moves are checked", func(f *fxWorld) fxStep {
			b := f.bike(geom.Pt(3, 2))
			f.car(geom.Pt(4, 2))
			return fxMove(b, geom.Pt(4, 2), Accept)
		}},
	})
}
