package ui

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/assets"
)

// TestFlushMatchesSetContent checks that a flush, which hands tcell each
// changed cell's rune as a kept string, leaves the screen as setting every
// cell with SetContent does: random frames of ASCII, wider runes, the
// glyphs of the data and odd values, one after another on the same screen.
func TestFlushMatchesSetContent(t *testing.T) {
	data := loadData(t)
	pal := NewPalette(data.Colours, Depth256)
	runes := []rune{0, 1, ' ', '~', 0x7f, 0xa0, '·', '░', '▓', '→', '≈', '\u2588'}
	for r := rune(' '); r <= '~'; r++ {
		runes = append(runes, r)
	}
	for _, tile := range []assets.Tile{assets.TileDirt, assets.TileRoad, assets.TileUnknown, assets.TileVan} {
		runes = append(runes, rune(data.Colours.Tile(tile).Glyph))
	}
	const w, h = 20, 6
	ours, want := simScreen(t, w, h), simScreen(t, w, h)
	tm := newTerm(ours)
	rng := rand.New(rand.NewPCG(3, 4))
	g := Grid{}
	g.Resize(w, h)
	for frame := range 30 {
		for i := range g.Cells {
			if frame == 0 || rng.IntN(4) == 0 {
				g.Cells[i] = Cell{R: runes[rng.IntN(len(runes))], S: Style(rng.IntN(len(pal.styles)))}
			}
		}
		tm.flush(&g, pal, false)
		naiveFlush(want, pal, &g)
		for y := range h {
			for x := range w {
				gotS, gotSt, gotW := ours.Get(x, y)
				wantS, wantSt, wantW := want.Get(x, y)
				require.Equal(t, wantS, gotS, "frame %d cell %d,%d", frame, x, y)
				require.Equal(t, wantSt, gotSt, "frame %d cell %d,%d", frame, x, y)
				require.Equal(t, wantW, gotW, "frame %d cell %d,%d", frame, x, y)
			}
		}
	}
}
