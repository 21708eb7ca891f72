package ecs

import (
	"fmt"
	"math/bits"
	"slices"

	"lastpost/ecs/geom"
)

// maxIndexed is how many components a spatial index can count, and how many
// it can list: membership is kept as one bit per component.
const maxIndexed = 64

// SpatialSpec configures a spatial index.
type SpatialSpec struct {
	// W and H give the grid size. Positions outside it are not indexed.
	W, H int
	// Pos is the position component that places entities on the grid.
	Pos Data[geom.Point]
	// Counts lists components (usually flags) counted per cell, answering
	// "is any entity here solid?" in O(1). At most 64.
	Counts []ID
	// Sets lists components whose holders are listed per cell, answering
	// "which barrel is here?". At most 64.
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
	posStore  *dataStore[geom.Point]
	counted   []ID
	listed    []ID
	countSlot [MaxComponents]int16
	listSlot  [MaxComponents]int16
	tracked   Mask
	members   Mask
	cells     [][]Entity
	counts    []int32
	lists     [][]Entity
	// placed remembers where each positioned entity is indexed and which
	// counted and listed components it had then, so a commit can withdraw
	// the old contribution without asking the stores.
	placed sparseSet[placement]
}

// placement is what one entity contributes to the index.
type placement struct {
	cell    int32 // -1 when off the grid
	counted uint64
	listed  uint64
}

// SetSpatial gives the world a spatial index built from its current state,
// replacing any index it had, and returns it. It panics if the spec counts
// or lists more than 64 components, or names a component twice.
func (w *World) SetSpatial(spec SpatialSpec) *Spatial {
	w.spatial = w.buildSpatial(spec)
	return w.spatial
}

// buildSpatial indexes w's current state, without installing the index.
func (w *World) buildSpatial(spec SpatialSpec) *Spatial {
	s := newSpatial(spec)
	s.posStore = w.stores[spec.Pos.id].(*dataStore[geom.Point])
	for _, e := range w.stores[spec.Pos.id].entities() {
		pl := s.placementOf(w, e)
		s.deposit(e, pl)
		s.placed.set(e, pl)
	}
	return s
}

func newSpatial(spec SpatialSpec) *Spatial {
	if len(spec.Counts) > maxIndexed || len(spec.Sets) > maxIndexed {
		panic(fmt.Sprintf("ecs: a spatial index counts and lists at most %d components each", maxIndexed))
	}
	s := &Spatial{w: max(spec.W, 0), h: max(spec.H, 0), pos: spec.Pos}
	s.counted = slices.Clone(spec.Counts)
	s.listed = slices.Clone(spec.Sets)
	for i := range s.countSlot {
		s.countSlot[i], s.listSlot[i] = -1, -1
	}
	s.tracked.Add(spec.Pos.id)
	for i, id := range s.counted {
		if s.countSlot[id] >= 0 {
			panic(fmt.Sprintf("ecs: the spatial index counts component %d twice", id))
		}
		s.countSlot[id] = int16(i)
		s.tracked.Add(id)
		s.members.Add(id)
	}
	for i, id := range s.listed {
		if s.listSlot[id] >= 0 {
			panic(fmt.Sprintf("ecs: the spatial index lists component %d twice", id))
		}
		s.listSlot[id] = int16(i)
		s.tracked.Add(id)
		s.members.Add(id)
	}
	n := s.w * s.h
	s.cells = make([][]Entity, n)
	s.counts = make([]int32, n*len(s.counted))
	s.lists = make([][]Entity, n*len(s.listed))
	return s
}

func (s *Spatial) spec() SpatialSpec {
	return SpatialSpec{W: s.w, H: s.h, Pos: s.pos, Counts: s.counted, Sets: s.listed}
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
		panic(notIndexed{id, "counted"})
	}
	if uint(p.X) >= uint(s.w) || uint(p.Y) >= uint(s.h) {
		return 0
	}
	return int(s.counts[(p.Y*s.w+p.X)*len(s.counted)+int(slot)])
}

// notIndexed is the panic of a query about a component the index does not
// keep. Panicking with a plain value rather than a formatted string keeps
// the queries small enough to inline.
type notIndexed struct {
	id  ID
	how string
}

func (n notIndexed) Error() string {
	return fmt.Sprintf("ecs: component %d is not %s by the spatial index", n.id, n.how)
}

// Any reports whether any entity in cell p has counted component id.
func (s *Spatial) Any(p geom.Point, id ID) bool { return s.Count(p, id) > 0 }

// Holders returns the entities in cell p that have listed component id.
// It panics if id is not listed.
func (s *Spatial) Holders(p geom.Point, id ID) []Entity {
	slot := s.listSlot[id]
	if slot < 0 {
		panic(notIndexed{id, "listed"})
	}
	if uint(p.X) >= uint(s.w) || uint(p.Y) >= uint(s.h) {
		return nil
	}
	return s.lists[(p.Y*s.w+p.X)*len(s.listed)+int(slot)]
}

// First returns the first entity in cell p having listed component id.
func (s *Spatial) First(p geom.Point, id ID) (Entity, bool) {
	if h := s.Holders(p, id); len(h) > 0 {
		return h[0], true
	}
	return 0, false
}

