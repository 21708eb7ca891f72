package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
)

// TestKeptHashIsTheHashTakenAfresh plays the bot over fixed seeds, asking
// for the hash before every command as a replay does after each, so that
// from the first the world's stores keep their digests through every
// write. Every few commands the hash must be that of the same state loaded
// from its save, whose digests are all taken afresh: a write that slipped
// past the kept digests would leave them wrong from then on. Each seed's
// run is followed by a second in the first one's memory (NewFrom), whose
// emptied stores must take their digests afresh.
func TestKeptHashIsTheHashTakenAfresh(t *testing.T) {
	skipUnderRace(t)
	data := loadData(t)
	for _, seed := range []uint64{1, 7, 4242} {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			commands, checked := 0, 0
			check := func(g *Game) bool {
				h := g.Hash()
				if commands%7 == 0 {
					require.Equal(t, saveRoundTrip(t, g).Hash(), h,
						"seed %d after %d commands: the kept hash against one taken afresh\n%s", seed, commands, soakDump(g))
					checked++
				}
				commands++
				return false
			}
			g := New(data, seed)
			playBot(t, g, testsize.Steps(1500), check)
			playBot(t, NewFrom(g, data, seed+1), testsize.Steps(1500), check)
			require.Greater(t, checked, 20, "seed %d: %d commands", seed, commands)
		})
	}
}
