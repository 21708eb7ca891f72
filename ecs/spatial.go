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
	// Reserve is how many cells to make room for when the index outgrows
	// its arrays, if more than W*H. A world whose grid changes size (a
	// game's roads, one after another) and that knows the largest grid it
	// will have names its cells here, so the arrays are made once for it
	// instead of again for each grid larger than any before. Zero makes
	// room for the grid alone.
	Reserve int
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
	reserve   int
	pos       Data[geom.Point]
	posStore  *dataStore[geom.Point]
	counted   []ID
	listed    []ID
	countSlot [MaxComponents]int16
	listSlot  [MaxComponents]int16
	tracked   Mask
	members   Mask
	// trackedWords is how many of tracked's words, from the first, hold
	// its bits: aboutOnly, on every removal of a thing, looks at no others.
	trackedWords int
	// cells and lists locate each cell's entities, and each (cell, listed
	// component)'s holders, in pool. Spans hold no pointers, so a road's
	// index is one flat block the collector need not scan.
	cells  []span
	counts []int32
	lists  []span
	pool   []Entity
	// free heads, per room size, the blocks of pool no span uses
	// (offset+1, 0 for none).
	free [roomClasses]int32
	// placed remembers where each positioned entity is indexed and which
	// counted and listed components it had then, so a commit can withdraw
	// the old contribution without asking the stores.
	placed sparseSet[placement]
	// changed lists, each once, the cells whose entities changed since the
	// last ClearChanged; dirty marks them. A reader that keeps something
	// derived from cells (the driver's memory) re-reads only these. It
	// never holds more than the grid's cells, so nobody has to drain it.
	changed []int32
	dirty   []bool
	// layout is every cell's first block, as a reset lays them out, for
	// the largest grid the index has had (a cell's block does not depend
	// on the grid's width): a game resets the index for every road and
	// camp, and copying the layout costs a block copy where laying it out
	// costs a loop over the cells.
	layout []span
	// bits is sortUnique's scratch, all zero between calls.
	bits []uint64
	// touched is update's scratch: the counted and listed components an
	// action touches.
	touched []member
	// fresh is commitSpawns' scratch: the placements of the entities an
	// action spawns, by id from the first.
	fresh []placement
	// act and actPos are the last action committed and its position
	// delta (posOf).
	act    *Action
	actPos *dataDelta[geom.Point]
}

// span is one list of entities inside the pool: n entities from off, with
// room for c from off before it must move, in a block of room r (which
// starts at off+c-r). Every cell starts with room for cellRoom entities,
// laid out when the index is reset, so entities crossing the road
// (fragments, bullets) claim nothing as they go. The list may start inside
// its block, where its first entity left without the others moving down
// (pull): a crowd leaving a cell in the order it came, as a blast's
// fragments do, moves nothing in the pool.
type span struct{ off, n, c, r int32 }

// placement is what one entity contributes to the index.
type placement struct {
	cell    int32 // -1 when off the grid
	counted uint64
	listed  uint64
}

// SetSpatial gives the world a spatial index built from its current state,
// replacing any index it had, and returns it. The new index reuses the
// memory of the one it replaces (which must no longer be used). It panics
// if the spec counts or lists more than 64 components, or names a
// component twice; the world keeps its index then.
func (w *World) SetSpatial(spec SpatialSpec) *Spatial {
	s := w.spatial
	if s == nil {
		// A recycled world's first index takes the old world's memory.
		s = w.spare
	}
	if s == nil {
		s = &Spatial{}
	}
	s.reset(spec)
	w.fillSpatial(s)
	w.spatial, w.spare = s, nil
	return s
}

// buildSpatial indexes w's current state in a new index, without
// installing it.
func (w *World) buildSpatial(spec SpatialSpec) *Spatial {
	s := &Spatial{}
	s.reset(spec)
	w.fillSpatial(s)
	return s
}

// fillSpatial places every positioned entity of w in the empty index s.
func (w *World) fillSpatial(s *Spatial) {
	s.posStore = w.stores[s.pos.id].(*dataStore[geom.Point])
	for _, e := range w.stores[s.pos.id].entities() {
		pl := s.placementOf(w, e)
		s.deposit(e, pl)
		s.placed.set(e, pl)
	}
}

// checkSpec panics if spec counts or lists too many components or one
// twice.
func checkSpec(spec SpatialSpec) {
	if len(spec.Counts) > maxIndexed || len(spec.Sets) > maxIndexed {
		panic(fmt.Sprintf("ecs: a spatial index counts and lists at most %d components each", maxIndexed))
	}
	var counted, listed Mask
	for _, id := range spec.Counts {
		if counted.Has(id) {
			panic(fmt.Sprintf("ecs: the spatial index counts component %d twice", id))
		}
		counted.Add(id)
	}
	for _, id := range spec.Sets {
		if listed.Has(id) {
			panic(fmt.Sprintf("ecs: the spatial index lists component %d twice", id))
		}
		listed.Add(id)
	}
}

