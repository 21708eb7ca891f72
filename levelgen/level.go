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
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"slices"

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

// Kind is the sort of thing the generator places on a cell.
type Kind uint8

// The kinds, in the order a cell's roll tries them (the order of
// assets.SpawnTable.Weights).
const (
	Wreck Kind = iota
	Barrel
	Letter
	Zombie
	Car
	Bike
)

// NumKinds is the number of kinds; every Kind is below it.
const NumKinds = 6

var kindNames = [NumKinds]string{"wreck", "barrel", "letter", "zombie", "car", "bike"}

// String names the kind in lower case.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Solid reports whether the kind blocks the van's way: wrecks and barrels do.
// Enemies move and letters are picked up, so they never block a route.
func (k Kind) Solid() bool { return k == Wreck || k == Barrel }

// Spawn is one thing placed on the map at generation.
type Spawn struct {
	Kind Kind
	At   geom.Point
}

// Counts holds how many spawns of each kind a level has, indexed by Kind.
type Counts [NumKinds]int

// Level is a generated map. Terrain is stored row by row (index y*W+x) and
// Spawns are sorted in the same row-major order, at most one per cell.
type Level struct {
	W, H    int
	Start   geom.Point
	Terrain []Terrain
	Spawns  []Spawn
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

// Counts returns how many spawns of each kind the level has.
func (l *Level) Counts() Counts {
	var c Counts
	for _, s := range l.Spawns {
		c[s.Kind]++
	}
	return c
}

// Hash returns an FNV-1a digest of the size, the start, the terrain and the
// spawns. Equal levels have equal hashes on every architecture.
func (l *Level) Hash() uint64 {
	buf := make([]byte, 0, 4*8+len(l.Terrain)+len(l.Spawns)*17)
	for _, v := range []int{l.W, l.H, l.Start.X, l.Start.Y} {
		buf = binary.LittleEndian.AppendUint64(buf, uint64(int64(v)))
	}
	for _, t := range l.Terrain {
		buf = append(buf, byte(t))
	}
	for _, s := range l.Spawns {
		buf = append(buf, byte(s.Kind))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(int64(s.At.X)))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(int64(s.At.Y)))
	}
	h := fnv.New64a()
	h.Write(buf)
	return h.Sum64()
}

func (l *Level) index(p geom.Point) int { return p.Y*l.W + p.X }

// compareAt orders a spawn against a point in row-major order.
func (l *Level) compareAt(s Spawn, p geom.Point) int {
	return l.index(s.At) - l.index(p)
}

// solidGrid marks, row-major, the cells whose spawn blocks the van.
func (l *Level) solidGrid() []bool {
	solid := make([]bool, l.W*l.H)
	for _, s := range l.Spawns {
		if s.Kind.Solid() && s.At.In(l.W, l.H) {
			solid[l.index(s.At)] = true
		}
	}
	return solid
}
