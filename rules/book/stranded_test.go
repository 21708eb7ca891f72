package book

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// fxTopSpeed is a step that sets e's top speed, as an engine hit does.
func fxTopSpeed(e ecs.Entity, top int) fxStep {
	return fxStep{act: act.Hit(e, 1, 0), build: func(a *ecs.Action) { vocab.TopSpeed.Set(a, e, top) }, verdict: Accept}
}

func TestStranded(t *testing.T) {
	strand := func(v ecs.Entity, why assets.TextID) act.Act { return act.Strand(v, why) }
	fxTable(t, Stranded, []fxCase{
		{"a dead engine and no kit strands the van", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			s := fxTopSpeed(v, 0)
			s.follow = []act.Act{strand(v, assets.MsgStranded)}
			return s
		}},
		{"an engine kit carried is a way out", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.carry("engine_kit")
			return fxTopSpeed(v, 0)
		}},
		{"a spare tyre is no way out", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.carry("spare_tyre")
			s := fxTopSpeed(v, 0)
			s.follow = []act.Act{strand(v, assets.MsgStranded)}
			return s
		}},
		{"a slower engine that still runs strands nothing", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxTopSpeed(v, 1)
		}},
		{"a move into wrecks on three sides strands the van", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.wreck(geom.Pt(5, 2))
			f.wreck(geom.Pt(4, 1))
			f.wreck(geom.Pt(4, 3))
			return fxMove(v, geom.Pt(4, 2), Accept, strand(v, assets.MsgBoxedIn))
		}},
		{"the road's edge walls in like a wreck", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 0))
			f.wreck(geom.Pt(5, 0))
			f.wreck(geom.Pt(4, 1))
			return fxMove(v, geom.Pt(4, 0), Accept, strand(v, assets.MsgBoxedIn))
		}},
		{"with the goal beyond the road's end, the east edge walls in", func(f *fxWorld) fxStep {
			f.env.GoalX = fxW
			v := f.van(geom.Pt(fxW-2, 2))
			f.wreck(geom.Pt(fxW-1, 1))
			f.wreck(geom.Pt(fxW-1, 3))
			return fxMove(v, geom.Pt(fxW-1, 2), Accept, strand(v, assets.MsgBoxedIn))
		}},
		{"a barrel can be shot away: no strand", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.barrel(geom.Pt(5, 2))
			f.wreck(geom.Pt(4, 1))
			f.wreck(geom.Pt(4, 3))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"one side open: no strand", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.wreck(geom.Pt(5, 2))
			f.wreck(geom.Pt(4, 1))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"a move into the goal column arrives: the edges there wall in nothing", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(fxW-2, 0))
			f.wreck(geom.Pt(fxW-1, 1))
			return fxMove(v, geom.Pt(fxW-1, 0), Accept)
		}},
		{"a wreck beside a barrel walls in as well as a wreck alone", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.barrel(geom.Pt(5, 2))
			f.wreck(geom.Pt(5, 2))
			f.zombie(geom.Pt(4, 1))
			f.wreck(geom.Pt(4, 1))
			f.wreck(geom.Pt(4, 3))
			return fxMove(v, geom.Pt(4, 2), Accept, strand(v, assets.MsgBoxedIn))
		}},
		{"a zombie is no wall", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.wreck(geom.Pt(5, 2))
			f.zombie(geom.Pt(4, 1))
			f.wreck(geom.Pt(4, 3))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"an enemy walled in is no concern", func(f *fxWorld) fxStep {
			f.van(geom.Pt(1, 4))
			c := f.car(geom.Pt(3, 2))
			f.wreck(geom.Pt(5, 2))
			f.wreck(geom.Pt(4, 1))
			f.wreck(geom.Pt(4, 3))
			return fxMove(c, geom.Pt(4, 2), Accept)
		}},
	})
}

// TestBoxedInAgreesWithTheWalk compares boxedIn, which asks the spatial
// index's count of solid things before it walks a cell, with a walk over
// every entity of the three cells, on random roads of wrecks, barrels,
// zombies and letters, at every cell and a ring of cells off the road.
func TestBoxedInAgreesWithTheWalk(t *testing.T) {
	plain := func(f *fxWorld, p geom.Point) bool {
		for _, d := range [3]geom.Dir{geom.East, geom.North, geom.South} {
			q := p.Add(d.Vec())
			if !f.w.Spatial().In(q) {
				continue
			}
			wreck := false
			for _, e := range f.w.Spatial().At(q) {
				wreck = wreck || vocab.Solid.Has(f.w, e) && !vocab.Explosive.Has(f.w, e)
			}
			if !wreck {
				return false
			}
		}
		return true
	}
	r := rand.New(rand.NewPCG(7, 11))
	boxed := 0
	for range 40 {
		f := fxNew()
		for range 3 + r.IntN(40) {
			p := geom.Pt(r.IntN(fxW), r.IntN(fxH))
			switch r.IntN(4) {
			case 0:
				f.wreck(p)
			case 1:
				f.barrel(p)
			case 2:
				f.zombie(p)
			default:
				f.letter(p)
			}
		}
		c := &Check{World: f.w, Spatial: f.w.Spatial()}
		for y := -1; y <= fxH; y++ {
			for x := -1; x <= fxW; x++ {
				p := geom.Pt(x, y)
				want := plain(f, p)
				require.Equal(t, want, boxedIn(c, p), "cell %v", p)
				if want {
					boxed++
				}
			}
		}
	}
	require.Positive(t, boxed, "some cells are walled in")
}