// reset makes s an empty index for spec, keeping the memory of its cells
// and lists for reuse. Arrays too small for the grid are made again with
// room for spec.Reserve cells, so a later grid up to that size reuses them.
func (s *Spatial) reset(spec SpatialSpec) {
	checkSpec(spec)
	// The component lists are copied, not kept, as the caller may change
	// its slices; into the index's own arrays, as a game resets the index
	// with the same lists for every road.
	s.counted = append(s.counted[:0], spec.Counts...)
	s.listed = append(s.listed[:0], spec.Sets...)
	s.w, s.h, s.pos, s.posStore = max(spec.W, 0), max(spec.H, 0), spec.Pos, nil
	s.reserve = max(spec.Reserve, 0)
	for i := range s.countSlot {
		s.countSlot[i], s.listSlot[i] = -1, -1
	}
	s.tracked, s.members = Mask{}, Mask{}
	s.tracked.Add(spec.Pos.id)
	for i, id := range s.counted {
		s.countSlot[id] = int16(i)
		s.tracked.Add(id)
		s.members.Add(id)
	}
	for i, id := range s.listed {
		s.listSlot[id] = int16(i)
		s.tracked.Add(id)
		s.members.Add(id)
	}
	s.trackedWords = 0
	for k, word := range s.tracked {
		if word != 0 {
			s.trackedWords = k + 1
		}
	}
	n := s.w * s.h
	room := max(n, s.reserve)
	if cap(s.cells) < n {
		s.cells = make([]span, n, room)
	}
	s.cells = s.cells[:n]
	s.lists = zeroedIn(s.lists, n*len(s.listed), room*len(s.listed))
	s.counts = zeroedIn(s.counts, n*len(s.counted), room*len(s.counted))
	s.free = [roomClasses]int32{}
	// The pool needs no clearing: no span covers a slot yet, and a span
	// reads only the slots it has written. Beyond the cells' first blocks
	// it keeps room for the blocks lists and crowded cells claim, half a
	// slot a cell (a game's roads claim 0.1 to 0.3 at most), so a road's
	// population seldom grows it.
	if cap(s.pool) < cellRoom*n {
		s.pool = make([]Entity, cellRoom*n, cellRoom*room+room/2)
	}
	s.pool = s.pool[:cellRoom*n]
	if len(s.layout) < n {
		s.layout = make([]span, room)
		for c := range s.layout {
			s.layout[c] = span{off: int32(cellRoom * c), c: cellRoom, r: cellRoom}
		}
	}
	copy(s.cells, s.layout[:n])
	s.placed.empty()
	s.act, s.actPos = nil, nil
	s.dirty = zeroedIn(s.dirty, n, room)
	// Room for every cell: note lengthens the list in place.
	if cap(s.changed) < n {
		s.changed = make([]int32, 0, room)
	}
	s.changed = s.changed[:0]
}

// note marks cell c changed. The list holds each cell once and has room
// for every cell (reset), so it is lengthened in place: with no growth to
// provide for, a step's move calls nothing for its two cells, and keeps
// its arguments in registers.
func (s *Spatial) note(c int) {
	if !s.dirty[c] {
		s.dirty[c] = true
		n := len(s.changed)
		s.changed = s.changed[:n+1]
		s.changed[n] = int32(c)
	}
}

// Changed returns the cells (y*W+x) whose entities changed (an entity
// arrived, left, or gained or lost a counted or listed component) since the
// index was built or since the last ClearChanged, each once, in the order
// they first changed. The slice belongs to the index.
func (s *Spatial) Changed() []int32 { return s.changed }

// ClearChanged forgets the changed cells.
func (s *Spatial) ClearChanged() {
	for _, c := range s.changed {
		s.dirty[c] = false
	}
	s.changed = s.changed[:0]
}

// zeroed returns n zero values, in old's array if it is large enough.
func zeroed[T any](old []T, n int) []T { return zeroedIn(old, n, n) }

// zeroedIn returns n zero values, in old's array if it is large enough,
// else in a new one with room for max(n, room).
func zeroedIn[T any](old []T, n, room int) []T {
	if cap(old) < n {
		return make([]T, n, max(n, room))
	}
	old = old[:n]
	clear(old)
	return old
}

// list returns the entities of span sp. The full slice expression keeps a
// caller's append from writing over the next span.
func (s *Spatial) list(sp span) []Entity { return s.pool[sp.off : sp.off+sp.n : sp.off+sp.n] }

// firstRoom is the room a span gets when its first entity arrives.
const firstRoom = 2

// cellRoom is the room of every cell's first block, which reset lays
// out, and which an emptied cell keeps (or more, up to cellKeep). Twice
// firstRoom: a blast's first shards stand three to a cell, and a
// cascade's shards cross each other's cells, so with room for two the
// third to arrive moved its cell's list to a new block hundreds of
// times a cascade. The pool's laid-out part is never cleared, so the
// larger room costs memory, not instructions. A listed component's list
// has no block laid out and keeps firstRoom.
const cellRoom = 2 * firstRoom

