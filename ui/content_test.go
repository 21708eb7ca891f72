package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/rules/vocab"
)

// TestExtraEnemyIsDrawnAndNamed loads an enemy that only a fixture file
// defines, puts it on a drawn road, and checks the map draws it with the
// fixture's glyph and look mode tells the fixture's description, with no
// code of its own.
func TestExtraEnemyIsDrawnAndNamed(t *testing.T) {
	data, err := assets.LoadExtra("../testdata/content/extra_gun.toml", "../testdata/content/extra_enemy.toml")
	require.NoError(t, err)
	fixture, ok := data.Enemies.Get("trike")
	require.True(t, ok)
	h := newHarnessWith(t, data, 80, 24, Options{})
	g := h.startDrawn(drawn(fixture, "T", roadWith("..@.......T")...)...)
	kind := vocab.KindNamed(&data.Enemies, "trike")
	p, ok := nearest(g, kind, data.Van.Vision)
	require.True(t, ok, "the trike drawn ahead is in sight\n%s", h.text())
	van, _ := vanAt(g)

	cam := h.app.roadCamera(&h.app.grid, van)
	sx, sy, inView := cam.screen(p)
	require.True(t, inView, "the trike at %v is in view", p)
	cells, w, _ := h.screen.GetContents()
	assert.Equal(t, rune(fixture.Glyph), cells[sy*w+sx].Runes[0], "drawn with its glyph at %v\n%s", p, h.text())
	assert.Equal(t, rune(fixture.Glyph), h.app.mapCell(p, true).R)
	assert.Equal(t, h.app.looks.damaged[kind].r, rune(fixture.Glyph), "a damaged look of its own")

	h.press(h.keyFor(assets.ActionLook))
	h.moveCursor(van, p)
	assert.Contains(t, h.lookText(), fixture.Description[:40], "look mode tells what it is")
	assert.Contains(t, h.lookText(), "Health 2 of 2")
}
