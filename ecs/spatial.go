package ecs

import (
	"fmt"
	"slices"

	"lastpost/ecs/geom"
)

// SpatialSpec configures a spatial index.
type SpatialSpec struct {
	// W and H give the grid size. Positions outside it are not indexed.
	W, H int
	// Pos is the position component that places entities on the grid.
	Pos Data[geom.Point]
	// Counts lists components (usually flags) counted per cell, answering
	// "is any entity here solid?" in O(1).
	Counts []ID
	// Sets lists components whose holders are listed per cell, answering
	// "which barrel is here?".
	Sets []ID
}

// Spatial indexes the entities of a World by grid cell. The World keeps it
// up to date on every Commit: moves, additions and removals of the position
// or of a counted or listed component, and entity removal.
//
// Cells outside the grid answer as empty: no entities, zero counts, no
// holders. Entities positioned outside the grid are simply not indexed;
// keeping things on the map is the game's job (its bounds rule).
type Spatial struct {
	w, h      int
	pos       Data[geom.Point]
	counted   []ID
	listed    []ID
	countSlot [MaxComponents]int16
	listSlot  [MaxComponents]int16
	tracked   Mask
	cells     [][]Entity
	counts    []uint16
	lists     [][]Entity
}

// SetSpatial gives the world a spatial index built from its current state,
// replacing any index it had, and returns it.
func (w *World) SetSpatial(spec SpatialSpec) *Spatial {
	s := &Spatial{w: spec.W, h: spec.H, pos: spec.Pos}
	s.counted = append([]ID(nil), spec.Counts...)
	s.listed = append([]ID(nil), spec.Sets...)
	for i := range s.countSlot {
		s.countSlot[i], s.listSlot[i] = -1, -1
	}
	s.tracked.Add(spec.Pos.id)
	for i, id := range s.counted {
		s.countSlot[id] = int16(i)
		s.tracked.Add(id)
	}
	for i, id := range s.listed {
		s.listSlot[id] = int16(i)
		s.tracked.Add(id)
	}
	n := spec.W * spec.H
	s.cells = make([][]Entity, n)
	s.counts = make([]uint16, n*len(s.counted))
	s.lists = make([][]Entity, n*len(s.listed))
	for _, e := range w.stores[spec.Pos.id].entities() {
		s.index(w, e)
	}
	w.spatial = s
	return s
}

// Size returns the grid's width and height.
func (s *Spatial) Size() (int, int) { return s.w, s.h }

// In reports whether p is on the grid.
func (s *Spatial) In(p geom.Point) bool { return p.In(s.w, s.h) }

func (s *Spatial) cell(p geom.Point) int {
	if !p.In(s.w, s.h) {
		return -1
	}
	return p.Y*s.w + p.X
}

// At returns the entities in cell p, in the order they arrived. The slice
// belongs to the index: do not keep it across a commit.
func (s *Spatial) At(p geom.Point) []Entity {
	c := s.cell(p)
	if c < 0 {
		return nil
	}
	return s.cells[c]
}

// Count returns how many entities in cell p have counted component id.
// It panics if id is not counted: that is a programmer error.
func (s *Spatial) Count(p geom.Point, id ID) int {
	slot := s.countSlot[id]
	if slot < 0 {
		panic(fmt.Sprintf("ecs: component %d is not counted by the spatial index", id))
	}
	c := s.cell(p)
	if c < 0 {
		return 0
	}
	return int(s.counts[c*len(s.counted)+int(slot)])
}

// Any reports whether any entity in cell p has counted component id.
func (s *Spatial) Any(p geom.Point, id ID) bool { return s.Count(p, id) > 0 }

// Holders returns the entities in cell p that have listed component id.
// It panics if id is not listed.
func (s *Spatial) Holders(p geom.Point, id ID) []Entity {
	slot := s.listSlot[id]
	if slot < 0 {
		panic(fmt.Sprintf("ecs: component %d is not listed by the spatial index", id))
	}
	c := s.cell(p)
	if c < 0 {
		return nil
	}
	return s.lists[c*len(s.listed)+int(slot)]
}

