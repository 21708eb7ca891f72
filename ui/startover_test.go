package ui

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/assets"
	"lastpost/game"
)

// TestANewRunOverASavedOneAsksFirst starts a run from the title screen and
// with -seed, with and without a saved run, and answers yes or no.
func TestANewRunOverASavedOneAsksFirst(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name    string
		hasSave bool
		seed    bool // as -seed does, else New game on the title
		answer  assets.TextID
		starts  bool
	}{
		{"new game, no save", false, false, "", true},
		{"new game over a save, no", true, false, assets.MenuNo, false},
		{"new game over a save, yes", true, false, assets.MenuYes, true},
		{"-seed, no save", false, true, "", true},
		{"-seed over a save, no", true, true, assets.MenuNo, false},
		{"-seed over a save, yes", true, true, assets.MenuYes, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var started []*game.Game
			opts := Options{Hooks: Hooks{
				HasSave: func() bool { return tt.hasSave },
				Load:    func() (*game.Game, error) { return game.New(data, 42), nil },
				Started: func(g *game.Game) { started = append(started, g) },
			}}
			if tt.seed {
				opts.Start = game.New(data, 7)
			}
			h := newHarnessWith(t, data, 80, 24, opts)
			if !tt.seed {
				h.selectItem(h.app.text(assets.TitleNewGame))
			}
			if tt.answer != "" {
				h.contains(h.app.text(assets.NoticeAbandonSave))
				assert.Empty(t, started, "nothing starts before the answer")
				h.selectItem(h.app.text(tt.answer))
			}
			if tt.starts {
				assert.Len(t, started, 1)
				assert.NotNil(t, h.app.game)
				h.contains("Spd ")
				return
			}
			assert.Empty(t, started)
			assert.Nil(t, h.app.game)
			h.contains(h.app.text(assets.TitleContinue), h.app.text(assets.TitleNewGame))
		})
	}
}

// TestNoticesAreShownOnce shows what the session has to say on the road
// and on the next title screen, each once.
func TestNoticesAreShownOnce(t *testing.T) {
	var pending []string
	opts := Options{Hooks: Hooks{Notice: func() string {
		if len(pending) == 0 {
			return ""
		}
		n := pending[0]
		pending = pending[1:]
		return n
	}}}
	h := newHarness(t, 80, 24, opts)
	h.startRun()
	pending = append(pending, "the recording stopped")
	h.typeKeys("l")
	h.contains("the recording stopped")
	h.typeKeys("l")
	h.lacks("the recording stopped")
}

func TestGoldenDataFolderScreens(t *testing.T) {
	data := loadData(t)
	longErr := errors.New("open /home/a-player-with-a-long-name/.local/share/lastpost/save.lastpost: not a regular file")
	tests := []struct {
		name  string
		hooks Hooks
		reach func(h *harness)
	}{
		{"abandon_save", Hooks{HasSave: func() bool { return true }, Load: func() (*game.Game, error) { return nil, nil }},
			func(h *harness) { h.selectItem(h.app.text(assets.TitleNewGame)) }},
		{"save_failed", Hooks{Save: func(*game.Game) error { return longErr }}, func(h *harness) {
			h.startRun()
			h.press(keyEsc)
			h.selectItem(h.app.text(assets.PauseSaveQuit))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarnessWith(t, data, 80, 24, Options{Hooks: tt.hooks})
			tt.reach(h)
			h.checkGolden(tt.name)
		})
	}
}
