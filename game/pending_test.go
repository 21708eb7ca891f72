package game

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/internal/testsize"
)

// TestMarksAgreeWithAMap marks and unmarks random entities, as roads do
// (a run of ids above a base that climbs from road to road) and as a
// restored save may (ids below the first marked), against a map: every
// answer of has, the count and the sorted list agree after every step.
func TestMarksAgreeWithAMap(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var m marks
	want := map[ecs.Entity]bool{}
	lowered := 0
	base := ecs.Entity(1)
	for step := range testsize.Steps(20000) {
		switch k := r.IntN(100); {
		case k < 2:
			m.reset()
			clear(want)
			base += ecs.Entity(r.IntN(500))
		case k < 50:
			e := base + ecs.Entity(r.IntN(300))
			if r.IntN(20) == 0 && base > 200 {
				e = base - ecs.Entity(r.IntN(200)) - 1
			}
			if m.len() > 0 && e < m.base {
				lowered++
			}
			m.add(e)
			want[e] = true
		default:
			e := base + ecs.Entity(r.IntN(300)) - 100
			m.remove(e)
			delete(want, e)
		}
		e := base + ecs.Entity(r.IntN(400)) - 200
		require.Equal(t, want[e], m.has(e), "step %d: #%d", step, e)
		require.Equal(t, len(want), m.len(), "step %d", step)
		if step%50 == 0 {
			var keys []ecs.Entity
			for k := range want {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			got := m.list()
			require.Equal(t, len(keys), len(got), "step %d", step)
			if len(keys) > 0 {
				require.Equal(t, keys, got, "step %d", step)
			}
			for _, k := range keys {
				require.True(t, m.has(k), "step %d: #%d", step, k)
			}
		}
	}
	require.Greater(t, lowered, 5, "ids below the base were marked")
}
