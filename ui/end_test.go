package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestTheEndScreenKeepsRoomForTheLastMessages: at 80x24 a van destroyed on
// a daily road has the proof notice and the morgue row on its end screen
// as well as the summary; the summary then folds into two columns so that
// the last messages, which say what ended the run, still show at least
// lastMessagesMin lines. Every summary row is still there. Lines the log
// took after the death (a blast that killed the van goes on hitting what
// stood near) do not push the death off the screen.
func TestTheEndScreenKeepsRoomForTheLastMessages(t *testing.T) {
	tests := []struct {
		name   string
		daily  bool // the data folder tells the day's proof as the run ends
		morgue string
		golden string
		// after is how many lines the log takes after the death.
		after int
	}{
		{"a plain run", false, "", "", 0},
		{"a daily run with its proof and morgue file", true, "~/.local/share/lastpost/morgue-3.txt", "end_daily", 0},
		{"lines after the death", false, "", "", 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := loadData(t)
			proved := data.Texts.Format(assets.NoticeDailyProved, "path", "~/.local/share/lastpost/daily/2026-11-25.txt")
			var h *harness
			notice := func() string {
				if !tt.daily || h == nil || h.app.game == nil || h.app.game.Phase() != act.PhaseOver {
					return ""
				}
				tt.daily = false // told once
				return proved
			}
			h = newHarnessWith(t, data, 80, 24, Options{Hooks: Hooks{Notice: notice, Morgue: func() string { return tt.morgue }}})
			walker := firstEnemy(t, data, "a walker that claws", func(e assets.Enemy) bool {
				return walks(e) && e.BumpText == assets.MsgClawedBy
			})
			g := h.standAmong(walker)
			a := h.app
			want := g.Log().Last(lastMessagesMin)
			require.Equal(t, assets.MsgDied, want[len(want)-1].Msg.ID, "precondition: the death is the last line")
			for i := range tt.after {
				aftermath := vocab.Message{ID: assets.MsgShrapnelHits, Victim: walker.Name, N: i + 1, Of: ecs.Entity(1000 + i)}
				g.Log().Add(aftermath, g.Run.Turns)
			}
			a.redraw(false)
			screen := h.text()
			require.Contains(t, screen, a.text(assets.EndLastMessages), "\n%s", screen)
			for _, e := range want {
				assert.Contains(t, screen, a.entryText(e), "\n%s", screen)
			}
			if tt.after > 0 {
				assert.NotContains(t, screen, a.entryText(g.Log().Last(1)[0]), "\n%s", screen)
			}
			for _, row := range a.summary(false) {
				assert.Contains(t, screen, row[0], "\n%s", screen)
			}
			if tt.morgue != "" {
				assert.Contains(t, screen, tt.morgue)
			}
			if tt.golden != "" {
				words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
				assert.Contains(t, words(screen), words(proved), "the proof notice shows whole")
				h.checkGolden(tt.golden)
			}
		})
	}
}
