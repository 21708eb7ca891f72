package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

// openRunByCell is openRun asking each cell of the run by its point, the
// plain way.
func openRunByCell(g *Grid, a, b, target geom.Point) bool {
	step := geom.Pt(sign(b.X-a.X), sign(b.Y-a.Y))
	for p := a; ; p = p.Add(step) {
		if p != target && g.blockedOn(p) {
			return false
		}
		if p == b {
			return true
		}
	}
}

// openRun walks a run by cell index; over the pathfinder's random fields,
// runs along rows and columns both ways, and targets at the run's end,
// inside it or away from it, it must say what asking each cell by its
// point says.
func TestOpenRunAgreesWithAskingEachCell(t *testing.T) {
	open, closed := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		m, occ, _, _, drawn := wideField(t, seed)
		g := gridOf(m, occ)
		w, h := m.Size()
		r := rand.New(rand.NewPCG(seed, 21))
		for range 30 {
			a := geom.Pt(r.IntN(w), r.IntN(h))
			b := geom.Pt(a.X, r.IntN(h))
			if r.IntN(2) == 0 {
				b = geom.Pt(r.IntN(w), a.Y)
			}
			var target geom.Point
			switch r.IntN(3) {
			case 0:
				target = b
			case 1:
				target = geom.Pt(a.X+(b.X-a.X)/2, a.Y+(b.Y-a.Y)/2)
			default:
				target = geom.Pt(r.IntN(w), r.IntN(h))
			}
			want := openRunByCell(g, a, b, target)
			require.Equal(t, want, openRun(g, a, b, target), "seed %d run %v to %v, target %v\n%s", seed, a, b, target, drawn)
			if want {
				open++
			} else {
				closed++
			}
		}
	}
	require.Positive(t, open)
	require.Positive(t, closed)
}
