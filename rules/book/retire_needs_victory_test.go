package book

import (
	"testing"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
)

func TestRetireNeedsVictory(t *testing.T) {
	won := func(w bool) func(env *Env) Rule {
		return func(env *Env) Rule {
			env.Won = func() bool { return w }
			return RetireNeedsVictory(env)
		}
	}
	tests := []struct {
		name string
		won  bool
		want func(f *fxWorld, v act.Act) fxStep
	}{
		{"a run not won yet cannot retire", false, func(f *fxWorld, a act.Act) fxStep { return fxRefused(f, a, assets.PromptNotWon) }},
		{"a won run retires", true, func(f *fxWorld, a act.Act) fxStep { return fxBuilt(f, a, Accept) }},
	}
	for _, tt := range tests {
		fxTable(t, won(tt.won), []fxCase{{tt.name, func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			return tt.want(f, act.Retire(v))
		}}})
	}
	fxTable(t, func(env *Env) Rule { return RetireNeedsVictory(env) }, []fxCase{
		{"a book that cannot tell counts the run as not won", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			return fxRefused(f, act.Retire(v), assets.PromptNotWon)
		}},
		{"giving up needs no victory", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			return fxBuilt(f, act.GiveUp(v), Accept)
		}},
	})
}
