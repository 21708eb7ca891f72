package ai

import (
	"fmt"
	"strings"

	"lastpost/ecs/geom"
)

// Map is what an actor knows of the terrain. Solid cells (wrecks and
// barrels) block walkers and vehicles; acid cells eat tyres. Implementations
// should report cells outside the map as solid; this package also guards the
// edge itself, so a lenient implementation does no harm.
type Map interface {
	Size() (w, h int)
	Solid(p geom.Point) bool
	Acid(p geom.Point) bool
}

// blocked reports whether p is off the map or solid.
func blocked(m Map, p geom.Point) bool {
	w, h := m.Size()
	return !p.In(w, h) || m.Solid(p)
}

// acidAt reports whether p is an acid cell on the map.
func acidAt(m Map, p geom.Point) bool {
	w, h := m.Size()
	return p.In(w, h) && m.Acid(p)
}

// GridMap is a small in-memory Map, meant for tests and tools. Build it with
// ParseGrid.
type GridMap struct {
	w, h  int
	solid []bool
	acid  []bool
}

// ParseGrid builds a GridMap from rows of text, top row first. '#' (wreck)
// and 'o' (barrel) are solid, '~' is acid, and every other character is open
// ground, so callers may mark actors on the same drawing. All rows must have
// the same length.
func ParseGrid(rows ...string) (*GridMap, error) {
	g := &GridMap{h: len(rows)}
	if g.h > 0 {
		g.w = len(rows[0])
	}
	g.solid = make([]bool, g.w*g.h)
	g.acid = make([]bool, g.w*g.h)
	for y, row := range rows {
		if len(row) != g.w {
			return nil, fmt.Errorf("ai: grid row %d has %d cells, want %d", y, len(row), g.w)
		}
		for x := range len(row) {
			g.solid[y*g.w+x] = row[x] == '#' || row[x] == 'o'
			g.acid[y*g.w+x] = row[x] == '~'
		}
	}
	return g, nil
}

// Find returns, in reading order, every cell of rows holding the byte c. It
// lets a test mark actors on the drawing it gives to ParseGrid.
func Find(rows []string, c byte) []geom.Point {
	var out []geom.Point
	for y, row := range rows {
		for x := range len(row) {
			if row[x] == c {
				out = append(out, geom.Pt(x, y))
			}
		}
	}
	return out
}

// Size returns the width and height of the grid.
func (g *GridMap) Size() (w, h int) { return g.w, g.h }

// Solid reports whether p is a wreck or barrel; cells off the grid are solid.
func (g *GridMap) Solid(p geom.Point) bool {
	return !p.In(g.w, g.h) || g.solid[p.Y*g.w+p.X]
}

// Acid reports whether p is acid; cells off the grid are not.
func (g *GridMap) Acid(p geom.Point) bool {
	return p.In(g.w, g.h) && g.acid[p.Y*g.w+p.X]
}

// SetSolid marks p solid or open; points off the grid are ignored.
func (g *GridMap) SetSolid(p geom.Point, solid bool) {
	if p.In(g.w, g.h) {
		g.solid[p.Y*g.w+p.X] = solid
	}
}

// String draws the grid with '#' for solid, '~' for acid and '.' for open
// ground, one line per row.
func (g *GridMap) String() string {
	var b strings.Builder
	for y := range g.h {
		for x := range g.w {
			switch p := geom.Pt(x, y); {
			case g.Solid(p):
				b.WriteByte('#')
			case g.Acid(p):
				b.WriteByte('~')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