// cellKeep is the most room an emptied cell keeps: twice cellRoom. A cell
// that held five to eight (a cascade's shards meeting) and gave its block
// back took a block of firstRoom for the next to arrive and outgrew it at
// the third; keeping the block costs at most cellKeep slots a cell (a road
// of 119 x 30 cells, 228 KB at worst, beside the 114 KB laid out), and
// a larger block still goes back, so a crowd of more than eight crossing
// the road leaves no room behind.
const cellKeep = 2 * cellRoom

// roomClasses is how many room sizes (firstRoom, twice that, ...) the free
// lists keep apart; 31 covers every span an int32 offset can address.
const roomClasses = 31

// roomClass returns the free list of a block of room c, a power of two from
// firstRoom.
func roomClass(c int32) int { return bits.TrailingZeros32(uint32(c)) - 1 }

// claim returns the offset of a free block of room c in the pool: the last
// block of that room given back, or new room at the pool's end.
func (s *Spatial) claim(c int32) int32 {
	k := roomClass(c)
	if h := s.free[k]; h != 0 {
		s.free[k] = int32(s.pool[h-1])
		return h - 1
	}
	off := len(s.pool)
	s.pool = slices.Grow(s.pool, int(c))[:off+int(c)]
	return int32(off)
}

// push appends e to span sp. A full span moves to a block of twice the
// room, and the block it leaves goes back to the free lists, so the pool
// holds about the room the spans need now rather than every room any span
// has ever needed.
func (s *Spatial) push(sp *span, e Entity) {
	if sp.n == sp.c {
		s.grow(sp)
	}
	s.pool[sp.off+sp.n] = e
	sp.n++
}

// grow makes room at the end of the full span sp: its list moves back to
// its block's start if it has left room there (see pull), else to a block
// of twice the room.
func (s *Spatial) grow(sp *span) {
	if sp.c != sp.r {
		at := sp.off + sp.c - sp.r
		s.slide(at, sp.off, sp.n)
		sp.off, sp.c = at, sp.r
		return
	}
	room := max(firstRoom, 2*sp.r)
	// claim's usual case, a block given back, without the call.
	var off int32
	if k := roomClass(room); s.free[k] != 0 {
		off = s.free[k] - 1
		s.free[k] = int32(s.pool[off])
	} else {
		off = s.claim(room)
	}
	if sp.r > 0 {
		s.slide(off, sp.off, sp.n)
		s.release(*sp)
	}
	sp.off, sp.c, sp.r = off, room, room
}

// slide copies the n entities at from to to, in the pool, where to is
// below from or their ranges lie apart. A list is a few entities, which a
// loop copies for less than the runtime's copy costs with its call.
func (s *Spatial) slide(to, from, n int32) {
	if n > 8 {
		copy(s.pool[to:to+n], s.pool[from:from+n])
		return
	}
	src := s.pool[from : from+n]
	dst := s.pool[to : to+n]
	dst = dst[:len(src)]
	for i, e := range src {
		dst[i] = e
	}
}

// release gives sp's block back to the free list of its room. A free
// block's first slot links to the next free block of its room (offset+1,
// 0 at the end).
func (s *Spatial) release(sp span) {
	k := roomClass(sp.r)
	at := sp.off + sp.c - sp.r
	s.pool[at] = Entity(s.free[k])
	s.free[k] = at + 1
}

// pull deletes e from span sp keeping the order of the rest, so cell order
// stays a pure function of the operations. It looks at the first entity
// first: movers crossing a cell in step (a blast's fragments) leave it in
// the order they came, the first there first, and the list then starts a
// slot further into its block, nothing moved (grow moves it back if it
// runs out of room). Then it looks from the end: what moves arrived after
// what stands still.
func (s *Spatial) pull(sp *span, e Entity) {
	l := s.pool[sp.off : sp.off+sp.n]
	if i := len(l) - 1; i > 0 && l[0] == e {
		sp.off++
		sp.c--
	} else {
		for ; i >= 0 && l[i] != e; i-- {
		}
		if i < 0 {
			return
		}
		if i < len(l)-1 {
			copy(l[i:], l[i+1:])
		}
	}
	sp.n--
}

// vacated gives back the block of span sp if the last pull emptied it and
// it has more than keep room: cellKeep for a cell's list, firstRoom for a
// listed component's. An emptied span keeps that room, so an entity
// stepping back and forth between two cells (the van changing lanes)
// claims nothing; a larger block goes back, or a crowd passing through (a
// cascade's fragments) would leave its room behind in every cell it
// crossed. It is apart from pull so that both stay small enough to inline.
func (s *Spatial) vacated(sp *span, keep int32) {
	if sp.n == 0 && sp.r > keep {
		s.release(*sp)
		*sp = span{}
	}
}

func (s *Spatial) spec() SpatialSpec {
	return SpatialSpec{W: s.w, H: s.h, Pos: s.pos, Counts: s.counted, Sets: s.listed, Reserve: s.reserve}
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
	return s.list(s.cells[c])
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

// Error names the component and what the index does not do with it.
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
	return s.list(s.lists[(p.Y*s.w+p.X)*len(s.listed)+int(slot)])
}

