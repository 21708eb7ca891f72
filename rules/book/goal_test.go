package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

func TestGoalReached(t *testing.T) {
	fxTable(t, GoalReached, []fxCase{
		{"the van reaches the goal column", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(fxW-2, 2))
			return fxMove(v, geom.Pt(fxW-1, 2), Accept, act.Arrive(v))
		}},
		{"one column short", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(fxW-3, 2))
			return fxMove(v, geom.Pt(fxW-2, 2), Accept)
		}},
		{"a lane change inside the goal column arrives no second time", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(fxW-1, 2))
			f.change(func(a *ecs.Action) { vocab.Arrived.Add(a, v) })
			return fxMove(v, geom.Pt(fxW-1, 3), Accept)
		}},
		{"a car is no postman", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(fxW-2, 2))
			return fxMove(c, geom.Pt(fxW-1, 2), Accept)
		}},
	})
}
