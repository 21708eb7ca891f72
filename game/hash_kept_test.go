package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
	"lastpost/rules/act"
)

// TestKeptHashIsTheHashTakenAfresh plays the bot over fixed seeds, asking
// for the hash after every command as a replay does, so that from the
// first the world's stores keep their digests through every write. Every
// few commands the hash must be that of the same state loaded from its
// save, whose digests are all taken afresh: a write that slipped past the
// kept digests would leave them wrong from then on.
func TestKeptHashIsTheHashTakenAfresh(t *testing.T) {
	skipUnderRace(t)
	data := loadData(t)
	for _, seed := range []uint64{1, 7, 4242} {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			g := New(data, seed)
			bot := Bot{Style: BotCareful}
			checked := 0
			for n := range testsize.Steps(1500) {
				if g.Phase() == act.PhaseOver || g.Run.Won {
					break
				}
				c := bot.Next(g).Canonical()
				res, err := g.Do(c)
				require.NoError(t, err, "seed %d command %d", seed, n)
				bot.Observe(c, res)
				h := g.Hash()
				if n%7 == 0 {
					require.Equal(t, saveRoundTrip(t, g).Hash(), h,
						"seed %d command %d (%s): the kept hash against one taken afresh\n%s", seed, n, c, soakDump(g))
					checked++
				}
			}
			require.Positive(t, checked, "seed %d", seed)
		})
	}
}
