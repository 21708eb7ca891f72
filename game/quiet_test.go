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

// The game's builder commits a Move, and any other action whose kind
// commits nothing (act's CommitsNothing), without the commit hook (the
// engine's CommitQuietly) unless a front end hears every commit. That may
// change nothing: a run heard commit by commit must play turn for turn as
// a run that is not, refusals included, and a refused command during which
// a mover steps to its end is a turn, heard or not, as it was when every
// step went through the hook (play never starts a command with a mover
// in the world, every mover being spent by the end of each turn, so the
// test lays one down directly; without one the command is refused). The
// quiet run must hook no action of such a kind, and the heard run must
// hear them all, but for a new road's, which the game resolves without
// the front end's hooks in either run.
func TestQuietStepsPlayAsHeardSteps(t *testing.T) {
	data := fxData(t)
	quiet, heard := New(data, 7), New(data, 7)
	commits := 0
	heard.SetListener(Listener{Commit: func(int) { commits++ }})
	hook := quiet.engine.OnCommit
	quiet.engine.OnCommit = func(a *act.Act, now int) {
		require.False(t, a.Kind.CommitsNothing(), "%v committed through the hook", a)
		hook(a, now)
	}
	heardNothing := 0
	hook2 := heard.engine.OnCommit
	heard.engine.OnCommit = func(a *act.Act, now int) {
		if a.Kind.CommitsNothing() && a.Kind != act.KindMove {
			heardNothing++
		}
		hook2(a, now)
	}
	var bot Bot
	for turn := 1; turn <= testsize.Steps(150) && quiet.Phase() != act.PhaseOver && !quiet.Run.Won; turn++ {
		c := bot.Next(quiet).Canonical()
		before, heardQuiet := heard.Phase(), heard.engine.QuietCommits()
		res, err := quiet.Do(c)
		require.NoError(t, err)
		resHeard, err := heard.Do(c)
		require.NoError(t, err)
		if !assert.Equal(t, resHeard, res, "turn %d (%v)", turn, c) ||
			!assert.Equal(t, heard.Hash(), quiet.Hash(), "turn %d (%v)", turn, c) {
			return
		}
		if before != act.PhaseCamp || heard.Phase() != act.PhaseRoad {
			require.Equal(t, heardQuiet, heard.engine.QuietCommits(), "turn %d (%v): the heard run heard every commit", turn, c)
		}
		bot.Observe(c, res)
	}
	require.Greater(t, quiet.engine.QuietCommits(), heard.engine.QuietCommits(), "the quiet run committed quietly")
	require.Greater(t, commits, 0)
	require.Greater(t, heardNothing, 0, "the run had actions of other kinds that commit nothing")

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
