package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func TestBounds(t *testing.T) {
	fxTable(t, Bounds, []fxCase{
		{"van stays on the road", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"standing van at the north edge just stops", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 0))
			return fxMove(v, geom.Pt(3, -1), Reject|Stop)
		}},
		{"moving van at the east edge loses its velocity", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(fxW-1, 2))
			f.moving(v)
			return fxMove(v, geom.Pt(fxW, 2), Reject|Stop, act.Stop(v))
		}},
		{"bullet leaving the map is destroyed", func(f *fxWorld) fxStep {
			b := f.bullet(geom.Pt(fxW-1, 2), 0)
			return fxMove(b, geom.Pt(fxW, 2), Reject|Stop, act.Destroy(b))
		}},
		{"fragment leaving by the south edge is destroyed", func(f *fxWorld) fxStep {
			fr := f.fragment(geom.Pt(4, fxH-1))
			return fxMove(fr, geom.Pt(5, fxH), Reject|Stop, act.Destroy(fr))
		}},
		{"car leaving by the east edge is removed", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(fxW-1, 3))
			f.moving(c)
			return fxMove(c, geom.Pt(fxW, 3), Reject|Stop, act.Destroy(c))
		}},
		{"bike leaving by the east edge is removed", func(f *fxWorld) fxStep {
			b := f.bike(geom.Pt(fxW-1, 3))
			return fxMove(b, geom.Pt(fxW, 3), Reject|Stop, act.Destroy(b))
		}},
		{"an action that moves nothing is not the rule's business", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxStep{act: act.Accelerate(v), build: func(a *ecs.Action) { vocab.Speed.Set(a, v, 1) }, verdict: Accept}
		}},
	})
}
