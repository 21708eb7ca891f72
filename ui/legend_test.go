package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// TestTheLegendFollowsTheHelp: Tab, Right, or paging down past the end of
// the controls turns to the legend, and the same keys turn back.
func TestTheLegendFollowsTheHelp(t *testing.T) {
	tests := []struct {
		name  string
		press []key
	}{
		{"tab", []key{keyTab}},
		{"right", []key{keyRight}},
		{"page down to the end and past", []key{keyPgDn, keyPgDn}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{})
			h.startRun()
			h.typeKeys("?")
			h.contains(h.app.text(assets.HelpTitle))
			h.press(tt.press...)
			h.contains(h.app.text(assets.LegendTitle), h.app.text(assets.LookWreck))
			h.press(keyTab)
			h.contains(h.app.text(assets.HelpTitle))
			h.press(keyEsc)
			_, onRoad := h.app.top().(*playView)
			assert.True(t, onRoad, "closing a page goes back to the road")
		})
	}
}

// TestTheLegendDrawsEveryGlyphAsTheMapDoes: every enemy of the data, even
// one only a fixture defines, is listed with its glyph in its map colours.
func TestTheLegendDrawsEveryGlyphAsTheMapDoes(t *testing.T) {
	data, err := assets.LoadExtra("../testdata/content/extra_gun.toml", "../testdata/content/extra_enemy.toml")
	require.NoError(t, err)
	h := newHarnessWith(t, data, 80, 60, Options{})
	h.startRun()
	h.typeKeys("?")
	h.press(keyTab)
	for i, e := range data.Enemies.List {
		line := capitalise(e.Name) + ". "
		y := rowWith(t, h, line)
		want := h.app.looks.kinds[vocab.EnemyKind(i)]
		got := h.app.grid.At(margin+markColumn, y)
		assert.Equal(t, want.r, got.R, "%s drawn with its glyph", e.Name)
		assert.Equal(t, want.on[levelgen.Road], got.S, "%s in its map colour", e.Name)
	}
	for _, g := range data.Guns.List {
		h.contains(h.app.text(assets.LegendBullet, "gun", strings.ToLower(g.Name)))
	}
}

// rowWith returns the screen row that shows s.
func rowWith(t *testing.T, h *harness, s string) int {
	t.Helper()
	for y := range h.app.grid.H {
		if strings.Contains(h.app.grid.Row(y), s) {
			return y
		}
	}
	t.Fatalf("no row shows %q:\n%s", s, h.text())
	return -1
}

// TestTheFirstRunShowsAHint: the first delivery of a first run (no save, no
// high score) shows the basic keys for a few turns; a player with a high
// score or a save does not see them.
func TestTheFirstRunShowsAHint(t *testing.T) {
	tests := []struct {
		name  string
		hooks Hooks
		shown bool
	}{
		{"nothing in the data folder", Hooks{HighScores: func() []Score { return nil }, HasSave: func() bool { return false }}, true},
		{"a high score", Hooks{HighScores: func() []Score { return []Score{{Seed: 3}} }}, false},
		{"a save", Hooks{HasSave: func() bool { return true }}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{Hooks: tt.hooks})
			if tt.hooks.HasSave != nil && tt.hooks.HasSave() {
				h.selectItem(h.app.text(assets.TitleNewGame))
				h.selectItem(h.app.text(assets.MenuYes))
			} else {
				h.startRun()
			}
			if !tt.shown {
				h.lacks("for help and the legend")
				return
			}
			h.contains("for help and the legend")
			for range hintTurns {
				h.typeKeys(".")
			}
			h.lacks("for help and the legend")
		})
	}
}

// TestTheScrollBarSpansTheWholeColumn: the thumb starts at the top row on
// the first page and ends on the bottom row on the last.
func TestTheScrollBarSpansTheWholeColumn(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	h.startRun()
	h.typeKeys("?")
	p, ok := h.app.top().(*pagerView)
	require.True(t, ok)
	rows := p.rows(&h.app.grid)
	require.Greater(t, p.shown, rows, "the help is longer than a screen at 80x24")
	x := h.app.grid.W - 1
	assert.Equal(t, '#', h.app.grid.At(x, 2).R, "first page: thumb at the top")
	assert.Equal(t, '|', h.app.grid.At(x, 1+rows).R)
	for range p.shown {
		h.press(keyDown)
	}
	assert.Equal(t, '#', h.app.grid.At(x, 1+rows).R, "last page: thumb at the bottom\n%s", h.text())
	assert.Equal(t, '|', h.app.grid.At(x, 2).R)
}