// First returns the first entity in cell p having listed component id.
func (s *Spatial) First(p geom.Point, id ID) (Entity, bool) {
	slot := s.listSlot[id]
	if slot < 0 {
		panic(notIndexed{id, "listed"})
	}
	if uint(p.X) >= uint(s.w) || uint(p.Y) >= uint(s.h) {
		return 0, false
	}
	if sp := s.lists[(p.Y*s.w+p.X)*len(s.listed)+int(slot)]; sp.n > 0 {
		return s.pool[sp.off], true
	}
	return 0, false
}

// commit applies a, which touches a tracked component, to the world's
// stores and keeps the index in step. The usual action of a mover sets
// one position and changes nothing the index counts or lists: it is done
// here in a straight line, the position's store, then the index, then the
// other components, so that only the action outlives the index's call.
// The index reads no store for a step but those of what it counts and
// lists (reposition, for an entity it places anew), which the action does
// not touch. commitMany has the rest.
func (s *Spatial) commit(w *World, a *Action) {
	d := s.actPos
	if a != s.act {
		d = s.posOf(a)
	}
	if len(d.ents) != 1 || len(d.rem) != 0 || a.mask.Intersects(&s.members) {
		s.commitMany(w, a, d)
		return
	}
	if s.posStore.summed {
		// Marked before the step's values are read: nothing of the
		// step is held across the call, so a world never hashed pays
		// the test alone.
		s.posStore.touchEntity(d.ents[0])
	}
	// One entry: no index to forget (one is built only past linearMax),
	// and a point holds no reference to drop.
	e, p := d.ents[0], d.vals[0]
	d.ents, d.vals, d.top = d.ents[:0], d.vals[:0], 0
	st := &s.posStore.sparseSet
	if k := st.index.load(e); k != 0 {
		st.vals[k-1] = p
	} else {
		st.add(e, p)
	}
	// An indexed entity going from one cell of the grid to another goes
	// straight to move; reposition has the rest.
	c := int32(s.cell(p))
	if k := s.placed.index.load(e); k != 0 {
		if old := &s.placed.vals[k-1]; old.cell != c && old.cell >= 0 && c >= 0 {
			from := int(old.cell)
			old.cell = c
			s.move(e, from, *old)
			// A mover's step sets its velocity and its position, a pair
			// (SetPair), and nothing else: the velocity's one value is
			// applied here without flushBut's loop over the touched list.
			if t := a.touched; len(t) == 2 && t[1] == s.pos.id {
				if c := a.cores[t[0]]; c != nil && len(c.ents) == 1 && len(c.rem) == 0 {
					c.setOne()
					return
				}
			}
			a.flushBut(s.pos.id)
			return
		}
	}
	s.reposition(w, e, c)
	a.flushBut(s.pos.id)
}

// posOf returns the position delta of a, and keeps it for the next
// commit: an engine commits one action over and over, and the comparison
// costs less than the look-up with its type check. An action's deltas are
// made once, with it; a reset forgets the action kept.
func (s *Spatial) posOf(a *Action) *dataDelta[geom.Point] {
	s.act, s.actPos = a, a.deltas[s.pos.id].(*dataDelta[geom.Point])
	return s.actPos
}

// commitMany is commit for any action: several positions, removals, or
// changes to what the index counts or lists. An action that changes
// positions alone (moves, spawns, positions removed) needs no other
// store's answer: its position delta d says where each entity goes, and
// each entity's components the index counts or lists are those it had.
func (s *Spatial) commitMany(w *World, a *Action, d *dataDelta[geom.Point]) {
	if a.mask.Intersects(&s.members) {
		if len(d.ents) == 0 && len(d.rem) == 1 && s.aboutOnly(a, d.rem[0]) {
			s.commitRemoval(a, d.rem[0])
			return
		}
		if gone, ok := s.spawnsOnly(a, d, w.next); ok {
			s.commitSpawns(w, a, d, gone)
			return
		}
		if removed, ok := s.removalsOnly(a, d, w.scratch[:0]); ok {
			s.commitRemovals(a, removed)
			w.scratch = removed[:0]
			return
		}
		affected := s.affected(a, w.scratch[:0])
		a.flush()
		s.update(w, a, affected)
		w.scratch = affected[:0]
		return
	}
	// The position delta is applied here, each value as its entity is
	// placed, and left empty for the flush of the other components.
	d.forget()
	st := &s.posStore.sparseSet
	for i, e := range d.ents {
		p := d.vals[i]
		s.reposition(w, e, int32(s.cell(p)))
		if k := st.index.load(e); k != 0 {
			if st.summed {
				st.touch(int(k - 1))
			}
			st.vals[k-1] = p
		} else {
			st.add(e, p)
		}
	}
	for _, e := range d.rem {
		if k := s.placed.index.load(e); k != 0 {
			s.withdraw(e, s.placed.vals[k-1])
			s.placed.remove(e)
		}
		st.remove(e)
	}
	d.ents, d.vals, d.rem = d.ents[:0], d.vals[:0], d.rem[:0]
	a.flushBut(s.pos.id)
}

