package archive

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/recap"
	"lastpost/rules/act"
)

// playOut plays g through the session s: the commands given, then the
// reckless bot's until the run ends.
func playOut(t *testing.T, s *Session, g *game.Game, cmds []game.Command) {
	t.Helper()
	bot := &game.Bot{Style: game.BotReckless}
	for i := 0; g.Phase() != act.PhaseOver; i++ {
		require.Less(t, i, 20000, "the run does not end")
		c := bot.Next(g)
		if i < len(cmds) {
			c = cmds[i]
		}
		r, err := g.Do(c)
		require.NoError(t, err)
		bot.Observe(c, r)
		s.Played(g, c, r)
	}
	s.Ended(g)
}

// TestFinishedRunsLeaveAMorgueFile plays runs to their end through a
// session in a temp data folder and reads the morgue file each leaves,
// numbered as its finished recording.
func TestFinishedRunsLeaveAMorgueFile(t *testing.T) {
	data := loadData(t)
	text := func(id assets.TextID) string { return data.Texts.Get(id) }
	tests := []struct {
		name  string
		cmds  []game.Command
		cause string
	}{
		{name: "destroyed", cause: act.CauseDestroyed},
		{name: "given up", cmds: []game.Command{{Kind: game.CmdAccelerate}, {Kind: game.CmdGiveUp}},
			cause: act.CauseAbandoned},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			s := NewSession(dir, data, nil)
			g := game.New(data, 3)
			s.Started(g)
			playOut(t, s, g, tt.cmds)
			require.Equal(t, tt.cause, g.Run.Cause)
			assert.Empty(t, s.Notice())

			b, err := os.ReadFile(filepath.Join(dir, "morgue-1.txt"))
			require.NoError(t, err)
			m := string(b)
			assert.Equal(t, recap.Morgue(data, g, "run-1.rec"), m)
			assert.FileExists(t, filepath.Join(dir, "run-1.rec"))
			row := func(label string, v any) string { return label + ": " + toString(v) + "\n" }
			for _, want := range []string{
				row(text(assets.EndSeed), g.Run.Seed),
				row(text(assets.EndCause), recap.Cause(data, tt.cause)),
				row(text(assets.EndDeliveries), g.Run.Delivery),
				row(text(assets.EndTurns), g.Run.Turns),
				row(text(assets.EndKilled), g.Run.Kills),
				row(text(assets.MorgueMoney), g.Money()),
				row(text(assets.MorgueRecording), "run-1.rec"),
				text(assets.MorgueVan) + ": ",
				text(assets.MorgueGuns),
				text(assets.GarageFront) + ": ",
				text(assets.EndLastMessages),
			} {
				assert.Contains(t, m, want)
			}
			last := g.Log().Last(recap.MorgueMessages)
			require.NotEmpty(t, last)
			for _, e := range last {
				assert.Contains(t, m, "  "+recap.Entry(data, e)+"\n")
			}
			if tt.cause == act.CauseDestroyed {
				assert.Contains(t, m, recap.DeathCause(data, g))
			}
		})
	}
}

func toString(v any) string {
	switch v := v.(type) {
	case int:
		return strconv.Itoa(v)
	case uint64:
		return strconv.FormatUint(v, 10)
	}
	return v.(string)
}

// TestMorgueNumbers checks a morgue file takes its recording's number, a
// run without a recording the next free one, and none is written over.
func TestMorgueNumbers(t *testing.T) {
	tests := []struct {
		name      string
		files     []string
		recording string
		want      string
	}{
		{name: "its recording's", files: []string{"run-1.rec", "run-2.rec"}, recording: "run-2.rec", want: "morgue-2.txt"},
		{name: "unrecorded, empty folder", want: "morgue-1.txt"},
		{name: "unrecorded, after all", files: []string{"run-4.rec", "morgue-6.txt"}, want: "morgue-7.txt"},
		{name: "taken", files: []string{"run-3.rec", "morgue-3.txt"}, recording: "run-3.rec", want: "morgue-4.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tt.files {
				require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte("old"), 0o644))
			}
			path, err := WriteMorgue(dir, tt.recording, []byte("new"))
			require.NoError(t, err)
			assert.Equal(t, filepath.Join(dir, tt.want), path)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, "new", string(b))
		})
	}
}
