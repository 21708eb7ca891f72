package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
	"lastpost/rules/act"
)

// tracePages returns what the trace pager shows of a's last command: its
// first page (the decisions) and its second (the full trace).
func tracePages(a *App) [2][]string {
	return [2][]string{newTracePager(a).lines, newFullTracePager(a).lines}
}

// TestRewoundTraceIsTheCommandsOwn plays the bot's runs on two Apps, one
// that traces every command and one that rebuilds the trace only when the
// pager asks, and checks after command after command, on the road and at
// camps, past several kept states, that the pager shows the same pages.
// The rebuilding App must not trace the commands it plays.
func TestRewoundTraceIsTheCommandsOwn(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole runs twice")
	}
	data := loadData(t)
	for seed := uint64(1); seed <= 3; seed++ {
		traced := newHarnessWith(t, data, 80, 24, Options{TraceEveryTurn: true})
		rebuilt := newHarnessWith(t, data, 80, 24, Options{})
		traced.app.begin(game.New(data, seed))
		rebuilt.app.begin(game.New(data, seed))
		require.Equal(t, tracePages(traced.app), tracePages(rebuilt.app), "seed %d before any command", seed)
		var bot game.Bot
		camps := 0
		for turn := 0; turn < 3*rewindEvery+20 && traced.app.game.Phase() != act.PhaseOver; turn++ {
			c := bot.Next(traced.app.game)
			if traced.app.game.Phase() == act.PhaseCamp {
				camps++
			}
			r := traced.app.do(c)
			bot.Observe(c, r)
			require.Equal(t, r, rebuilt.app.do(c), "seed %d turn %d", seed, turn)
			require.Nil(t, rebuilt.app.game.LastTrace(), "the rebuilding App traced turn %d", turn)
			if turn%7 == 0 || traced.app.game.Phase() != act.PhaseRoad {
				require.Equal(t, tracePages(traced.app), tracePages(rebuilt.app), "seed %d turn %d: %v", seed, turn, c)
			}
		}
		require.Equal(t, traced.app.game.Hash(), rebuilt.app.game.Hash())
		t.Logf("seed %d: %d turns, %d camp commands", seed, traced.app.game.Run.Turns, camps)
	}
}

// TestRewindPlaysOnPastACommandTheGameDidNotKnow checks that a command the
// game answered with an error and no change, kept among those to play
// again, does not cost the trace of the commands after it.
func TestRewindPlaysOnPastACommandTheGameDidNotKnow(t *testing.T) {
	data := loadData(t)
	cmds := []game.Command{{Kind: game.CmdWait}, {Kind: game.CommandKind(250)}, {Kind: game.CmdWait}}
	live, traced := game.New(data, 5), game.New(data, 5)
	traced.SetTracing(true)
	var r rewind
	for i, c := range cmds {
		r.before(live, c)
		_, liveErr := live.Do(c)
		_, tracedErr := traced.Do(c)
		require.Equal(t, liveErr != nil, i == 1, "command %d", i)
		require.Equal(t, liveErr, tracedErr, "command %d", i)
	}
	require.NotNil(t, traced.LastTrace())
	assert.Equal(t, traced.LastTrace(), r.trace(live))
}
