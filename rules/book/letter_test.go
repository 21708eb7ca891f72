package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs/geom"
)

func TestLetterPickup(t *testing.T) {
	fxTable(t, func(*Env) Rule { return LetterPickup() }, []fxCase{
		{"van drives onto a letter", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			l := f.letter(geom.Pt(4, 2))
			return fxMove(v, geom.Pt(4, 2), Accept, act.TakeLetter(v, l))
		}},
		{"van changes lane onto two letters", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			l1 := f.letter(geom.Pt(3, 1))
			l2 := f.letter(geom.Pt(3, 1))
			return fxMove(v, geom.Pt(3, 1), Accept, act.TakeLetter(v, l1), act.TakeLetter(v, l2))
		}},
		{"van drives onto an empty cell", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.letter(geom.Pt(5, 2))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"a zombie cannot read", func(f *fxWorld) fxStep {
			z := f.zombie(geom.Pt(3, 2))
			f.letter(geom.Pt(4, 2))
			return fxMove(z, geom.Pt(4, 2), Accept)
		}},
		{"a car does not collect mail", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(3, 2))
			f.letter(geom.Pt(4, 2))
			return fxMove(c, geom.Pt(4, 2), Accept)
		}},
		{"a bullet passes over a letter", func(f *fxWorld) fxStep {
			b := f.bullet(geom.Pt(3, 2), 0)
			f.letter(geom.Pt(4, 2))
			return fxMove(b, geom.Pt(4, 2), Accept)
		}},
	})
}
