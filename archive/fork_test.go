package archive

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
	entries, err := Forks(dir)
	require.NoError(t, err)
	want := ForkEntry{Fork: Fork{Source: "auto-0005.rec", At: at}, Recording: filepath.Base(runs[0]),
		Summary: Summary{Deliveries: sum.Deliveries, Earned: sum.Earned, Turns: sum.Turns, Cause: sum.Cause}}
	assert.Equal(t, []ForkEntry{want}, entries, "the forks' table reads back what the fork's end wrote")
	assert.Equal(t, filepath.Base(s.Morgue()), filepath.Base(MorguePath(dir, 1)), "the fork's morgue file is named for the end screen")
}

// TestForksTableReadsBackAndNamesABadLine reads forks.txt: each line as
// written, none when the file is not there, and a line it cannot read
// named by its number after the lines before it.
func TestForksTableReadsBackAndNamesABadLine(t *testing.T) {
	dir := t.TempDir()
	none, err := Forks(dir)
	require.NoError(t, err)
	assert.Empty(t, none, "no fork ended yet")

	good := []ForkEntry{
		{Fork: Fork{Source: "auto-0005.rec", At: 12}, Recording: "run-3.rec",
			Summary: Summary{Deliveries: 1, Earned: 60, Turns: 40, Cause: "abandoned"}},
		{Fork: Fork{Source: "run-3.rec", At: 0}, Summary: Summary{Cause: "destroyed"}},
	}
	var text strings.Builder
	for _, e := range good {
		text.WriteString(e.String() + "\n")
	}
	path := filepath.Join(dir, ForksName)
	require.NoError(t, os.WriteFile(path, []byte(text.String()+"\n"), 0o644))
	got, err := Forks(dir)
	require.NoError(t, err)
	assert.Equal(t, good, got)

	require.NoError(t, os.WriteFile(path, []byte(text.String()+"fork x.rec at=two\n"), 0o644))
	got, err = Forks(dir)
	require.Error(t, err)
	assert.Contains(t, err.Error(), ForksName+":3: ")
	assert.Equal(t, good, got, "the lines before the bad one are read")
}

// TestParseForkEntryErrors feeds lines that are not a fork's.
func TestParseForkEntryErrors(t *testing.T) {
	tests := []struct{ name, line, want string }{
		{"empty", "", "not a fork's line"},
		{"a daily proof", "lastpost-daily 1 2026-11-25", "not a fork's line"},
		{"a field short", "fork a.rec at=1 deliveries=1 earned=2 turns=3 cause=destroyed", "not a fork's line"},
		{"fields out of order", "fork a.rec deliveries=1 at=1 earned=2 turns=3 cause=destroyed recording=run-1.rec", "expected at=… as field 3"},
		{"bad count", "fork a.rec at=1 deliveries=-1 earned=2 turns=3 cause=destroyed recording=run-1.rec", "deliveries \"-1\" is not a count"},
		{"padded count", "fork a.rec at=01 deliveries=1 earned=2 turns=3 cause=destroyed recording=run-1.rec", "at \"01\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseForkEntry(tt.line)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
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
