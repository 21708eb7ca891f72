package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// The game's builder commits a Move without the commit hook (the engine's
// CommitQuietly) unless a front end hears every commit. That may change
// nothing: a run heard commit by commit must play turn for turn as a run
// that is not, refusals included, and a refused command during which a
// mover steps to its end is a turn, heard or not, as it was when every
// step went through the hook (play never starts a command with a mover
// in the world, every mover being spent by the end of each turn, so the
// test lays one down directly; without one the command is refused).
func TestQuietStepsPlayAsHeardSteps(t *testing.T) {
	data := fxData(t)
	quiet, heard := New(data, 7), New(data, 7)
	commits := 0
	heard.SetListener(Listener{Commit: func(int) { commits++ }})
	var bot Bot
	for turn := 1; turn <= testsize.Steps(150) && quiet.Phase() != act.PhaseOver && !quiet.Run.Won; turn++ {
		c := bot.Next(quiet).Canonical()
		res, err := quiet.Do(c)
		require.NoError(t, err)
		resHeard, err := heard.Do(c)
		require.NoError(t, err)
		if !assert.Equal(t, resHeard, res, "turn %d (%v)", turn, c) ||
			!assert.Equal(t, heard.Hash(), quiet.Hash(), "turn %d (%v)", turn, c) {
			return
		}
		bot.Observe(c, res)
	}
	require.NotZero(t, quiet.engine.QuietCommits(), "the quiet run committed steps quietly")
	require.Zero(t, heard.engine.QuietCommits(), "the heard run heard every step")
	require.Greater(t, commits, 0)

	road := fxMap(
		"..........",
		"@.........",
		"..........",
	)
	for _, mover := range []bool{false, true} {
		for _, listen := range []bool{false, true} {
			t.Run(fmt.Sprintf("mover=%v/heard=%v", mover, listen), func(t *testing.T) {
				g := fxGame(t, 1, road)
				if listen {
					g.SetListener(Listener{Commit: func(int) {}})
				}
				if mover {
					a := g.world.NewAction()
					m := a.Spawn()
					vocab.Position.Set(a, m, geom.Pt(5, 2))
					vocab.Velocity.Set(a, m, vocab.Course{Line: geom.NewLine(geom.East.Vec()), MsPerCell: 10, Moves: 2})
					g.world.Commit(a)
				}
				// Buying on the road is refused.
				res, err := g.Do(Command{Kind: CmdBuy})
				require.NoError(t, err)
				require.Equal(t, mover, res.Took, "refusal: %v", res.Refusal)
				if mover {
					require.Empty(t, vocab.Velocity.Values(g.world), "the mover stepped to its end")
				}
			})
		}
	}
}
