package ecs

import (
	"fmt"
	"reflect"
)

// Entity is an entity id. Zero is never handed out, so it can mean "none".
type Entity uint64

const (
	pageBits = 8
	pageSize = 1 << pageBits
	pageMask = pageSize - 1
	// maxSpare is how many emptied pages an index keeps for reuse, so ids
	// that only grow (bullets, fragments) do not allocate a fresh page every
	// pageSize spawns.
	maxSpare = 64
)

// slotPage is one lazily allocated block of a map from entity ids to
// slots of V, with the number of its slots in use so it can be released
// when the last one clears.
type slotPage[V int32 | uint64] struct {
	used int32
	slot [pageSize]V
}

// page is a page of a sparse index: entities' codes.
type page = slotPage[int32]

// noPage stands for every page not allocated, so a lookup needs no nil
// check. It is never written: store replaces it before writing.
var noPage = new(page)

// pageTable is the page table of such a map, with the pages it keeps for
// reuse: the sparse index's codes and the kind masks use the same one.
// The reads and the common writes go to pages directly; the methods are
// the rare steps of a page's life, each given the map's stand-in for the
// pages not allocated (none), which is never written.
type pageTable[V int32 | uint64] struct {
	pages []*slotPage[V]
	spare []*slotPage[V]
	// idle is 1 + the number of the page that emptied last, or 0. That
	// page stays in place until another one empties, so an entity that
	// gains and loses a component turn after turn does not release and
	// fetch its page every time.
	idle Entity
}

// minPages is the fewest pages a table makes room for: ids climb through
// a run (a game's reach tens of pages), and a table doubled from one page
// made four small arrays before it held sixteen.
const minPages = 16

// extend makes the table n pages long, the new ones none.
func (t *pageTable[V]) extend(n int, none *slotPage[V]) {
	old := len(t.pages)
	if n <= cap(t.pages) {
		t.pages = t.pages[:n]
	} else {
		grown := make([]*slotPage[V], n, max(n, 2*cap(t.pages), minPages))
		copy(grown, t.pages)
		t.pages = grown
	}
	for i := old; i < n; i++ {
		t.pages[i] = none
	}
}

// fetch puts an all-zero page at p, which is none, reusing a released one
// when it can (a released page is all zero because its last slot has just
// been cleared), and returns it.
func (t *pageTable[V]) fetch(p Entity) *slotPage[V] {
	var pg *slotPage[V]
	if n := len(t.spare); n > 0 {
		pg = t.spare[n-1]
		t.spare[n-1] = nil
		t.spare = t.spare[:n-1]
	} else {
		pg = new(slotPage[V])
	}
	t.pages[p] = pg
	return pg
}

// emptied handles page p losing its last entry: it stays, and the page
// that emptied before it goes back to the spares if still empty.
func (t *pageTable[V]) emptied(p Entity, none *slotPage[V]) {
	if t.idle != 0 && t.idle-1 != p {
		t.release(t.idle-1, none)
	}
	t.idle = p + 1
}

// release gives page p back to the spares if it is still empty.
func (t *pageTable[V]) release(p Entity, none *slotPage[V]) {
	pg := t.pages[p]
	if pg == none || pg.used != 0 {
		return
	}
	t.pages[p] = none
	if len(t.spare) < maxSpare {
		t.spare = append(t.spare, pg)
	}
}

// sparseIndex maps entity ids to int32 codes through lazily allocated pages,
// so ids cost memory only while their page holds a live entry. Zero means
// absent.
type sparseIndex struct {
	pageTable[int32]
	// held, for a store's index, is told when a page gains its first
	// entry or loses its last, as component id; nil for any other index.
	held *pageHolders
	id   ID
	// kind, for the index of a tracked store, is the component's bit in
	// kinds, which add, remove and empty keep; zero for any other index.
	kinds *kindMasks
	kind  uint64
}

// pageHolders keeps, for every page of entity ids, the set of components
// that have an entry in that page. Removing an entity asks only these
// components' indexes instead of every component's. It changes only when
// a page of one component gains its first entry or loses its last, so it
// costs nothing on the common writes. Each page takes one word per 64
// components of the schema (8 bytes for up to 64), next to the 8 bytes
// per page that each component's index already keeps.
type pageHolders struct {
	words []uint64
	// stride is the number of words per page.
	stride int
	// pages is len(words)/stride, kept so that of, asked on every
	// removal of an entity, divides nothing.
	pages Entity
}

func newPageHolders(components int) *pageHolders {
	return &pageHolders{stride: (components + 63) / 64}
}