// aboutOnly reports whether every tracked delta of the action but the
// position's holds e alone. It visits the touched components the index
// tracks, from the masks, not every touched one: a thing removed whole
// touches all its components, of which the index tracks two or three.
func (s *Spatial) aboutOnly(a *Action, e Entity) bool {
	for k, t := range s.tracked[:s.trackedWords] {
		for b := a.mask[k&3] & t; b != 0; b &= b - 1 {
			id := ID(k*64 + bits.TrailingZeros64(b))
			if id != s.pos.id && !a.cores[id].only(e) {
				return false
			}
		}
	}
	return true
}

// spawnsOnly reports whether every entity of every tracked delta of the
// action was spawned by it (above next, the world's last id), and the
// position delta sets strictly rising ids: a road's population, a blast's
// fragments. The entities update would gather are then the position
// delta's, in its order, each once; the others hold nothing and get no
// position, so update would pass them by.
//
// One entity of the world's may go as well, the barrel a blast removes
// whole: the position delta's one removal, which the other tracked deltas
// may only remove too. spawnsOnly returns it (zero for none). Below every
// spawned id, it is the first entity update would take, and it would
// leave the index as it was placed, having no position after the flush.
func (s *Spatial) spawnsOnly(a *Action, d *dataDelta[geom.Point], next Entity) (Entity, bool) {
	prev := next
	for _, e := range d.ents {
		if e <= prev {
			return 0, false
		}
		prev = e
	}
	var gone Entity
	if len(d.rem) == 1 && d.rem[0] <= next {
		gone = d.rem[0]
	} else if len(d.rem) > 0 && lowest(d.rem) <= next {
		return 0, false
	}
	for _, id := range a.touched {
		if !s.tracked.Has(id) || id == s.pos.id {
			continue
		}
		c := a.cores[id]
		for _, e := range c.ents {
			if e <= next {
				return 0, false
			}
		}
		// With no entity gone, gone is zero, which no delta holds.
		for _, e := range c.rem {
			if e <= next && e != gone {
				return 0, false
			}
		}
	}
	return gone, true
}

// lowest returns the smallest entity of a list that is not empty.
func lowest(list []Entity) Entity {
	lo := list[0]
	for _, e := range list[1:] {
		lo = min(lo, e)
	}
	return lo
}

// commitSpawns is commitMany for an action spawnsOnly accepts: each entity
// the position delta places is new to the index, and holds of what the
// index counts and lists just what the action sets on it. Its placement is
// read from the deltas before the flush, a pass over each touched
// member's entries rather than a look-up per entity and member after it,
// and it is placed as update would place it, without gathering, sorting
// or looking it up in the placements. The entity gone (if not zero), of
// the world's, leaves the index first, as update would take it first.
func (s *Spatial) commitSpawns(w *World, a *Action, d *dataDelta[geom.Point], gone Entity) {
	first := w.next + 1
	pls := zeroed(s.fresh, int(a.spawned))
	for _, id := range a.touched {
		if !s.members.Has(id) {
			continue
		}
		var counted, listed uint64
		if i := s.countSlot[id]; i >= 0 {
			counted = 1 << i
		}
		if i := s.listSlot[id]; i >= 0 {
			listed = 1 << i
		}
		for _, e := range a.cores[id].ents {
			pl := &pls[e-first]
			pl.counted |= counted
			pl.listed |= listed
		}
	}
	for i, e := range d.ents {
		pls[e-first].cell = int32(s.cell(d.vals[i]))
	}
	placing := append(w.scratch[:0], d.ents...)
	a.flush()
	if k := s.placed.index.load(gone); gone != 0 && k != 0 {
		s.withdraw(gone, s.placed.vals[k-1])
		s.placed.remove(gone)
	}
	for _, e := range placing {
		pl := pls[e-first]
		// Spawned by the action, e has never been placed: it is added
		// without set's look-up.
		s.placed.add(e, pl)
		s.deposit(e, pl)
	}
	s.fresh = pls
	w.scratch = placing[:0]
}

// removalsOnly reports whether the position delta only removes, and every
// other tracked delta holds only entities it removes the position from:
// leaving a road. The entities update would gather are then the position
// delta's, each once; removalsOnly appends them to into in rising order,
// as update would take them, and returns the list.
func (s *Spatial) removalsOnly(a *Action, d *dataDelta[geom.Point], into []Entity) ([]Entity, bool) {
	if len(d.ents) != 0 || len(d.rem) == 0 {
		return into, false
	}
	lo, hi := d.rem[0], d.rem[0]
	for _, e := range d.rem[1:] {
		lo, hi = min(lo, e), max(hi, e)
	}
	words := int((hi-lo)/64 + 1)
	if words > 2*len(d.rem)+8 {
		return into, false
	}
	if len(s.bits) < words {
		s.bits = make([]uint64, words)
	}
	marks := s.bits[:words]
	for _, e := range d.rem {
		marks[(e-lo)/64] |= 1 << ((e - lo) % 64)
	}
	ok := true
	for _, id := range a.touched {
		if !s.tracked.Has(id) || id == s.pos.id {
			continue
		}
		c := a.cores[id]
		if !marked(marks, lo, c.ents) || !marked(marks, lo, c.rem) {
			ok = false
			break
		}
	}
	// Read back in order, leaving the bitmap all zero.
	for k, b := range marks {
		for ; ok && b != 0; b &= b - 1 {
			into = append(into, lo+Entity(k*64+bits.TrailingZeros64(b)))
		}
		marks[k] = 0
	}
	return into, ok
}

