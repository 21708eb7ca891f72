package ecs

import "lastpost/ecs/geom"

// CellIndex returns the index of cell p in the grid, y*w+x, for the
// queries by index (LenAt, CountAt), and whether p is on the grid: a
// reader asking several things about one cell (how many entities it
// holds, how many of them have a component) finds the cell once, where
// At and Count would each find it again. It is small enough to inline.
func (s *Spatial) CellIndex(p geom.Point) (int, bool) {
	if uint(p.X) >= uint(s.w) || uint(p.Y) >= uint(s.h) {
		return -1, false
	}
	return p.Y*s.w + p.X, true
}

// LenAt returns how many entities cell i holds, as len(At(p)) does for
// the cell p of index i (CellIndex). It panics for an index off the grid.
func (s *Spatial) LenAt(i int) int { return int(s.cells[i].n) }

// CountAt returns how many entities in cell i have counted component
// id, as Count does for the cell p of index i (CellIndex). It panics if
// id is not counted, or for an index off the grid.
func (s *Spatial) CountAt(i int, id ID) int {
	slot := s.countSlot[id]
	if slot < 0 {
		panic(notIndexed{id, "counted"})
	}
	return int(s.counts[i*len(s.counted)+int(slot)])
}
