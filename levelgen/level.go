// Package levelgen builds the delivery levels of Last Post: a strip of dirt
// crossed by a road from west to east, pools of acid laid out by smooth
// gradient noise, and wrecks, barrels, letters and enemies scattered one
// weighted roll per cell.
//
// Generation is a pure function of a seed, a difficulty and the tables of
// assets.LevelGen. It uses integer arithmetic only, so a level is the same
// byte for byte on every machine and architecture. Every generated level has
// a calm start area, nothing spawned in the goal column, and a route for the
// van from the start to the goal column that no wreck or barrel blocks.
package levelgen

import (
	"fmt"
	"slices"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

// Terrain is the floor of one cell.
type Terrain uint8

// The terrains. Void is the zero value: it is never inside a level and is
// what Level.At returns for a point off the map.
const (
	Void Terrain = iota
	Dirt
	Road
	Acid
)

var terrainNames = [...]string{Void: "void", Dirt: "dirt", Road: "road", Acid: "acid"}

// String names the terrain in lower case.
func (t Terrain) String() string {
	if int(t) < len(terrainNames) {
		return terrainNames[t]
	}
	return fmt.Sprintf("Terrain(%d)", uint8(t))
}

// Spawn is one thing placed on the map at generation: Thing indexes the
// level's Things.
type Spawn struct {
	Thing int
	At    geom.Point
}

// Level is a generated map. Terrain is stored row by row (index y*W+x) and
// Spawns are sorted in the same row-major order, at most one per cell.
// Things names what the spawns are: for a generated level, every thing of
// the spawn tables in the order they first list it, so the shipped tables
// number wrecks, barrels, letters, zombies, cars and bikes 0 to 5.
type Level struct {
	W, H    int
	Start   geom.Point
	Terrain []Terrain
	Spawns  []Spawn
	Things  []assets.Thing
}

// At returns the terrain at p, or Void when p is off the map.
func (l *Level) At(p geom.Point) Terrain {
	if !p.In(l.W, l.H) {
		return Void
	}
	return l.Terrain[l.index(p)]
}

// GoalX returns the goal column: the van wins by reaching any cell in it.
func (l *Level) GoalX() int { return l.W - 1 }

// SpawnAt returns the spawn on p, if any.
func (l *Level) SpawnAt(p geom.Point) (Spawn, bool) {
	i, found := slices.BinarySearchFunc(l.Spawns, p, l.compareAt)
	if !found {
		return Spawn{}, false
	}
	return l.Spawns[i], true
}

// ThingID returns the id of what spawn s places.
func (l *Level) ThingID(s Spawn) string { return l.Things[s.Thing].ID }

// Counts returns how many spawns of each thing the level has, by id; it is
// for tests and statistics, which never range over it in play.
func (l *Level) Counts() map[string]int {
	c := map[string]int{}
	for _, s := range l.Spawns {
		c[l.ThingID(s)]++
	}
	return c
}

// Hash returns an FNV-1a digest of the size, the start, the terrain and the
// spawns. Equal levels have equal hashes on every architecture. It hashes
// the bytes as it goes rather than gathering them first: a road is hashed
// once it is laid out, and it has a few thousand cells.
func (l *Level) Hash() uint64 {
	h := uint64(fnvOffset)
	for _, v := range []int{l.W, l.H, l.Start.X, l.Start.Y} {
		h = fnvUint64(h, uint64(int64(v)))
	}
	// Eight cells a step: the loop's own count and test would otherwise
	// cost more than the hashing.
	terrain := l.Terrain
	for ; len(terrain) >= 8; terrain = terrain[8:] {
		c := terrain[:8]
		h = (h ^ uint64(c[0])) * fnvPrime
		h = (h ^ uint64(c[1])) * fnvPrime
		h = (h ^ uint64(c[2])) * fnvPrime
		h = (h ^ uint64(c[3])) * fnvPrime
		h = (h ^ uint64(c[4])) * fnvPrime
		h = (h ^ uint64(c[5])) * fnvPrime
		h = (h ^ uint64(c[6])) * fnvPrime
		h = (h ^ uint64(c[7])) * fnvPrime
	}
	for _, t := range terrain {
		h = (h ^ uint64(t)) * fnvPrime
	}
	for _, s := range l.Spawns {
		h = (h ^ uint64(byte(s.Thing))) * fnvPrime
		h = fnvUint64(h, uint64(int64(s.At.X)))
		h = fnvUint64(h, uint64(int64(s.At.Y)))
	}
	return h
}

// The 64-bit FNV-1a parameters.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnvUint64 folds the eight bytes of v, least significant first, into h,
// written out rather than looped for the same reason as the terrain's.
func fnvUint64(h, v uint64) uint64 {
	h = (h ^ (v & 0xff)) * fnvPrime
	h = (h ^ (v >> 8 & 0xff)) * fnvPrime
	h = (h ^ (v >> 16 & 0xff)) * fnvPrime
	h = (h ^ (v >> 24 & 0xff)) * fnvPrime
	h = (h ^ (v >> 32 & 0xff)) * fnvPrime
	h = (h ^ (v >> 40 & 0xff)) * fnvPrime
	h = (h ^ (v >> 48 & 0xff)) * fnvPrime
	return (h ^ (v >> 56)) * fnvPrime
}

func (l *Level) index(p geom.Point) int { return p.Y*l.W + p.X }

// compareAt orders a spawn against a point in row-major order.
func (l *Level) compareAt(s Spawn, p geom.Point) int {
	return l.index(s.At) - l.index(p)
}

// openColumns marks the columns where no spawn blocks the van.
func (l *Level) openColumns() []bool {
	open := make([]bool, l.W)
	for i := range open {
		open[i] = true
	}
	for _, s := range l.Spawns {
		if l.Things[s.Thing].Solid && s.At.In(l.W, l.H) {
			open[s.At.X] = false
		}
	}
	return open
}

// solidColumns returns, for each column, the bit mask of the rows whose
// spawn blocks the van (bit y for row y), in room's space when it is large
// enough. It is for levels of at most maskRows rows.
func (l *Level) solidColumns(room []uint64) []uint64 {
	var cols []uint64
	if l.W <= len(room) {
		cols = room[:l.W]
		clear(cols)
	} else {
		cols = make([]uint64, l.W)
	}
	for _, s := range l.Spawns {
		if l.Things[s.Thing].Solid && s.At.In(l.W, l.H) {
			cols[s.At.X] |= 1 << s.At.Y
		}
	}
	return cols
}

// solidGrid marks, row-major, the cells whose spawn blocks the van.
func (l *Level) solidGrid() []bool {
	solid := make([]bool, l.W*l.H)
	for _, s := range l.Spawns {
		if l.Things[s.Thing].Solid && s.At.In(l.W, l.H) {
			solid[l.index(s.At)] = true
		}
	}
	return solid
}
