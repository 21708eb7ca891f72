package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// fxStep moves e to p, leaving it moves moves.
func fxStepTo(e ecs.Entity, p geom.Point, moves int, v Verdict, follow ...act.Act) fxStep {
	return fxStep{act: act.Move(e), verdict: v, follow: follow, build: func(a *ecs.Action) {
		vocab.Position.Set(a, e, p)
		vocab.Velocity.Set(a, e, vocab.Course{Line: geom.NewLine(geom.Pt(1, 0)), MsPerCell: 10, Moves: moves})
	}}
}

func TestMotionEnds(t *testing.T) {
	fxTable(t, func(*Env) Rule { return MotionEnds() }, []fxCase{
		{"a bullet's last move spends it", func(f *fxWorld) fxStep {
			b := f.bullet(geom.Pt(3, 2), 0)
			return fxStepTo(b, geom.Pt(4, 2), 0, Accept, act.Destroy(b))
		}},
		{"a fragment burns out", func(f *fxWorld) fxStep {
			fr := f.fragment(geom.Pt(3, 2))
			return fxStepTo(fr, geom.Pt(4, 2), 0, Accept, act.Destroy(fr))
		}},
		{"a vehicle's last move of the round stops it", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.moving(v)
			return fxStepTo(v, geom.Pt(4, 2), 0, Accept, act.Stop(v))
		}},
		{"moves left", func(f *fxWorld) fxStep {
			b := f.bullet(geom.Pt(3, 2), 0)
			return fxStepTo(b, geom.Pt(4, 2), 3, Accept)
		}},
		{"a velocity taken away is no motion", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.moving(v)
			return fxStep{act: act.Stop(v), verdict: Accept, build: func(a *ecs.Action) { vocab.Velocity.Remove(a, v) }}
		}},
	})
}
