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
}

func newTerm(s tcell.Screen) *term { return &term{screen: s} }

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
		t.screen.SetContent(i%g.W, i/g.W, c.R, nil, pal.Terminal(c.S))
	}
	if sync {
		t.screen.Sync()
	} else {
		t.screen.Show()
	}
	t.shows++
}
