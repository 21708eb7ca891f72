package ai

import (
	"fmt"
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

// probeFields asks probe 30 times on each of the first 300 of the
// pathfinder's random fields, with a generator of the given salt to draw
// its cells, and requires each answer, true and false, at least least
// times. probe itself checks its answer, with where to name the field.
func probeFields(t *testing.T, salt uint64, least int, probe func(g *Grid, r *rand.Rand, w, h int, where string) bool) {
	t.Helper()
	yes, no := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		m, occ, _, _, drawn := wideField(t, seed)
		g := gridOf(m, occ)
		w, h := m.Size()
		r := rand.New(rand.NewPCG(seed, salt))
		for range 30 {
			if probe(g, r, w, h, fmt.Sprintf("seed %d\n%s", seed, drawn)) {
				yes++
			} else {
				no++
			}
		}
	}
	require.GreaterOrEqual(t, yes, least)
	require.GreaterOrEqual(t, no, least)
}

// openRun walks a run by cell index; over the pathfinder's random fields,
// runs along rows and columns both ways, and targets at the run's end,
// inside it or away from it, it must say what asking each cell by its
// point says.
func TestOpenRunAgreesWithAskingEachCell(t *testing.T) {
	probeFields(t, 21, 1, func(g *Grid, r *rand.Rand, w, h int, where string) bool {
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
		require.Equal(t, want, openRun(g, a, b, target), "run %v to %v, target %v, %s", a, b, target, where)
		return want
	})
}

// monotoneByCell is monotone the plain way: a cell of the rectangle from a
// to b is reached when it is open (b always is) and a is it, or the cell
// before it toward b along either axis is reached.
func monotoneByCell(g *Grid, a, b geom.Point) bool {
	sx, sy := sign(b.X-a.X), sign(b.Y-a.Y)
	nx, ny := geom.Abs(b.X-a.X)+1, geom.Abs(b.Y-a.Y)+1
	reached := make([][]bool, ny)
	for r := range ny {
		reached[r] = make([]bool, nx)
		for k := range nx {
			p := geom.Pt(a.X+k*sx, a.Y+r*sy)
			if p != b && g.blockedOn(p) {
				continue
			}
			reached[r][k] = r == 0 && k == 0 || r > 0 && reached[r-1][k] || k > 0 && reached[r][k-1]
		}
	}
	return reached[ny-1][nx-1]
}

// monotone finds a staircase row by row, one bit a column; over the
// pathfinder's random fields, from crowded to open, with rectangles of
// every orientation, thin ones included, it must say what reaching cell
// after cell says, and find both open and closed ones.
func TestMonotoneAgreesWithReachingEachCell(t *testing.T) {
	probeFields(t, 31, 100, func(g *Grid, r *rand.Rand, w, h int, where string) bool {
		a, b := geom.Pt(r.IntN(w), r.IntN(h)), geom.Pt(r.IntN(w), r.IntN(h))
		want := monotoneByCell(g, a, b)
		require.Equal(t, want, monotone(g, a, b), "from %v to %v, %s", a, b, where)
		return want
	})
}