// First returns the first entity in cell p having listed component id.
func (s *Spatial) First(p geom.Point, id ID) (Entity, bool) {
	h := s.Holders(p, id)
	if len(h) == 0 {
		return 0, false
	}
	return h[0], true
}

// affected gathers, without repeats, the entities whose cell contribution
// the action may change.
func (s *Spatial) affected(a *Action, into []Entity) []Entity {
	for _, id := range a.touched {
		if s.tracked.Has(id) {
			a.deltas[id].each(func(e Entity) { into = append(into, e) })
		}
	}
	if len(into) > 1 {
		slices.Sort(into)
		into = slices.Compact(into)
	}
	return into
}

func (s *Spatial) unindex(w *World, e Entity) {
	p, ok := w.stores[s.pos.id].(*dataStore[geom.Point]).get(e)
	if !ok {
		return
	}
	c := s.cell(p)
	if c < 0 {
		return
	}
	s.cells[c] = remove(s.cells[c], e)
	for i, id := range s.counted {
		if w.stores[id].has(e) {
			s.counts[c*len(s.counted)+i]--
		}
	}
	for i, id := range s.listed {
		if w.stores[id].has(e) {
			k := c*len(s.listed) + i
			s.lists[k] = remove(s.lists[k], e)
		}
	}
}

func (s *Spatial) index(w *World, e Entity) {
	p, ok := w.stores[s.pos.id].(*dataStore[geom.Point]).get(e)
	if !ok {
		return
	}
	c := s.cell(p)
	if c < 0 {
		return
	}
	s.cells[c] = append(s.cells[c], e)
	for i, id := range s.counted {
		if w.stores[id].has(e) {
			s.counts[c*len(s.counted)+i]++
		}
	}
	for i, id := range s.listed {
		if w.stores[id].has(e) {
			k := c*len(s.listed) + i
			s.lists[k] = append(s.lists[k], e)
		}
	}
}

// remove deletes e from s keeping the order of the rest, so cell order stays
// a pure function of the operations.
func remove(s []Entity, e Entity) []Entity {
	i := slices.Index(s, e)
	if i < 0 {
		return s
	}
	return slices.Delete(s, i, i+1)
}

// Check rebuilds the index from the world's stores and reports the first
// cell where it disagrees with the maintained one. Tests and debug builds
// call it after commits.
func (s *Spatial) Check(w *World) error {
	fresh := &Spatial{w: s.w, h: s.h, pos: s.pos, counted: s.counted, listed: s.listed,
		countSlot: s.countSlot, listSlot: s.listSlot, tracked: s.tracked}
	n := s.w * s.h
	fresh.cells = make([][]Entity, n)
	fresh.counts = make([]uint16, n*len(s.counted))
	fresh.lists = make([][]Entity, n*len(s.listed))
	for _, e := range w.stores[s.pos.id].entities() {
		fresh.index(w, e)
	}
	for c := range n {
		p := geom.Pt(c%s.w, c/s.w)
		if !sameMembers(s.cells[c], fresh.cells[c]) {
			return fmt.Errorf("spatial index: cell %v holds %v, the store says %v", p, s.cells[c], fresh.cells[c])
		}
		for i, id := range s.counted {
			if got, want := s.counts[c*len(s.counted)+i], fresh.counts[c*len(s.counted)+i]; got != want {
				return fmt.Errorf("spatial index: cell %v counts %d of %s, the store says %d", p, got, w.schema.Name(id), want)
			}
		}
		for i, id := range s.listed {
			k := c*len(s.listed) + i
			if !sameMembers(s.lists[k], fresh.lists[k]) {
				return fmt.Errorf("spatial index: cell %v lists %v for %s, the store says %v", p, s.lists[k], w.schema.Name(id), fresh.lists[k])
			}
		}
	}
	return nil
}

func sameMembers(a, b []Entity) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
