package ecs

import "lastpost/ecs/geom"

// The in-run baselines of the store and spatial benchmarks
// (testdata/bench/SUITE.md): the seed's map-per-component layout, a
// minimal sparse set, a plain slice of structs, and the seed's hash-set
// cells. They are as simple as their designs allow, so ratios against them
// measure our overheads.

// mapStore is the seed's layout: one Go map per component.
type mapStore[T any] map[Entity]T

// refSparse is a minimal sparse set: a flat sparse array of dense positions
// (+1) sized to the largest id, with no paging and no type erasure.
type refSparse[T any] struct {
	sparse []int32
	dense  []Entity
	vals   []T
}

func (s *refSparse[T]) set(e Entity, v T) {
	for int(e) >= len(s.sparse) {
		s.sparse = append(s.sparse, 0)
	}
	if i := s.sparse[e]; i != 0 {
		s.vals[i-1] = v
		return
	}
	s.dense = append(s.dense, e)
	s.vals = append(s.vals, v)
	s.sparse[e] = int32(len(s.dense))
}

func (s *refSparse[T]) get(e Entity) (T, bool) {
	if int(e) < len(s.sparse) {
		if i := s.sparse[e]; i != 0 {
			return s.vals[i-1], true
		}
	}
	var zero T
	return zero, false
}

func (s *refSparse[T]) ptr(e Entity) *T {
	if int(e) < len(s.sparse) {
		if i := s.sparse[e]; i != 0 {
			return &s.vals[i-1]
		}
	}
	return nil
}

func (s *refSparse[T]) remove(e Entity) {
	if int(e) >= len(s.sparse) || s.sparse[e] == 0 {
		return
	}
	i, last := s.sparse[e]-1, len(s.dense)-1
	moved := s.dense[last]
	s.dense[i], s.vals[i] = moved, s.vals[last]
	s.sparse[moved] = i + 1
	s.dense, s.vals = s.dense[:last], s.vals[:last]
	s.sparse[e] = 0
}

// aosEntity is one row of the plain []struct baseline.
type aosEntity struct {
	Pos    geom.Point
	Vel    vel
	HasVel bool
}

// seedCell is the seed's spatial hash cell: a hash set of the entities in
// it and a counter per aggregated flag.
type seedCell struct {
	ents    map[Entity]struct{}
	solids  int
	barrels int
}

// seedSpatial is the seed's spatial hash over map stores.
type seedSpatial struct {
	w       int
	cells   []seedCell
	pos     mapStore[geom.Point]
	solid   mapStore[struct{}]
	barrels mapStore[struct{}]
}

func newSeedSpatial(w, h int) *seedSpatial {
	s := &seedSpatial{w: w, cells: make([]seedCell, w*h), pos: mapStore[geom.Point]{},
		solid: mapStore[struct{}]{}, barrels: mapStore[struct{}]{}}
	for i := range s.cells {
		s.cells[i].ents = map[Entity]struct{}{}
	}
	return s
}

func (s *seedSpatial) cell(p geom.Point) *seedCell { return &s.cells[p.Y*s.w+p.X] }

func (s *seedSpatial) place(e Entity, p geom.Point, solid, barrel bool) {
	s.pos[e] = p
	if solid {
		s.solid[e] = struct{}{}
	}
	if barrel {
		s.barrels[e] = struct{}{}
	}
	s.add(e, s.cell(p), 1)
}

func (s *seedSpatial) add(e Entity, c *seedCell, d int) {
	if d > 0 {
		c.ents[e] = struct{}{}
	} else {
		delete(c.ents, e)
	}
	if _, ok := s.solid[e]; ok {
		c.solids += d
	}
	if _, ok := s.barrels[e]; ok {
		c.barrels += d
	}
}

// move is the seed's position update: leave the old cell's set and
// counters, enter the new one's.
func (s *seedSpatial) move(e Entity, to geom.Point) {
	s.add(e, s.cell(s.pos[e]), -1)
	s.pos[e] = to
	s.add(e, s.cell(to), 1)
}
