package archive

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
)

// playRecorded plays n commands of kind k on g through rr.
func playRecorded(t *testing.T, rr *RunRecording, g *game.Game, n int, k game.CommandKind) {
	t.Helper()
	for range n {
		_, err := rr.Do(g, game.Command{Kind: k})
		require.NoError(t, err)
	}
}

// TestContinuedRunsKeepOneRecording covers a run saved, played on and left
// without saving, perhaps with another run started meanwhile: when it is
// continued, its recording is found and cut back to the save, so the run
// still replays as one.
func TestContinuedRunsKeepOneRecording(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name string
		// after saving run A at turn 3 and playing 2 more turns unsaved
		meanwhile func(t *testing.T, dir string)
		ok        bool
	}{
		{name: "quit without saving", meanwhile: func(*testing.T, string) {}, ok: true},
		{name: "another run started", ok: true, meanwhile: func(t *testing.T, dir string) {
			b := game.New(data, 77)
			rr, err := StartRunRecording(dir, b)
			require.NoError(t, err)
			playRecorded(t, rr, b, 1, game.CmdWait)
			require.NoError(t, rr.Close())
		}},
		{name: "recordings lost", ok: false, meanwhile: func(t *testing.T, dir string) {
			require.NoError(t, os.Remove(filepath.Join(dir, CurrentRecording)))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			a := game.New(data, 76)
			rr, err := StartRunRecording(dir, a)
			require.NoError(t, err)
			playRecorded(t, rr, a, 3, game.CmdAccelerate)
			require.NoError(t, SaveFile(dir, a))
			playRecorded(t, rr, a, 2, game.CmdWait)
			require.NoError(t, rr.Close())
			tt.meanwhile(t, dir)
			before, err := FinishedRecordings(dir)
			require.NoError(t, err)

			cont, err := LoadFile(dir, data)
			require.NoError(t, err)
			saved := cont.Hash()
			rr, err = ResumeOrRepair(dir, cont)
			if !tt.ok {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			playRecorded(t, rr, cont, 1, game.CmdSteerDown)
			require.NoError(t, rr.Close())
			rec, err := LoadRecording(filepath.Join(dir, CurrentRecording))
			require.NoError(t, err)
			require.Len(t, rec.Resumes, 1, "the continue is in the recording")
			assert.Equal(t, Resume{Line: 9, After: 3, Hash: saved}, rec.Resumes[0], "after the three saved turns (the header is six lines)")
			v, err := VerifyPartial(data, rec, nil)
			require.NoError(t, err)
			assert.Equal(t, 4, v.Turns, "three turns to the save, one after")
			assert.Equal(t, cont.Hash(), v.Hash)
			after, err := FinishedRecordings(dir)
			require.NoError(t, err)
			for _, path := range after {
				rec, err := LoadRecording(path)
				require.NoError(t, err)
				_, err = VerifyPartial(data, rec, nil)
				assert.NoError(t, err, "%s still replays", path)
			}
			assert.GreaterOrEqual(t, len(after), len(before), "no recording is lost")
		})
	}
}

func TestStepsUpToFindsTheSavedState(t *testing.T) {
	rec := &Recording{Start: 10, Steps: []Step{{Hash: 11}, {Hash: 12}, {Hash: 12, Refused: true}, {Hash: 13}}}
	tests := []struct {
		hash uint64
		n    int
		ok   bool
	}{
		{10, 0, true}, {11, 1, true}, {12, 3, true}, {13, 4, true}, {14, 0, false},
	}
	for _, tt := range tests {
		n, ok := stepsUpTo(rec, tt.hash)
		assert.Equal(t, tt.ok, ok, "hash %d", tt.hash)
		assert.Equal(t, tt.n, n, "hash %d", tt.hash)
	}
}
