package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs/geom"
)

func TestFragmentsBurnLetters(t *testing.T) {
	fxTable(t, func(*Env) Rule { return FragmentsBurnLetters() }, []fxCase{
		{"a fragment burns the letters it crosses", func(f *fxWorld) fxStep {
			l1 := f.letter(geom.Pt(4, 2))
			l2 := f.letter(geom.Pt(4, 2))
			fr := f.fragment(geom.Pt(3, 2))
			return fxMove(fr, geom.Pt(4, 2), Accept, act.Destroy(l1), act.Destroy(l2))
		}},
		{"a bullet leaves letters alone", func(f *fxWorld) fxStep {
			f.letter(geom.Pt(4, 2))
			b := f.bullet(geom.Pt(3, 2), 0)
			return fxMove(b, geom.Pt(4, 2), Accept)
		}},
		{"nothing to burn", func(f *fxWorld) fxStep {
			f.letter(geom.Pt(5, 2))
			fr := f.fragment(geom.Pt(3, 2))
			return fxMove(fr, geom.Pt(4, 2), Accept)
		}},
	})
}
