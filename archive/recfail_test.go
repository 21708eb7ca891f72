package archive

import (
	"io"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
)

// diskFull fails every write with ENOSPC while full is set, as a full disk
// does, and passes them on once space is freed.
type diskFull struct {
	w    io.Writer
	full *bool
}

func (d *diskFull) Write(p []byte) (int, error) {
	if *d.full {
		return 0, syscall.ENOSPC
	}
	return d.w.Write(p)
}

// TestARecordingThatFailsIsToldAndWrittenAgain fills the disk at the start
// of a run or in its middle, then frees it: the player is told once, the
// next camp writes the recording whole again, and it replays the run.
func TestARecordingThatFailsIsToldAndWrittenAgain(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name     string
		fullFrom int // turns played before the disk fills
	}{
		{"full at the start", 0},
		{"full in the middle", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			full := false
			s := NewSession(dir, data, nil)
			s.wrap = func(w io.Writer) io.Writer { return &diskFull{w: w, full: &full} }
			g := game.New(data, 3)
			play := func(n int) {
				for range n {
					c := game.Command{Kind: game.CmdWait}
					s.Playing(g, c)
					r, err := g.Do(c)
					require.NoError(t, err)
					s.Played(g, c, r)
				}
			}
			full = tt.fullFrom == 0
			s.Started(g)
			play(tt.fullFrom)
			full = true
			play(3)
			failed := data.Texts.Format(assets.NoticeRecordingFailed, "error", syscall.ENOSPC)
			assert.Equal(t, failed, s.Notice(), "the player is told")
			play(2)
			assert.Empty(t, s.Notice(), "once")

			full = false
			s.Camp(g)
			assert.Equal(t, data.Texts.Get(assets.NoticeRecordingBack), s.Notice())
			play(2)
			s.Close()

			rec, err := LoadRecording(filepath.Join(dir, CurrentRecording))
			require.NoError(t, err)
			v, err := VerifyPartial(data, rec, nil)
			require.NoError(t, err, "a run still open has no end line yet")
			assert.Equal(t, tt.fullFrom+7, v.Turns, "every turn is recorded")
			assert.Equal(t, g.Hash(), v.Hash)
		})
	}
}
