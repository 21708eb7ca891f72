package game

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSaveWithScheduleInAnyOrderContinuesExactly: saves written before the
// schedule saved its tasks in the order of taking kept them in a heap's
// order. A save whose schedule lists the same tasks in any order loads to
// the same state (the same hash) and plays on exactly as the save in
// order does.
func TestSaveWithScheduleInAnyOrderContinuesExactly(t *testing.T) {
	data := campData(t)
	for _, seed := range campSeeds[:2] {
		g := New(data, seed)
		savePlay(t, g, 30)
		good, err := g.MarshalState()
		require.NoError(t, err)
		want, _ := savePlay(t, saveRoundTrip(t, g), 60)
		for shuffle := range uint64(3) {
			where := fmt.Sprintf("seed %d shuffle %d", seed, shuffle)
			r := rand.New(rand.NewPCG(seed, shuffle))
			body := saveEdit(t, good, func(m map[string]any) {
				entries := m["schedule"].(map[string]any)["entries"].([]any)
				require.Greater(t, len(entries), 2, where)
				r.Shuffle(len(entries), func(i, j int) { entries[i], entries[j] = entries[j], entries[i] })
			})
			loaded, err := UnmarshalState(data, body)
			require.NoError(t, err, where)
			require.Equal(t, g.Hash(), loaded.Hash(), where)
			got, _ := savePlay(t, loaded, 60)
			require.Equal(t, want, got, where)
		}
	}
}