// of returns the words of the components with an entry in e's page (none
// past the last page any component has reached).
func (h *pageHolders) of(e Entity) []uint64 {
	if p := e >> pageBits; p < h.pages {
		k := int(p) * h.stride
		return h.words[k : k+h.stride]
	}
	return nil
}

func (h *pageHolders) add(p Entity, id ID) {
	k := int(p)*h.stride + int(id>>6)
	if k >= len(h.words) {
		n := (int(p) + 1) * h.stride
		if n <= cap(h.words) {
			h.words = h.words[:n]
		} else {
			h.words = append(h.words[:cap(h.words)], make([]uint64, n-cap(h.words))...)
		}
		h.pages = p + 1
	}
	h.words[k] |= 1 << (id & 63)
}

func (h *pageHolders) drop(p Entity, id ID) {
	h.words[int(p)*h.stride+int(id>>6)] &^= 1 << (id & 63)
}

// has reports whether component id has an entry in page p.
func (h *pageHolders) has(p Entity, id ID) bool {
	k := int(p)*h.stride + int(id>>6)
	return k < len(h.words) && h.words[k]&(1<<(id&63)) != 0
}

// load returns e's code, or 0. The page number is compared as an Entity so
// a large id cannot wrap to a small page on 32-bit platforms.
func (s *sparseIndex) load(e Entity) int32 {
	if p := e >> pageBits; p < Entity(len(s.pages)) {
		return s.pages[p].slot[e&pageMask]
	}
	return 0
}

// store gives e the non-zero code v. The usual case, an id whose page is
// in use, writes the slot and counts it without store's other checks: a
// page in use is never noPage (whose count stays zero), and an entity past
// MaxEntity is refused as before.
func (s *sparseIndex) store(e Entity, v int32) {
	if p := e >> pageBits; p < Entity(len(s.pages)) && e <= MaxEntity {
		if pg := s.pages[p]; pg.used != 0 {
			slot := &pg.slot[e&pageMask]
			if *slot == 0 {
				pg.used++
			}
			*slot = v
			return
		}
	}
	s.storeNew(e, v)
}

// storeNew is store for an id whose page is absent or empty.
func (s *sparseIndex) storeNew(e Entity, v int32) {
	if e > MaxEntity {
		panic(fmt.Sprintf("ecs: entity id %d is beyond MaxEntity", e))
	}
	p := int(e >> pageBits)
	if p >= len(s.pages) {
		s.extend(p+1, noPage)
	}
	pg := s.pages[p]
	if pg == noPage {
		pg = s.fetch(Entity(p))
	}
	slot := &pg.slot[e&pageMask]
	if *slot == 0 {
		pg.used++
		if pg.used == 1 && s.held != nil {
			s.held.add(Entity(p), s.id)
		}
	}
	*slot = v
}

// replace gives e, which has a code, the non-zero code v: what a swap
// removal needs for the entry it moves, without store's checks for a new
// entry.
func (s *sparseIndex) replace(e Entity, v int32) { s.pages[e>>pageBits].slot[e&pageMask] = v }

// clear removes e's code; e must have one. The loops that clear many
// codes (a store's removal, a delta's index) test unset themselves, so
// only the page's emptying, rare, is a call.
func (s *sparseIndex) clear(e Entity) {
	if s.unset(e) {
		s.emptied(e)
	}
}

// unset zeroes e's code and reports whether its page is left empty.
func (s *sparseIndex) unset(e Entity) bool {
	pg := s.pages[e>>pageBits]
	pg.slot[e&pageMask] = 0
	pg.used--
	return pg.used == 0
}

// emptied handles the page of e losing its last entry.
func (s *sparseIndex) emptied(e Entity) {
	p := e >> pageBits
	if s.held != nil {
		s.held.drop(p, s.id)
	}
	s.pageTable.emptied(p, noPage)
}

// sparseSet stores one value per entity: the index holds position+1 into the
// dense entity and value slices. Removal swaps the last element into the
// hole, which keeps iteration order a pure function of the operations.
type sparseSet[T any] struct {
	index sparseIndex
	dense []Entity
	vals  []T
	// hash folds a value into an entry's term (nil: the entry's slot and
	// entity alone make it, as for a flag).
	hash HashFunc[T]
	digestHead
}

