package ecs

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

// TestCountGridAgreesWithAny runs random operations, over the fixed seeds,
// and after every step asks each counted component's grid about every cell
// on the grid and a ring around it (AnyAt too for the cells on it), against
// the index's own Any. One grid taken before the run keeps answering for
// the index's later commits, and after a reset to a larger grid.
func TestCountGridAgreesWithAny(t *testing.T) {
	for _, seed := range testSeeds {
		w := newTestWorld()
		sp := w.Spatial()
		kept := sp.CountGrid(idSolid)
		o := newOpRun(t, w, seed)
		for step := range testsize.Steps(200) {
			o.step(step)
			checkCountGrids(t, w, kept, fmt.Sprintf("seed %d step %d", seed, step))
		}
		spec := testSpatialSpec()
		spec.W, spec.H = gridW+3, gridH+1
		w.SetSpatial(spec)
		checkCountGrids(t, w, kept, fmt.Sprintf("seed %d after a reset to %dx%d", seed, spec.W, spec.H))
	}
}

// checkCountGrids compares the grids of both counted components, fresh,
// and kept (the solid one taken earlier), with the index's Any.
func checkCountGrids(t *testing.T, w *World, kept CountGrid, where string) {
	t.Helper()
	sp := w.Spatial()
	sw, sh := sp.Size()
	for _, id := range []ID{idSolid, idBarrel} {
		g := sp.CountGrid(id)
		gw, gh := g.Size()
		require.Equal(t, []int{sw, sh}, []int{gw, gh}, where)
		for y := -2; y < sh+2; y++ {
			for x := -2; x < sw+2; x++ {
				p := geom.Pt(x, y)
				want := sp.Any(p, id)
				if g.Any(p) != want || p.In(sw, sh) && g.AnyAt(y*sw+x) != want {
					require.Failf(t, "count grid disagrees", "%s component %d cell %v\n%s", where, id, p, dumpGrid(w))
				}
				if id == idSolid && kept.Any(p) != want {
					require.Failf(t, "kept count grid disagrees", "%s cell %v\n%s", where, p, dumpGrid(w))
				}
			}
		}
	}
}

// TestCountGridOfAnEmptyGridAnswersFalse: a road of no cells has no counts,
// and its grid says so instead of failing.
func TestCountGridOfAnEmptyGridAnswersFalse(t *testing.T) {
	w := NewWorld(testSchema())
	sp := w.SetSpatial(SpatialSpec{Pos: pos, Counts: []ID{idSolid, idBarrel}})
	assert.False(t, sp.CountGrid(idBarrel).Any(geom.Pt(0, 0)))
	assert.Panics(t, func() { sp.CountGrid(idHP) }, "hp is not counted")
}
