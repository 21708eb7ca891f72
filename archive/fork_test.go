package archive

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
)

// TestTakeTheWheelKeepsThePrefix watches a corpus run to a command, takes
// the wheel there and plays on differently: the run's recording holds the
// source's commands up to there, marked as a fork, then the player's own,
// and verifies; its score goes to the forks' table, never the high scores.
func TestTakeTheWheelKeepsThePrefix(t *testing.T) {
	data := loadData(t)
	src, err := LoadRecording(filepath.Join(corpusDir, "auto-0005.rec"))
	require.NoError(t, err)
	p, err := NewPlayer(data, src, nil)
	require.NoError(t, err)
	const at = 12
	require.NoError(t, p.Seek(at))

	dir := t.TempDir()
	s := NewSession(dir, data, nil)
	defer s.Close()
	g := p.Game()
	require.NoError(t, s.TakeWheel(src, at, g))
	s.Started(g)
	for _, k := range []game.CommandKind{game.CmdSteerUp, game.CmdSteerUp, game.CmdGiveUp} {
		c := game.Command{Kind: k}
		s.Playing(g, c)
		r, _ := g.Do(c)
		s.Played(g, c, r)
	}
	s.Ended(g)

	runs, err := FinishedRecordings(dir)
	require.NoError(t, err)
	require.Len(t, runs, 1)
	rec, err := LoadRecording(runs[0])
	require.NoError(t, err)
	require.NotNil(t, rec.Fork)
	assert.Equal(t, Fork{Source: "auto-0005.rec", At: at}, *rec.Fork)
	assert.Len(t, rec.Steps, at+3)
	for i := range at {
		assert.Equal(t, src.Steps[i].Cmd, rec.Steps[i].Cmd, "command %d is the source's", i+1)
		assert.Equal(t, src.Steps[i].Hash, rec.Steps[i].Hash)
	}
	_, err = Verify(data, rec, nil)
	require.NoError(t, err, "the fork replays from the seed through the source's commands")

	table, err := LoadScores(dir)
	require.NoError(t, err)
	assert.Empty(t, table, "a fork's score stays out of the high scores")
	forks, err := os.ReadFile(filepath.Join(dir, ForksName))
	require.NoError(t, err)
	sum := SummaryOf(&g.Run)
	assert.Equal(t, fmt.Sprintf("fork auto-0005.rec at=12 deliveries=%d earned=%d turns=%d cause=%s recording=%s\n",
		sum.Deliveries, sum.Earned, sum.Turns, sum.Cause, filepath.Base(runs[0])), string(forks))
}

// TestForkLineReadsBack writes and reads a recording's fork line, and
// refuses malformed ones.
func TestForkLineReadsBack(t *testing.T) {
	data := loadData(t)
	src := recordWith(t, data, 3)
	f := ForkOf(src, 2, game.New(data, 3))
	var b bytes.Buffer
	_, err := f.WriteTo(&b)
	require.NoError(t, err)
	assert.Contains(t, b.String(), "\nfork run.rec 2\nseed 3\n")
	back, err := ReadRecording("f.rec", bytes.NewReader(b.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, &Fork{Source: "run.rec", At: 2}, back.Fork)
	assert.Len(t, back.Steps, 2)

	for _, bad := range []string{"fork run.rec\n", "fork run.rec two\n", "fork  2\n", "fork a b 2\n"} {
		text := bytes.Replace(b.Bytes(), []byte("fork run.rec 2\n"), []byte(bad), 1)
		_, err := ReadRecording("f.rec", bytes.NewReader(text))
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "f.rec:4: expected \"fork <recording> <command>\"", bad)
	}
}
