package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/rules/act"
)

// TestRetireEndsOnlyAWonRun: at a camp before the last settlement, retiring
// is refused and told; once the run is won it ends the run with its own
// cause; on the road it cannot be done.
func TestRetireEndsOnlyAWonRun(t *testing.T) {
	g := campAt(t, 0, nil, nil, nil)
	campRefused(t, g, Command{Kind: CmdRetire}, assets.PromptNotWon)

	g.Run.Won = true
	res, err := g.Do(Command{Kind: CmdRetire})
	require.NoError(t, err)
	assert.True(t, res.Took)
	assert.Equal(t, act.PhaseOver, g.Phase())
	assert.Equal(t, act.CauseRetired, g.Run.Cause)
	assert.True(t, act.IsCause(g.Run.Cause))

	road := New(campData(t), 4)
	road.Run.Won = true
	res, err = road.Do(Command{Kind: CmdRetire})
	require.NoError(t, err)
	assert.False(t, res.Took, "no retiring at the wheel")
	assert.Equal(t, assets.PromptNotNow, res.Refusal.ID)
}

// TestRetireIsWrittenAndReadBack: the command survives a recording's text.
func TestRetireIsWrittenAndReadBack(t *testing.T) {
	c := Command{Kind: CmdRetire}
	back, err := ParseCommand(c.String())
	require.NoError(t, err)
	assert.Equal(t, c, back)
	assert.Equal(t, "retire", c.String())
}
