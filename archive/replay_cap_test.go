package archive

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
)

// TestCappedEndForgesNothing cuts finished recordings short and closes
// them with "end capped" and the hash they stop at, as anyone can append:
// the replay refuses them, where it used to call them complete.
func TestCappedEndForgesNothing(t *testing.T) {
	data := loadData(t)
	for _, name := range []string{"auto-0005.rec", "hand-01-give-up-early.rec"} {
		t.Run(name, func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join("..", "testdata", "replays", name[:7]+"*"))
			require.NoError(t, err)
			require.NotEmpty(t, files)
			rec, err := LoadRecording(files[0])
			require.NoError(t, err)
			_, err = Verify(data, rec, nil)
			require.NoError(t, err, "the whole recording verifies")

			rec.Cut(len(rec.Steps) / 2)
			var buf bytes.Buffer
			buf.WriteString(header(rec.Format, rec.Logic, rec.Bot, rec.Content, rec.Fork, rec.Seed, rec.Start))
			for i, st := range rec.Steps {
				buf.Write(appendStep(nil, i+1, st.Cmd, st.Hash, st.Refused))
			}
			fmt.Fprintf(&buf, "end capped %016x\n", rec.Last())
			forged, err := ReadRecording("forged.rec", &buf)
			require.NoError(t, err)
			require.Empty(t, forged.Resumes, "the fixture has no resume lines to keep")
			_, err = Verify(data, forged, nil)
			var desync *DesyncError
			require.ErrorAs(t, err, &desync, "a capped end on a run stopped short is refused")
			assert.Contains(t, err.Error(), `the recording ends "capped", but only a run the bot played`)
		})
	}
}

func TestCapApplies(t *testing.T) {
	tests := []struct {
		name  string
		bot   int
		turns int
		want  bool
	}{
		{"the bot at its limit", game.BotVersion, game.DefaultAutoplayTurns, true},
		{"the bot short of its limit", game.BotVersion, game.DefaultAutoplayTurns - 1, false},
		{"a player at the bot's limit", 0, game.DefaultAutoplayTurns, false},
		{"a player stopped short", 0, 10, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, capApplies(&Recording{Bot: tt.bot}, tt.turns))
		})
	}
}