// marked reports whether every entity of list has its mark, from lo.
func marked(marks []uint64, lo Entity, list []Entity) bool {
	for _, e := range list {
		k := e - lo
		if e < lo || k/64 >= Entity(len(marks)) || marks[k/64]&(1<<(k%64)) == 0 {
			return false
		}
	}
	return true
}

// commitRemovals is commitMany for an action removalsOnly accepts, with
// the list it made: every entity the position delta removes leaves the
// index as it was placed, which is what update would find.
func (s *Spatial) commitRemovals(a *Action, removed []Entity) {
	a.flush()
	placed := 0
	for _, e := range removed {
		if s.placed.index.load(e) != 0 {
			placed++
		}
	}
	if placed == s.placed.size() {
		s.clearAll(removed)
		return
	}
	for _, e := range removed {
		if k := s.placed.index.load(e); k != 0 {
			s.withdraw(e, s.placed.vals[k-1])
			s.placed.remove(e)
		}
	}
}

// clearAll is commitRemovals for a list that holds every placed entity:
// each cell, count and list that held one ends empty, so it is emptied
// whole, in the order withdrawing them one by one would first change it,
// without pulling each entity out of its lists. Every non-zero count and
// non-empty list of a cell is one of its entities' own.
func (s *Spatial) clearAll(removed []Entity) {
	nc, nl := len(s.counted), len(s.listed)
	for _, e := range removed {
		k := s.placed.index.load(e)
		if k == 0 {
			continue
		}
		pl := s.placed.vals[k-1]
		if pl.cell < 0 {
			continue
		}
		c := int(pl.cell)
		s.note(c)
		if sp := &s.cells[c]; sp.n > 0 {
			sp.n = 0
			s.vacated(sp, cellKeep)
		}
		for b := pl.counted; b != 0; b &= b - 1 {
			s.counts[c*nc+bits.TrailingZeros64(b)] = 0
		}
		for b := pl.listed; b != 0; b &= b - 1 {
			if sp := &s.lists[c*nl+bits.TrailingZeros64(b)]; sp.n > 0 {
				sp.n = 0
				s.vacated(sp, firstRoom)
			}
		}
	}
	s.placed.empty()
}

// commitRemoval is commitMany for an action whose tracked deltas all hold
// only e, which loses its position: a thing removed whole (a spent
// fragment or bullet, a destroyed one). Whatever else it gains or loses,
// without a position it leaves the index as it was placed, which is what
// update would find with e its one affected entity.
func (s *Spatial) commitRemoval(a *Action, e Entity) {
	a.flushRemoving()
	if k := s.placed.index.load(e); k != 0 {
		s.withdraw(e, s.placed.vals[k-1])
		s.unplace(e, k)
	}
}

// unplace forgets the placement of e, whose code k in placed was just
// looked up: remove's work without a second look-up, the zeroing (a
// placement holds no reference) or the kinds (placed has none), and in
// code that is not generic, so with no dictionary to go through, for the
// index's side of every thing removed whole.
func (s *Spatial) unplace(e Entity, k int32) {
	pl := &s.placed
	i, last := int(k-1), len(pl.dense)-1
	pl.fill(i, last, k)
	// Written as self-assignments, which set the lengths alone.
	pl.dense = pl.dense[:last]
	pl.vals = pl.vals[:last]
	if pl.index.unset(e) {
		pl.index.emptied(e)
	}
}

// reposition places e, whose counted and listed components do not
// change, in cell c (-1 off the grid), as update would.
func (s *Spatial) reposition(w *World, e Entity, c int32) {
	k := s.placed.index.load(e)
	if k == 0 {
		pl := s.membersOf(w, e)
		pl.cell = c
		s.placed.set(e, pl)
		s.deposit(e, pl)
		return
	}
	old := &s.placed.vals[k-1]
	switch {
	case old.cell == c:
	case old.cell >= 0 && c >= 0:
		from := int(old.cell)
		old.cell = c
		s.move(e, from, *old)
	default:
		s.withdraw(e, *old)
		old.cell = c
		s.deposit(e, *old)
	}
}

// affected gathers, without repeats, the entities whose contribution the
// action may change. A single delta holds each entity once, so only
// several tracked deltas need sorting out. A delta holding only the one
// entity gathered so far adds nothing: spawning or removing one thing
// touches every component of it, each delta holding just that entity, and
// those need neither the appends nor the sort.
func (s *Spatial) affected(a *Action, into []Entity) []Entity {
	deltas := 0
	for _, id := range a.touched {
		if s.tracked.Has(id) {
			c := a.cores[id]
			if len(into) == 1 && c.only(into[0]) {
				continue
			}
			into = c.appendTouched(into)
			deltas++
		}
	}
	if deltas > 1 {
		into = s.sortUnique(into)
	}
	return into
}