// digestHead is a store's kept digest, apart from the value type so that
// the world and the removals keep it without a call.
//
// The digest is the sum of one term per entry (term). Until the first
// World.Hash, nothing is kept: a run never hashed (a plain autoplay) pays a
// test a write for it. From then on each entry's term is kept by slot, the
// writes mark the slots whose values they replace (touch), so that the
// next hash takes the terms of those slots and of the entries appended
// since, each once, however often written: a turn's hash costs what the
// turn wrote, not the store's size. A removal moves the last entry into
// the hole, so it takes the terms out as it goes (cut). Each part is good
// while summed.
type digestHead struct {
	// sum is the sum of terms, which hold the terms of the slots the last
	// hash left; a slot appended since is past their end.
	sum    uint64
	terms  []uint64
	summed bool
	// dense is the store's entities, whose number, past len(terms),
	// tells of entries appended since the last hash.
	dense *[]Entity
	// dirty lists the slots below len(terms) written since the last hash,
	// whose terms are stale.
	dirty []int32
	// counted is the store's share of the world's hash as the world's
	// sum of shares holds it (World.Hash).
	counted uint64
}

// share returns the store's share of the world's hash, for a store of
// component id whose digest is current: nothing for an empty store, else
// its id and count in one word (an id is below 256 and a count below
// 2^31), folded with its sum.
func (d *digestHead) share(id int) uint64 {
	if n := len(d.terms); n != 0 {
		return Mix(uint64(id)<<32|uint64(n), d.sum)
	}
	return 0
}

// touch marks slot i stale, before a write replaces its value. Past one
// mark an entry, digesting the store afresh costs less: it stops keeping
// its digest until the next hash. It is kept out of line so that the
// writes of a world never hashed, which only test summed, carry no more.
//
//go:noinline
func (d *digestHead) touch(i int) {
	n := len(d.dirty)
	if n != 0 && d.dirty[n-1] == int32(i) {
		return // a mover's steps write its slot over and over
	}
	if n > len(d.terms)+8 {
		d.drop()
		return
	}
	d.dirty = append(d.dirty, int32(i))
}

// cut takes slot i's term out as its entry is removed, and the last
// entry, if it is another, moves into the slot, whose term is then stale.
// A slot at or past len(terms) was appended since the last hash and has
// no term yet.
//
//go:noinline
func (d *digestHead) cut(i, last int) {
	n := len(d.terms)
	if i < n {
		d.sum -= d.terms[i]
	}
	if i != last {
		if last < n {
			d.sum -= d.terms[last]
		}
		if i < n {
			d.terms[i] = 0
			if d.touch(i); !d.summed {
				return // dropped: the next hash takes every term
			}
		}
	}
	d.terms = d.terms[:min(n, last)]
}

// touchEntity marks e's slot stale, if e has one, before a write replaces
// its value.
func (s *sparseSet[T]) touchEntity(e Entity) {
	if k := s.index.load(e); k != 0 {
		s.touch(int(k - 1))
	}
}

// cutEntity takes e's term out, if e has an entry, before remove takes it.
func (s *sparseSet[T]) cutEntity(e Entity) {
	if k := s.index.load(e); k != 0 {
		s.cut(int(k-1), len(s.dense)-1)
	}
}

// current reports whether the digest holds for the store as it is.
func (d *digestHead) current() bool {
	return d.summed && len(d.dirty) == 0 && len(*d.dense) == len(d.terms)
}

// drop stops keeping the digest, keeping the memory for the next hash.
func (d *digestHead) drop() {
	d.sum, d.summed = 0, false
	d.terms, d.dirty = d.terms[:0], d.dirty[:0]
}

func (s *sparseSet[T]) has(e Entity) bool { return s.index.load(e) != 0 }

func (s *sparseSet[T]) sparse() *sparseIndex { return &s.index }

func (s *sparseSet[T]) get(e Entity) (v T, ok bool) {
	if i := s.index.load(e); i != 0 {
		return s.vals[i-1], true
	}
	return v, false
}

func (s *sparseSet[T]) set(e Entity, v T) {
	if i := s.index.load(e); i != 0 {
		if s.summed {
			s.touch(int(i - 1))
		}
		s.vals[i-1] = v
		return
	}
	s.add(e, v)
}

// add appends e, which has no value yet, with value v. The index's usual
// case, e's page in use, is store's written out: e has no code there to
// test for, and the page is not looked up again in a call.
func (s *sparseSet[T]) add(e Entity, v T) {
	s.dense = append(s.dense, e)
	s.vals = append(s.vals, v)
	x := &s.index
	if p := e >> pageBits; p < Entity(len(x.pages)) && e <= MaxEntity && x.pages[p].used != 0 {
		pg := x.pages[p]
		pg.used++
		pg.slot[e&pageMask] = int32(len(s.dense))
	} else {
		x.storeNew(e, int32(len(s.dense)))
	}
	if s.index.kind != 0 {
		s.index.kinds.gain(e, s.index.kind)
	}
}