// affected gathers, without repeats, the entities whose contribution the
// action may change. A single delta holds each entity once, so only
// several tracked deltas need sorting out.
func (s *Spatial) affected(a *Action, into []Entity) []Entity {
	deltas := 0
	for _, id := range a.touched {
		if s.tracked.Has(id) {
			into = a.deltas[id].appendTouched(into)
			deltas++
		}
	}
	if deltas > 1 {
		slices.Sort(into)
		into = slices.Compact(into)
	}
	return into
}

// update brings the index in step with the stores for the affected
// entities, after the action is applied. An entity keeps its membership
// bits when the action touched no counted or listed component.
func (s *Spatial) update(w *World, a *Action, affected []Entity) {
	keepBits := !a.mask.Intersects(&s.members)
	for _, e := range affected {
		k := s.placed.index.load(e)
		p, ok := s.posStore.get(e)
		if !ok {
			if k != 0 {
				s.withdraw(e, s.placed.vals[k-1])
				s.placed.remove(e)
			}
			continue
		}
		var pl placement
		if k != 0 && keepBits {
			old := s.placed.vals[k-1]
			pl = placement{cell: int32(s.cell(p)), counted: old.counted, listed: old.listed}
		} else {
			pl = s.placementOf(w, e)
		}
		if k != 0 {
			old := &s.placed.vals[k-1]
			if *old == pl {
				continue
			}
			s.withdraw(e, *old)
			*old = pl
		} else {
			s.placed.set(e, pl)
		}
		s.deposit(e, pl)
	}
}

// placementOf asks the stores what e contributes.
func (s *Spatial) placementOf(w *World, e Entity) placement {
	p, _ := s.posStore.get(e)
	pl := placement{cell: int32(s.cell(p))}
	for i, id := range s.counted {
		if w.indexes[id].load(e) != 0 {
			pl.counted |= 1 << i
		}
	}
	for i, id := range s.listed {
		if w.indexes[id].load(e) != 0 {
			pl.listed |= 1 << i
		}
	}
	return pl
}

func (s *Spatial) withdraw(e Entity, pl placement) {
	if pl.cell < 0 {
		return
	}
	c := int(pl.cell)
	s.cells[c] = remove(s.cells[c], e)
	for b := pl.counted; b != 0; b &= b - 1 {
		s.counts[c*len(s.counted)+bits.TrailingZeros64(b)]--
	}
	for b := pl.listed; b != 0; b &= b - 1 {
		k := c*len(s.listed) + bits.TrailingZeros64(b)
		s.lists[k] = remove(s.lists[k], e)
	}
}

func (s *Spatial) deposit(e Entity, pl placement) {
	if pl.cell < 0 {
		return
	}
	c := int(pl.cell)
	s.cells[c] = append(s.cells[c], e)
	for b := pl.counted; b != 0; b &= b - 1 {
		s.counts[c*len(s.counted)+bits.TrailingZeros64(b)]++
	}
	for b := pl.listed; b != 0; b &= b - 1 {
		k := c*len(s.listed) + bits.TrailingZeros64(b)
		s.lists[k] = append(s.lists[k], e)
	}
}

// remove deletes e from s keeping the order of the rest, so cell order stays
// a pure function of the operations.
func remove(s []Entity, e Entity) []Entity {
	for i, x := range s {
		if x == e {
			if i < len(s)-1 {
				copy(s[i:], s[i+1:])
			}
			return s[:len(s)-1]
		}
	}
	return s
}

// Check rebuilds the index from the world's stores and reports the first
// disagreement with the maintained one. Tests and debug builds call it
// after commits.
func (s *Spatial) Check(w *World) error {
	fresh := w.buildSpatial(s.spec())
	ents := w.stores[s.pos.id].entities()
	if s.placed.size() != len(ents) {
		return fmt.Errorf("spatial index: %d entities placed, the store positions %d", s.placed.size(), len(ents))
	}
	for _, e := range ents {
		got, ok := s.placed.get(e)
		if want, _ := fresh.placed.get(e); !ok || got != want {
			return fmt.Errorf("spatial index: entity %d is placed as %+v, the store says %+v", e, got, want)
		}
	}
	for c := range s.cells {
		if err := s.checkCell(w, fresh, c); err != nil {
			return err
		}
	}
	return nil
}

func (s *Spatial) checkCell(w *World, fresh *Spatial, c int) error {
	p := geom.Pt(c%s.w, c/s.w)
	if !sameMembers(s.cells[c], fresh.cells[c]) {
		return fmt.Errorf("spatial index: cell %v holds %v, the store says %v", p, s.cells[c], fresh.cells[c])
	}
	for i, id := range s.counted {
		k := c*len(s.counted) + i
		if s.counts[k] != fresh.counts[k] {
			return fmt.Errorf("spatial index: cell %v counts %d of %s, the store says %d", p, s.counts[k], w.schema.Name(id), fresh.counts[k])
		}
	}
	for i, id := range s.listed {
		k := c*len(s.listed) + i
		if !sameMembers(s.lists[k], fresh.lists[k]) {
			return fmt.Errorf("spatial index: cell %v lists %v for %s, the store says %v", p, s.lists[k], w.schema.Name(id), fresh.lists[k])
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
