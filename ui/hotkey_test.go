package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/assets/config"
	"lastpost/rules/act"
)

func TestMenuHotkeysPickTheirItems(t *testing.T) {
	tests := []struct {
		name string
		// reach brings a fresh harness to the menu.
		reach func(t *testing.T) *harness
		keys  string
		check func(t *testing.T, h *harness)
	}{
		{"title n starts a run", onTitle, "n", func(t *testing.T, h *harness) {
			assert.NotNil(t, h.app.game)
		}},
		{"title o opens the controls", onTitle, "o", func(t *testing.T, h *harness) {
			assert.IsType(t, &controlsView{}, h.app.top())
		}},
		{"title s opens the high scores", onTitle, "s", func(t *testing.T, h *harness) {
			h.contains(h.app.text(assets.ScoresTitle))
		}},
		{"title q quits", onTitle, "q", func(t *testing.T, h *harness) {
			assert.True(t, h.app.quit)
		}},
		{"pause r resumes", onPause, "r", func(t *testing.T, h *harness) {
			h.lacks(h.app.text(assets.PauseTitle))
		}},
		{"pause q then y quits", onPause, "qy", func(t *testing.T, h *harness) {
			assert.True(t, h.app.quit)
		}},
		{"pause q then n does not", onPause, "qn", func(t *testing.T, h *harness) {
			assert.False(t, h.app.quit)
			h.contains(h.app.text(assets.PauseTitle))
		}},
		{"pause u then y gives up", onPause, "uy", func(t *testing.T, h *harness) {
			assert.Equal(t, act.PhaseOver, h.app.game.Phase())
		}},
		{"camp t opens the trader", onCamp, "t", func(t *testing.T, h *harness) {
			h.contains(h.app.text(assets.ShopTitle, "bank", h.app.game.Money()))
		}},
		{"camp g opens the garage", onCamp, "g", func(t *testing.T, h *harness) {
			h.contains(h.app.text(assets.GarageTitle))
		}},
		{"camp i opens the inventory", onCamp, "i", func(t *testing.T, h *harness) {
			h.contains(h.app.text(assets.InventoryTitle, "count", 0, "capacity", h.app.data.Van.InventoryCapacity))
		}},
		{"camp r goes back on the road", onCamp, "r", func(t *testing.T, h *harness) {
			assert.Equal(t, act.PhaseRoad, h.app.game.Phase())
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := tt.reach(t)
			h.typeKeys(tt.keys)
			tt.check(t, h)
		})
	}
}

func onTitle(t *testing.T) *harness { return newHarness(t, 80, 24, Options{}) }

func onPause(t *testing.T) *harness {
	h := newHarness(t, 80, 24, Options{})
	h.startRun()
	h.press(keyEsc)
	return h
}

func onCamp(t *testing.T) *harness { return atCamp(t, Options{}) }

func TestMenuHotkeysShowOnTheirItems(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	a := h.app
	for _, it := range []struct {
		key   string
		label assets.TextID
	}{{"n", assets.TitleNewGame}, {"o", assets.TitleControls}, {"s", assets.TitleHighScores}, {"q", assets.TitleQuit}} {
		h.contains(a.text(assets.MenuHotkey, "key", it.key, "label", a.text(it.label)))
	}
}

func TestABoundMenuKeyWinsOverAHotkey(t *testing.T) {
	data := loadData(t)
	n := assets.Key{Rune: 'n'}
	down := append(keysOf(data.Keys, assets.ContextMenu, assets.ActionMenuDown), n)
	data.Keys = config.SetKeys(data.Keys, assets.ContextMenu, assets.ActionMenuDown, down)
	h := newHarnessWith(t, data, 80, 24, Options{})
	a := h.app
	h.lacks(a.text(assets.MenuHotkey, "key", "n", "label", a.text(assets.TitleNewGame)))
	h.contains(a.text(assets.MenuHotkey, "key", "o", "label", a.text(assets.TitleControls)))
	m, ok := a.top().(*menuView)
	require.True(t, ok)
	h.typeKeys("n")
	assert.Nil(t, a.game, "n moves down the list now")
	assert.Equal(t, 1, m.sel)
}
