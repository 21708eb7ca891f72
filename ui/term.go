package ui

import "github.com/gdamore/tcell/v2"

// invalidCell never equals a drawn cell, so a front buffer full of it makes
// the next flush write every cell.
var invalidCell = Cell{R: -1}

// term hands frames to a tcell screen. It remembers what it last gave the
// screen (the front buffer) and passes on only the cells that changed.
type term struct {
	screen tcell.Screen
	front  []Cell
	w, h   int
	// shows counts Show and Sync calls, for tests and benchmarks.
	shows int
	// glyphs holds the strings of the runes beyond printable ASCII that
	// have been drawn, so a changed cell reaches tcell without building
	// its string again (SetContent builds a rune slice and a string for
	// every cell it is given).
	glyphs map[rune]string
}

func newTerm(s tcell.Screen) *term { return &term{screen: s, glyphs: map[rune]string{}} }

// printable is printable ASCII in order, from the space on: the string of
// such a rune is a slice of it.
const printable = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// glyph returns r as a string, as tcell takes a cell's content.
func (t *term) glyph(r rune) string {
	if r >= ' ' && r <= '~' {
		return printable[r-' ' : r-' '+1]
	}
	s, ok := t.glyphs[r]
	if !ok {
		s = string(r)
		t.glyphs[r] = s
	}
	return s
}

// size returns the screen's size now.
func (t *term) size() (int, int) { return t.screen.Size() }

// invalidate forgets the front buffer, so the next flush redraws everything.
func (t *term) invalidate() {
	for i := range t.front {
		t.front[i] = invalidCell
	}
}

// flush sends the cells of g that changed since the last flush, then shows
// them. With sync it repaints the whole terminal (after a resize).
func (t *term) flush(g *Grid, pal *Palette, sync bool) {
	if g.W != t.w || g.H != t.h || len(t.front) != len(g.Cells) {
		t.w, t.h = g.W, g.H
		t.front = make([]Cell, len(g.Cells))
		t.invalidate()
	}
	for i, c := range g.Cells {
		if t.front[i] == c {
			continue
		}
		t.front[i] = c
		t.screen.Put(i%g.W, i/g.W, t.glyph(c.R), pal.Terminal(c.S))
	}
	if sync {
		t.screen.Sync()
	} else {
		t.screen.Show()
	}
	t.shows++
}
