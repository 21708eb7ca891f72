package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestRoadSleepersAreThoseTheirFirstTurnsPutToSleep lays out each seed's
// first road twice. One game is New's: the enemies placed out of the van's
// sight sleep from the start. In the other, every one of those is woken
// again and given a first turn of its own, after the turns of the enemies
// that start awake, so any of those turns that could change what a
// sleeper's own turn decides has come first. Each such turn must put its
// enemy back to sleep, leaving the world, the sleepers and the tally as in
// the first game; the two must then play alike under the bot. Only the
// schedule's tickets differ, so the world is compared, not Game.Hash.
func TestRoadSleepersAreThoseTheirFirstTurnsPutToSleep(t *testing.T) {
	data := loadData(t)
	for _, seed := range []uint64{1, 7, 4242} {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			g := New(data, seed)
			twin := newGame(data, seed)
			twin.layOutNextRoad()
			slept := twin.asleep()
			require.NotEmpty(t, slept, "seed %d: the road starts with sleepers", seed)
			twin.sleepers.reset(twin.level.W, data.Enemies.List)
			for _, e := range slept {
				ledger{twin}.Enlist(e)
			}
			require.Empty(t, twin.asleep(), "seed %d: woken again", seed)
			require.NoError(t, twin.advance())

			require.Equal(t, slept, g.asleep(), "seed %d: the same enemies sleep", seed)
			require.Equal(t, g.asleep(), twin.asleep(), "seed %d: their first turns put them to sleep\n%s", seed, soakDump(twin))
			requireSameWorld(t, g, twin, fmt.Sprintf("seed %d at the first command", seed))

			var bot, twinBot Bot
			played := 0
			for turn := range testsize.Steps(300) {
				if g.Phase() == act.PhaseOver || g.Run.Won {
					break
				}
				c := bot.Next(g)
				res, err := g.Do(c)
				require.NoError(t, err)
				bot.Observe(c, res)
				c = twinBot.Next(twin)
				res, err = twin.Do(c)
				require.NoError(t, err)
				twinBot.Observe(c, res)
				requireSameWorld(t, g, twin, fmt.Sprintf("seed %d after command %d", seed, turn+1))
				played++
			}
			require.Greater(t, played, 20, "seed %d: the bot played on", seed)
		})
	}
}

// requireSameWorld checks that two games hold the same entities, tally,
// log and memory, and the same living sleepers.
func requireSameWorld(t *testing.T, want, got *Game, msg string) {
	t.Helper()
	require.Equal(t, want.world.Hash(), got.world.Hash(), "%s: world", msg)
	require.Equal(t, want.Run, got.Run, "%s: tally", msg)
	require.Equal(t, want.log.hash(0), got.log.hash(0), "%s: log", msg)
	require.Equal(t, want.memory.sum(), got.memory.sum(), "%s: memory", msg)
	require.Equal(t, want.asleep(), got.asleep(), "%s: sleepers", msg)
	require.Equal(t, vocab.Position.Value(want.world, want.env.Van), vocab.Position.Value(got.world, got.env.Van), "%s: van", msg)
}
