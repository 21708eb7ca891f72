package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs/geom"
)

func TestAcidTyres(t *testing.T) {
	acidAt := func(f *fxWorld, p geom.Point) { f.acid = append(f.acid, p) }
	fxTable(t, AcidTyres, []fxCase{
		{"van drives into acid", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			acidAt(f, geom.Pt(4, 2))
			return fxMove(v, geom.Pt(4, 2), Accept, act.Acid(v))
		}},
		{"van changes lane into acid", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			acidAt(f, geom.Pt(3, 3))
			return fxMove(v, geom.Pt(3, 3), Accept, act.Acid(v))
		}},
		{"van leaves acid for road", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			acidAt(f, geom.Pt(3, 2))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"a car has no tyres to lose", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(3, 2))
			acidAt(f, geom.Pt(4, 2))
			return fxMove(c, geom.Pt(4, 2), Accept)
		}},
		{"a zombie walks through acid", func(f *fxWorld) fxStep {
			z := f.zombie(geom.Pt(3, 2))
			acidAt(f, geom.Pt(4, 2))
			return fxMove(z, geom.Pt(4, 2), Accept)
		}},
	})
}
