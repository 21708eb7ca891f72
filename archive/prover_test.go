package archive

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
)

// TestProofsAreBounded checks a recording past the cost bound is not
// replayed at all: too many resume lines (each a save and a load; these
// are all valid, so the replay would prove the score after a long while)
// or too many commands.
func TestProofsAreBounded(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name  string
		spoil func(rec *Recording)
	}{
		{"resume lines", func(rec *Recording) {
			for range MaxProofResumes + 1 {
				rec.Resumes = append(rec.Resumes, Resume{After: 3, Hash: rec.Steps[2].Hash})
			}
		}},
		{"commands", func(rec *Recording) {
			last := rec.Steps[len(rec.Steps)-1]
			rec.Steps = rec.Steps[:len(rec.Steps)-1]
			for len(rec.Steps) <= MaxProofCommands {
				rec.Steps = append(rec.Steps, Step{Cmd: game.Command{Kind: game.CmdWait}, Hash: 1})
			}
			rec.Steps = append(rec.Steps, last)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			e := endRecorded(t, data, dir, 4, 12)
			path := filepath.Join(dir, e.Recording)
			rec, err := LoadRecording(path)
			require.NoError(t, err)
			require.Equal(t, ScoreProven, ProveScore(dir, data, e))
			tt.spoil(rec)
			require.NoError(t, writeRecording(path, rec))
			assert.Equal(t, ScoreTooLong, ProveScore(dir, data, e))
		})
	}
}

// TestProofsOfTooLargeAFileReadNothing checks a recording larger than any
// within the bound is refused from its size.
func TestProofsOfTooLargeAFileReadNothing(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	e := endRecorded(t, data, dir, 4, 12)
	require.NoError(t, os.Truncate(filepath.Join(dir, e.Recording), maxProofSize+1))
	assert.Equal(t, ScoreTooLong, ProveScore(dir, data, e))
}

// TestAProofStops checks a proof asked to stop ends at once, unproven.
func TestAProofStops(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	e := endRecorded(t, data, dir, 4, 12)
	assert.Equal(t, ScoreStopped, NewProver(dir, data).Prove(e, func() bool { return true }))
}

// TestCopiesOfOneRunProveOneScore fills a table with ten entries naming ten
// copies of one recording: only the first proves.
func TestCopiesOfOneRunProveOneScore(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	e := endRecorded(t, data, dir, 4, 12)
	b, err := os.ReadFile(filepath.Join(dir, e.Recording))
	require.NoError(t, err)
	table := Scores{e}
	for n := 2; n <= MaxScores; n++ {
		name := finishedPrefix + strconv.Itoa(n) + finishedSuffix
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o600))
		c := e
		c.Recording = name
		table = append(table, c)
	}
	require.NoError(t, writeScores(dir, table))
	s := NewSession(dir, data, nil)
	var got []ScoreProof
	s.ProveScores(s.HighScores(), nil, func(i int, p ScoreProof) {
		require.Equal(t, len(got), i, "in order")
		got = append(got, p)
	})
	want := []ScoreProof{ScoreProven}
	for range MaxScores - 1 {
		want = append(want, ScoreUnproven)
	}
	assert.Equal(t, want, got)
}

// TestABotRunIsNoPlayersScore names a recording the bot played in an
// entry that sums it up exactly: it replays, but it is not proven.
func TestABotRunIsNoPlayersScore(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	var buf bytes.Buffer
	_, err := Autoplay(data, 3, game.DefaultAutoplayTurns, game.BotReckless, &buf, nil)
	require.NoError(t, err)
	rec, err := ReadRecording("bot", bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	p, err := NewPlayer(data, rec, nil)
	require.NoError(t, err)
	require.NoError(t, p.Seek(p.Len()))
	require.NoError(t, p.CheckEnd(false), "the bot's recording verifies")
	e := SummaryOf(&p.Game().Run)
	e.Recording = "run-1.rec"
	require.NoError(t, os.WriteFile(filepath.Join(dir, e.Recording), buf.Bytes(), 0o600))
	assert.Equal(t, ScoreUnproven, ProveScore(dir, data, e))
}

// writeScores writes table as dir's high-score file.
func writeScores(dir string, table Scores) error {
	b, err := table.Marshal()
	if err != nil {
		return err
	}
	return writeAtomic(ScoresPath(dir), b)
}
