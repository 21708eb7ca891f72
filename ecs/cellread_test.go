package ecs

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

// TestCellIndexReadsAsThePointQueries runs random operations, over the
// fixed seeds, and after every step asks every cell of the grid and a ring
// around it by index (CellIndex, LenAt, CountAt) what it asks the index by
// point (In, At, Count): the cell found once must answer as the point
// queries do, for both counted components, and after a reset to a larger
// grid.
func TestCellIndexReadsAsThePointQueries(t *testing.T) {
	occupied := 0
	for _, seed := range testSeeds {
		w := newTestWorld()
		o := newOpRun(t, w, seed)
		for step := range testsize.Steps(200) {
			o.step(step)
			occupied += checkCellIndex(t, w.Spatial(), fmt.Sprintf("seed %d step %d", seed, step))
		}
		spec := testSpatialSpec()
		spec.W, spec.H = gridW+3, gridH+1
		w.SetSpatial(spec)
		checkCellIndex(t, w.Spatial(), fmt.Sprintf("seed %d after a reset to %dx%d", seed, spec.W, spec.H))
	}
	require.Positive(t, occupied, "no cell ever held anything: the test compares nothing")
}

// checkCellIndex compares the queries by index with those by point over
// the grid and a ring around it, and returns how many occupied cells it
// saw.
func checkCellIndex(t *testing.T, sp *Spatial, where string) int {
	t.Helper()
	sw, sh := sp.Size()
	occupied := 0
	for y := -2; y < sh+2; y++ {
		for x := -2; x < sw+2; x++ {
			p := geom.Pt(x, y)
			i, on := sp.CellIndex(p)
			require.Equal(t, sp.In(p), on, "%s cell %v", where, p)
			if !on {
				require.Equal(t, -1, i, "%s cell %v", where, p)
				continue
			}
			require.Equal(t, len(sp.At(p)), sp.LenAt(i), "%s cell %v", where, p)
			for _, id := range []ID{idSolid, idBarrel} {
				require.Equal(t, sp.Count(p, id), sp.CountAt(i, id), "%s cell %v component %d", where, p, id)
			}
			if sp.LenAt(i) > 0 {
				occupied++
			}
		}
	}
	return occupied
}

// TestCountAtPanicsForAnUncountedComponent asks the index by cell index
// about a component it does not count, as Count would be asked.
func TestCountAtPanicsForAnUncountedComponent(t *testing.T) {
	sp := newTestWorld().Spatial()
	i, on := sp.CellIndex(geom.Pt(0, 0))
	require.True(t, on)
	require.Panics(t, func() { sp.Count(geom.Pt(0, 0), idPos) })
	require.Panics(t, func() { sp.CountAt(i, idPos) })
}