// sortUnique sorts list and drops repeats, in place. Ids an action touches
// lie close together (a road's population, a blast's fragments, a few
// movers), so it marks them in a bitmap over their range and reads them
// back in order, in time linear in the list; a list spread too thinly for
// that is sorted.
func (s *Spatial) sortUnique(list []Entity) []Entity {
	if len(list) < 2 {
		return list
	}
	lo, hi := list[0], list[0]
	for _, e := range list[1:] {
		lo, hi = min(lo, e), max(hi, e)
	}
	if lo == hi {
		// One entity in every delta: a spawn, or a change to one thing.
		return list[:1]
	}
	words := (hi-lo)/64 + 1
	if words > Entity(2*len(list)+8) {
		slices.Sort(list)
		return slices.Compact(list)
	}
	if Entity(len(s.bits)) < words {
		s.bits = make([]uint64, words)
	}
	marks := s.bits[:words]
	for _, e := range list {
		marks[(e-lo)/64] |= 1 << ((e - lo) % 64)
	}
	out := list[:0]
	for k, b := range marks {
		for ; b != 0; b &= b - 1 {
			out = append(out, lo+Entity(k*64+bits.TrailingZeros64(b)))
		}
		marks[k] = 0
	}
	return out
}

// update brings the index in step with the stores for the affected
// entities, after the action is applied. Only the counted and listed
// components the action touched can have changed an entity's membership:
// an entity placed before keeps its other bits, and one the action spawned
// holds nothing else, so neither asks the stores about every component.
func (s *Spatial) update(w *World, a *Action, affected []Entity) {
	touched := s.touchedMembers(w, a)
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
		switch {
		case k != 0:
			pl = s.recheck(e, s.placed.vals[k-1], touched)
		case e > w.next:
			// Spawned by the action: ids above the world's are handed
			// out by actions and hold nothing before their commit.
			pl = s.recheck(e, placement{}, touched)
		default:
			pl = s.membersOf(w, e)
		}
		pl.cell = int32(s.cell(p))
		if k != 0 {
			old := &s.placed.vals[k-1]
			if *old == pl {
				continue
			}
			if old.counted == pl.counted && old.listed == pl.listed && old.cell >= 0 && pl.cell >= 0 {
				s.move(e, int(old.cell), pl)
				old.cell = pl.cell
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

// touchedMembers lists the counted and listed components the action
// touches, in s.touched.
func (s *Spatial) touchedMembers(w *World, a *Action) []member {
	touched := s.touched[:0]
	for _, id := range a.touched {
		if s.members.Has(id) {
			m := member{idx: w.indexes[id]}
			if i := s.countSlot[id]; i >= 0 {
				m.counted = 1 << i
			}
			if i := s.listSlot[id]; i >= 0 {
				m.listed = 1 << i
			}
			touched = append(touched, m)
		}
	}
	s.touched = touched
	return touched
}

// member is a counted or listed component for recheck: its store's index
// and its bits in a placement.
type member struct {
	idx             *sparseIndex
	counted, listed uint64
}

// recheck returns pl with the membership bits of the components ms asked
// of the stores for e.
func (s *Spatial) recheck(e Entity, pl placement, ms []member) placement {
	for _, m := range ms {
		if m.idx.load(e) != 0 {
			pl.counted |= m.counted
			pl.listed |= m.listed
		} else {
			pl.counted &^= m.counted
			pl.listed &^= m.listed
		}
	}
	return pl
}

// placementOf asks the stores what e contributes.
func (s *Spatial) placementOf(w *World, e Entity) placement {
	p, _ := s.posStore.get(e)
	pl := s.membersOf(w, e)
	pl.cell = int32(s.cell(p))
	return pl
}

// membersOf asks the stores which counted and listed components e has.
func (s *Spatial) membersOf(w *World, e Entity) placement {
	var pl placement
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

// move takes e, which keeps its counted and listed components, from cell
// from to pl's cell: withdraw and deposit in one pass over its components.
func (s *Spatial) move(e Entity, from int, pl placement) {
	to := int(pl.cell)
	s.note(from)
	s.note(to)
	f, t := &s.cells[from], &s.cells[to]
	if f.n != 1 || t.n != 0 {
		// shift's lines, written here: a crowd's step pays no call for
		// the cell, the span every step moves.
		s.pull(f, e)
		s.vacated(f, cellKeep)
		s.push(t, e)
		s.recount(from, to, pl.counted)
		n := len(s.listed)
		for b := pl.listed; b != 0; b &= b - 1 {
			i := bits.TrailingZeros64(b)
			if f, t := &s.lists[from*n+i], &s.lists[to*n+i]; !trade(f, t) {
				s.shift(f, t, e)
			}
		}
		return
	}
	// A lone entity entering an empty cell (the van changing lanes, a
	// bullet in flight) is alone in each listed set of its cell too, and
	// every set of the cell it enters is empty: all its spans trade.
	*f, *t = *t, *f
	s.recount(from, to, pl.counted)
	n := len(s.listed)
	lists := s.lists
	fb, tb := from*n, to*n
	for b := pl.listed; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		lists[fb+i], lists[tb+i] = lists[tb+i], lists[fb+i]
	}
}

// recount moves the counts of the counted components in bits from cell
// from to cell to.
func (s *Spatial) recount(from, to int, bits64 uint64) {
	n := len(s.counted)
	counts := s.counts
	fb, tb := from*n, to*n
	for b := bits64; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		counts[fb+i]--
		counts[tb+i]++
	}
}

// trade moves the lone entity of span from to the empty span to, if
// that is the case, by trading their blocks: nothing in the pool is
// written and nothing is claimed, and both lists read as pull and push
// would leave them. It is the common step of a mover on an open road.
// An empty span's room is at most what vacated keeps (cellKeep for a
// cell, firstRoom for a listed component's list), so the trade keeps
// that true of from. It reports whether it traded, and is small enough
// to inline where shift is the other way.
func trade(from, to *span) bool {
	if from.n != 1 || to.n != 0 {
		return false
	}
	*from, *to = *to, *from
	return true
}

// shift moves e from listed component span from to the end of span to,
// keeping the order of both.
func (s *Spatial) shift(from, to *span, e Entity) {
	s.pull(from, e)
	s.vacated(from, firstRoom)
	s.push(to, e)
}

func (s *Spatial) withdraw(e Entity, pl placement) {
	if pl.cell < 0 {
		return
	}
	c := int(pl.cell)
	s.note(c)
	sp := &s.cells[c]
	s.pull(sp, e)
	s.vacated(sp, cellKeep)
	for b := pl.counted; b != 0; b &= b - 1 {
		s.counts[c*len(s.counted)+bits.TrailingZeros64(b)]--
	}
	for b := pl.listed; b != 0; b &= b - 1 {
		k := c*len(s.listed) + bits.TrailingZeros64(b)
		sp := &s.lists[k]
		s.pull(sp, e)
		s.vacated(sp, firstRoom)
	}
}

func (s *Spatial) deposit(e Entity, pl placement) {
	if pl.cell < 0 {
		return
	}
	c := int(pl.cell)
	s.note(c)
	s.push(&s.cells[c], e)
	for b := pl.counted; b != 0; b &= b - 1 {
		s.counts[c*len(s.counted)+bits.TrailingZeros64(b)]++
	}
	for b := pl.listed; b != 0; b &= b - 1 {
		k := c*len(s.listed) + bits.TrailingZeros64(b)
		s.push(&s.lists[k], e)
	}
}

// Check rebuilds the index from the world's stores and reports the first
// disagreement with the maintained one. Tests call it after commits, and
// the game's invariant check (soak tests, loaded saves) between turns: a
// drifting index would make rules answer wrongly without failing.
func (s *Spatial) Check(w *World) error {
	// The fresh index is thrown away: it needs room for this grid only,
	// not for the widest one the game may reserve.
	spec := s.spec()
	spec.Reserve = 0
	fresh := w.buildSpatial(spec)
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
	if !s.sameSpan(fresh, s.cells[c], fresh.cells[c]) {
		return fmt.Errorf("spatial index: cell %v holds %v, the store says %v", p, s.list(s.cells[c]), fresh.list(fresh.cells[c]))
	}
	for i, id := range s.counted {
		k := c*len(s.counted) + i
		if s.counts[k] != fresh.counts[k] {
			return fmt.Errorf("spatial index: cell %v counts %d of %s, the store says %d", p, s.counts[k], w.schema.Name(id), fresh.counts[k])
		}
	}
	for i, id := range s.listed {
		k := c*len(s.listed) + i
		if !s.sameSpan(fresh, s.lists[k], fresh.lists[k]) {
			return fmt.Errorf("spatial index: cell %v lists %v for %s, the store says %v", p, s.list(s.lists[k]), w.schema.Name(id), fresh.list(fresh.lists[k]))
		}
	}
	return nil
}

// sameSpan reports whether s's span a and fresh's span b list the same
// entities. Most spans are empty, and then neither list is read.
func (s *Spatial) sameSpan(fresh *Spatial, a, b span) bool {
	if a.n != b.n {
		return false
	}
	return a.n == 0 || sameMembers(s.list(a), fresh.list(b))
}

// sameMembers reports whether a and b hold the same entities as many times
// each, in any order. Almost every cell holds a few at most, and the soak
// tests compare every cell of the road between turns, so short lists are
// compared in place by counting, and only long ones are sorted copies.
func sameMembers(a, b []Entity) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) <= 8 {
		// Equal lengths and equal counts of every value of a leave b no
		// room for a value a lacks.
		for _, e := range a {
			if countOf(a, e) != countOf(b, e) {
				return false
			}
		}
		return true
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// countOf says how many times list holds e.
func countOf(list []Entity, e Entity) int {
	n := 0
	for _, x := range list {
		if x == e {
			n++
		}
	}
	return n
}
