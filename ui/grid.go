package ui

import "strings"

// Cell is one character cell of the screen: a rune and its style.
type Cell struct {
	R rune
	S Style
}

// blankCell is what an empty part of the screen holds.
var blankCell = Cell{R: ' '}

// Grid is a screen-sized buffer of cells that frames are drawn into before
// they reach the terminal. Writes outside the grid are ignored, so drawing
// code never needs to clip.
type Grid struct {
	W, H  int
	Cells []Cell
}

// Resize makes the grid w x h and blank. Negative sizes count as zero.
func (g *Grid) Resize(w, h int) {
	w, h = max(w, 0), max(h, 0)
	g.W, g.H = w, h
	if cap(g.Cells) >= w*h {
		g.Cells = g.Cells[:w*h]
	} else {
		g.Cells = make([]Cell, w*h)
	}
	g.Clear()
}

// Clear blanks every cell.
func (g *Grid) Clear() {
	for i := range g.Cells {
		g.Cells[i] = blankCell
	}
}

// Set writes one cell; outside the grid it does nothing.
func (g *Grid) Set(x, y int, c Cell) {
	if x < 0 || y < 0 || x >= g.W || y >= g.H {
		return
	}
	g.Cells[y*g.W+x] = c
}

// At returns the cell at (x, y), or a blank cell outside the grid.
func (g *Grid) At(x, y int) Cell {
	if x < 0 || y < 0 || x >= g.W || y >= g.H {
		return blankCell
	}
	return g.Cells[y*g.W+x]
}

// Text writes s from (x, y) rightward in style st, one column per rune,
// cut at the grid's edge, and returns the column after the last rune.
func (g *Grid) Text(x, y int, s string, st Style) int {
	for _, r := range s {
		g.Set(x, y, Cell{R: r, S: st})
		x++
	}
	return x
}

// Fill paints the rectangle (x, y, w, h) with c.
func (g *Grid) Fill(x, y, w, h int, c Cell) {
	for row := y; row < y+h; row++ {
		for col := x; col < x+w; col++ {
			g.Set(col, row, c)
		}
	}
}

// Row returns line y as plain text, trailing blanks kept.
func (g *Grid) Row(y int) string {
	var b strings.Builder
	for x := range g.W {
		r := g.At(x, y).R
		if r == 0 {
			r = ' '
		}
		b.WriteRune(r)
	}
	return b.String()
}

// String returns the grid as plain text, one line per row with trailing
// blanks trimmed: the form of the golden screen dumps.
func (g *Grid) String() string {
	var b strings.Builder
	for y := range g.H {
		b.WriteString(strings.TrimRight(g.Row(y), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// wrap breaks text into lines of at most width runes at spaces; a word
// longer than the width is cut.
func wrap(text string, width int) []string {
	if width < 1 {
		return nil
	}
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		lines = append(lines, wrapParagraph(para, width)...)
	}
	return lines
}

func wrapParagraph(para string, width int) []string {
	var lines []string
	line := []rune{}
	for _, word := range strings.Fields(para) {
		w := []rune(word)
		for len(w) > width {
			if len(line) > 0 {
				lines = append(lines, string(line))
				line = line[:0]
			}
			lines = append(lines, string(w[:width]))
			w = w[width:]
		}
		switch {
		case len(line) == 0:
			line = append(line, w...)
		case len(line)+1+len(w) <= width:
			line = append(append(line, ' '), w...)
		default:
			lines = append(lines, string(line))
			line = append(line[:0], w...)
		}
	}
	if len(line) > 0 || len(lines) == 0 {
		lines = append(lines, string(line))
	}
	return lines
}
