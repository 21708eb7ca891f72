package archive

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
	"lastpost/rules/act"
)

// TestARetiredRunIsRecordedAndScored: a recording may end with a retired
// run's end line and its retire command, and the high-score table keeps a
// retired run.
func TestARetiredRunIsRecordedAndScored(t *testing.T) {
	text := "lastpost-recording 2\nlogic 1\nseed 42\nstart 00000000000000ff\n" +
		"1 retire 0123456789abcdef\nend retired 0123456789abcdef\n"
	rec, err := ReadRecording("r.rec", strings.NewReader(text))
	require.NoError(t, err)
	require.NotNil(t, rec.End)
	assert.Equal(t, act.CauseRetired, rec.End.Cause)
	require.Len(t, rec.Steps, 1)
	assert.Equal(t, game.CmdRetire, rec.Steps[0].Cmd.Kind)

	body := `[{"deliveries":10,"letters":12,"earned":900,"kills":30,"turns":800,"won":true,"cause":"retired"}]`
	s, err := ParseScores(scoresFrame.encode([]byte(body)))
	require.NoError(t, err)
	require.Len(t, s, 1)
	assert.Equal(t, act.CauseRetired, s[0].Cause)
}
