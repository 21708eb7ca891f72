package ecs

import "lastpost/ecs/geom"

// CountGrid is one counted component's per-cell counts in a spatial
// index, for a reader that asks about many cells in a row (a path search):
// AnyAt costs an index into the counts, not a call. It reads the index as
// it is at each question, so it sees every commit, and a reset that keeps
// the counted components; take a fresh one after a reset to another spec.
type CountGrid struct {
	s    *Spatial
	slot int
}

// CountGrid returns the per-cell counts of counted component id. It panics
// if id is not counted: that is a programmer error.
func (s *Spatial) CountGrid(id ID) CountGrid {
	slot := s.countSlot[id]
	if slot < 0 {
		panic(notIndexed{id, "counted"})
	}
	return CountGrid{s: s, slot: int(slot)}
}

// Size returns the grid's width and height.
func (g CountGrid) Size() (int, int) { return g.s.w, g.s.h }

// Any reports whether any entity in cell p has the component, as the
// index's Any does; cells outside the grid answer false.
func (g CountGrid) Any(p geom.Point) bool {
	if uint(p.X) >= uint(g.s.w) || uint(p.Y) >= uint(g.s.h) {
		return false
	}
	return g.AnyAt(p.Y*g.s.w + p.X)
}

// AnyAt is Any for cell y*w+x of a caller that has checked the cell is on
// the grid; it panics for an index outside it. It is small enough to
// inline where a search asks it of every cell it meets.
func (g CountGrid) AnyAt(i int) bool {
	s := g.s
	return s.counts[i*len(s.counted)+g.slot] > 0
}
