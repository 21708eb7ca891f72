package game

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/rules"
)

// TestATurnCutOffByARuleLoopBreaksTheRun: when the action limit stops a
// turn midway (here a barrel chain the van rams, under a limit far below
// what the chain needs), the state is half a turn: barrels struck but not
// gone off, moves without their follow-ons. The run refuses every later
// command and every save with the same error, which names the loop.
func TestATurnCutOffByARuleLoopBreaksTheRun(t *testing.T) {
	g, err := NewOnDrawnRoad(fxData(t), 1, fxMap(
		"..........",
		"@00000000.",
		"..........",
	))
	require.NoError(t, err)
	body, err := g.MarshalState()
	require.ErrorIs(t, err, errDrawnRoad, "precondition: a drawn road is not saved anyway")
	require.Nil(t, body)
	g.drawn = false // so that the refusal below is the broken turn's
	_, err = g.MarshalState()
	require.NoError(t, err)

	g.engine.SetLimit(10)
	_, err = g.Do(Command{Kind: CmdWait})
	require.Error(t, err, "the van rams the chain and the limit stops it\n%s", fxDump(g))
	assert.ErrorIs(t, err, ErrBroken)
	var loop *rules.LoopError
	assert.True(t, errors.As(err, &loop), "the error says the rules looped: %v", err)

	g.engine.SetLimit(0)
	before := g.Hash()
	_, again := g.Do(Command{Kind: CmdWait})
	assert.Equal(t, err, again, "a broken run plays no further command")
	assert.Equal(t, before, g.Hash(), "the refused command changed nothing")
	_, err = g.MarshalState()
	assert.ErrorIs(t, err, ErrBroken, "a broken run is not saved")
}

// TestAnUnknownCommandDoesNotBreakTheRun: a command kind the game does not
// know changes nothing, so the run goes on.
func TestAnUnknownCommandDoesNotBreakTheRun(t *testing.T) {
	g := New(fxData(t), 1)
	_, err := g.Do(Command{Kind: cmdCount})
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrBroken)
	_, err = g.Do(Command{Kind: CmdWait})
	assert.NoError(t, err)
}
