package levelgen

import (
	"fmt"
	"strings"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

// The ASCII legend of the ground: one character per cell. A spawn hides
// the terrain under it and the start hides both. Each thing has its own
// character (assets.Thing.Char): wreck '#', barrel '0', letter '=', and an
// enemy its map_char, with the shipped data zombie 'z', car 'c', bike 'b'.
const (
	charRoad  = '.'
	charDirt  = ','
	charAcid  = '~'
	charStart = '@'
)

// terrainChars maps each Terrain to its character; Void never appears.
var terrainChars = [...]byte{Void: '?', Dirt: charDirt, Road: charRoad, Acid: charAcid}

// ASCII draws the level as H lines of W characters, each ending in a
// newline. The legend is: road '.', dirt ',', acid '~', start '@', and
// each thing's own character. It is meant for tests, golden files and
// debugging, not for players.
func (l *Level) ASCII() string {
	grid := make([]byte, l.W*l.H)
	for i, t := range l.Terrain {
		grid[i] = terrainChars[t]
	}
	for _, s := range l.Spawns {
		if s.At.In(l.W, l.H) {
			grid[l.index(s.At)] = l.Things[s.Thing].Char
		}
	}
	if l.Start.In(l.W, l.H) {
		grid[l.index(l.Start)] = charStart
	}
	var b strings.Builder
	b.Grow(len(grid) + l.H)
	for y := range l.H {
		b.Write(grid[y*l.W : (y+1)*l.W])
		b.WriteByte('\n')
	}
	return b.String()
}

// Parse reads a level drawn with the legend of ASCII, for hand-made test
// maps, with things as legend draws them (assets.LevelGen.Legend of the
// loaded data); the level's Things are the legend. Every line must have
// the same width, and exactly one '@' marks the start. The start and every
// spawn stand on road, since the drawing does not show the terrain under
// them. A trailing newline is optional; errors name the line and column.
func Parse(text string, legend []assets.Thing) (*Level, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	l := &Level{W: len(lines[0]), H: len(lines), Start: geom.Pt(-1, -1), Things: legend}
	if l.W == 0 {
		return nil, fmt.Errorf("levelgen: parse: empty map")
	}
	l.Terrain = make([]Terrain, 0, l.W*l.H)
	for y, line := range lines {
		if len(line) != l.W {
			return nil, fmt.Errorf("levelgen: parse: line %d is %d wide, want %d", y+1, len(line), l.W)
		}
		for x := range len(line) {
			if err := l.parseCell(line[x], geom.Pt(x, y)); err != nil {
				return nil, fmt.Errorf("levelgen: parse: line %d column %d: %w", y+1, x+1, err)
			}
		}
	}
	if l.Start.X < 0 {
		return nil, fmt.Errorf("levelgen: parse: no start '%c'", charStart)
	}
	return l, nil
}

// parseCell appends the terrain of one drawn cell and records what stands
// on it.
func (l *Level) parseCell(c byte, p geom.Point) error {
	switch c {
	case charDirt:
		l.Terrain = append(l.Terrain, Dirt)
		return nil
	case charAcid:
		l.Terrain = append(l.Terrain, Acid)
		return nil
	case charRoad:
		l.Terrain = append(l.Terrain, Road)
		return nil
	case charStart:
		if l.Start.X >= 0 {
			return fmt.Errorf("a second start '%c'", charStart)
		}
		l.Start = p
		l.Terrain = append(l.Terrain, Road)
		return nil
	}
	for i, t := range l.Things {
		if c == t.Char {
			l.Spawns = append(l.Spawns, Spawn{Thing: i, At: p})
			l.Terrain = append(l.Terrain, Road)
			return nil
		}
	}
	return fmt.Errorf("unknown character %q", c)
}