// removal returns the parts of s that removing one entity changes, for a
// delta to remove it without the value type (Action.flushRemoving): the
// entities, the kept digest, and the rest of the removal, which takes the
// entry's term out if the digest is kept and the value at i out, the last
// one moving into its place, as remove moves them. A closure made here
// calls no generic wrapper, which a method called through an interface
// would.
func (s *sparseSet[T]) removal() (*[]Entity, *digestHead, func(i, last int)) {
	if !holdsRefs(reflect.TypeFor[T]()) {
		// The value left past the end holds nothing for the collector to
		// keep, and the next append overwrites it: it is not zeroed.
		return &s.dense, &s.digestHead, func(i, last int) {
			if s.summed {
				s.cut(i, last)
			}
			s.vals[i] = s.vals[last]
			s.vals = s.vals[:last]
		}
	}
	return &s.dense, &s.digestHead, func(i, last int) {
		if s.summed {
			s.cut(i, last)
		}
		s.vals[i] = s.vals[last]
		var zero T
		s.vals[last] = zero
		s.vals = s.vals[:last]
	}
}

func (s *sparseSet[T]) remove(e Entity) bool {
	if s.summed {
		// Taken out before the removal's parts are found, so that
		// none is held across the call.
		s.cutEntity(e)
	}
	// e's page is looked up once, for its code and to clear it (noPage,
	// whose codes are all zero, is never written).
	pg := noPage
	if p := e >> pageBits; p < Entity(len(s.index.pages)) {
		pg = s.index.pages[p]
	}
	slot := &pg.slot[e&pageMask]
	k := *slot
	if k == 0 {
		return false
	}
	i, last := int(k-1), len(s.dense)-1
	s.fill(i, last, k)
	var zero T
	s.vals[last] = zero
	s.dense = s.dense[:last]
	s.vals = s.vals[:last]
	*slot = 0
	if pg.used--; pg.used == 0 {
		s.index.emptied(e)
	}
	if s.index.kind != 0 {
		s.index.kinds.lose(e, s.index.kind)
	}
	return true
}

// fill moves the last entry, if it is not i itself, into the hole a
// removal leaves at i, with the hole's code k.
func (s *sparseSet[T]) fill(i, last int, k int32) {
	if i != last {
		moved := s.dense[last]
		s.dense[i] = moved
		s.vals[i] = s.vals[last]
		s.index.replace(moved, k)
	}
}

// holdsAll reports whether every entity of list has an entry.
func (s *sparseSet[T]) holdsAll(list []Entity) bool {
	for _, e := range list {
		if s.index.load(e) == 0 {
			return false
		}
	}
	return true
}

// empty removes every entry, keeping the memory: released index pages go
// to the spares and the dense slices keep their capacity.
func (s *sparseSet[T]) empty() {
	for _, e := range s.dense {
		// clear's test written out: only a page's emptying is a call.
		if s.index.unset(e) {
			s.index.emptied(e)
		}
		if s.index.kind != 0 {
			s.index.kinds.lose(e, s.index.kind)
		}
	}
	clear(s.vals)
	s.dense, s.vals = s.dense[:0], s.vals[:0]
	// A world is emptied for its next run (World.Recycle), which may
	// never be hashed: the digest is taken afresh if it is.
	s.drop()
}

func (s *sparseSet[T]) size() int { return len(s.dense) }

// resum brings the digest up to date for World.Hash: the terms of the
// slots written and appended since the last hash, or, when it is not kept
// or more slots are stale than the store has entries, every term afresh.
func (s *sparseSet[T]) resum() {
	d := &s.digestHead
	if !d.summed || len(d.dirty) >= len(s.dense) {
		d.sum, d.terms, d.dirty = 0, d.terms[:0], d.dirty[:0]
	}
	for _, i := range d.dirty {
		if int(i) < len(d.terms) { // not removed since
			t := s.term(int(i), s.dense[i], &s.vals[i])
			d.sum += t - d.terms[i]
			d.terms[i] = t
		}
	}
	for i := len(d.terms); i < len(s.dense); i++ {
		t := s.term(i, s.dense[i], &s.vals[i])
		d.sum += t
		d.terms = append(d.terms, t)
	}
	d.dirty, d.summed = d.dirty[:0], true
}

// term is entry i's part of the store's digest: its slot and entity, then
// its value. The slot makes the digest name the order the entities are
// visited in, which decides how a turn plays, as a chain over the entries
// in order would, while any one entry's term is taken again alone. An
// entity id is below 2^28 (MaxEntity), so slot and id share one word
// without meeting.
func (s *sparseSet[T]) term(i int, e Entity, v *T) uint64 {
	h := Mix(0, uint64(i)<<32|uint64(e))
	if s.hash != nil {
		h = s.hash(h, *v)
	}
	return h
}

func (s *sparseSet[T]) entities() []Entity { return s.dense }
