package ecs

import (
	"fmt"
	"math/bits"
	"slices"
)

// Mask is a set of component ids.
type Mask [MaxComponents / 64]uint64

// Intersects is written out for a mask of four words.
const _ = uint(len(Mask{})-4) + uint(4-len(Mask{}))

// Add puts id in the mask.
func (m *Mask) Add(id ID) { m[id>>6] |= 1 << (id & 63) }

// Has reports whether id is in the mask.
func (m *Mask) Has(id ID) bool { return m[id>>6]&(1<<(id&63)) != 0 }

// Intersects reports whether m and o share any id.
func (m *Mask) Intersects(o *Mask) bool {
	// Written out, branch-free: the rule engine asks this for every rule
	// of every action.
	return m[0]&o[0]|m[1]&o[1]|m[2]&o[2]|m[3]&o[3] != 0
}

// MaskOf builds a mask from ids.
func MaskOf(ids ...ID) Mask {
	var m Mask
	for _, id := range ids {
		m.Add(id)
	}
	return m
}

// delta is the type-erased change set of one component inside an action.
type delta interface {
	reset()
	del(e Entity)
	// flush applies the delta to its store and resets it.
	flush()
	// core returns the part of a data or flag delta that does not depend
	// on the value type, nil for a property's.
	core() *deltaCore
	// setter returns flush for the delta holding one entry that sets a
	// value, nil for a property's (see deltaCore.setOne).
	setter() func()
	// room gives a data or flag delta's values room for one entry, and
	// its entities and removals the room in ents and rem (see NewAction);
	// a property's has no lists.
	room(ents, rem []Entity)
}

// entry states a component can have in an action.
const (
	untouched = iota
	beingSet
	beingRemoved
)

// linearMax is how many entries a delta searches linearly before it looks
// entities up through a sparse index; most actions touch one or two
// entities per component.
const linearMax = 8

// deltaCore is the part of a data or flag component's delta that does not
// depend on the value type: the entities it sets, in the order they were
// first set, and those it removes the component from. An entity is in at
// most one of the two lists. Codes name its place: i+1 for ents[i], -(j+1)
// for rem[j], 0 for neither. The action keeps every delta's core beside
// the delta, so the flush loops and Remove reach it without an interface
// call or a type assertion.
//
// Two things keep a large delta cheap to build. An entity above top, the
// largest the delta has held, cannot be in it: a set or a removal for it
// appends without a search, which is every write of an action placing
// entities it has just spawned. And the sparse index is built only when a
// large delta is searched, and then kept only as far as the lists had
// grown: it holds the codes of ents[:ie] and rem[:ir], and the next search
// adds the entries appended since. A delta never searched never writes or
// clears its index.
type deltaCore struct {
	ents []Entity
	rem  []Entity
	top  Entity
	idx  sparseIndex
	// ie and ir are how many of ents and rem the index holds.
	ie, ir int
	// held is the store's index, which tells whether an entity holds the
	// component before the action.
	held *sparseIndex
	// dense, head and cut are the store's other parts of a removal
	// (flushRemoving): its entities, its kept digest and its values' cut,
	// which alone needs the type.
	dense *[]Entity
	head  *digestHead
	cut   func(i, last int)
	// flags, for a flag store, is its values, which the removal shortens
	// in place instead of calling cut, a value of no size moving nothing,
	// unless the store keeps a digest (cut takes the term out).
	flags *[]struct{}
	// setOne is the delta's flush when it holds one entry, a value set:
	// a closure calls no generic wrapper, which flush through the delta
	// does, and a mover's commit flushes such a delta every step.
	setOne func()
}

// dataDelta is one data or flag component's part of an action: its core,
// and the values set, aligned with the core's ents.
type dataDelta[T any] struct {
	deltaCore
	st   *sparseSet[T]
	vals []T
	// refs is whether a T can hold a reference, which the values must
	// drop once applied so the delta does not keep it alive.
	refs bool
}

func (d *dataDelta[T]) core() *deltaCore { return &d.deltaCore }

func (d *dataDelta[T]) room(ents, rem []Entity) {
	d.ents, d.rem, d.vals = ents, rem, make([]T, 0, 1)
}

// setter returns flush for the delta holding one entry that sets a value.
// Its body is written in the closure, so calling it is one call, as a
// method value's would not be. flush keeps its own copy of these lines:
// calling the closure from there cost the commits that flush through the
// delta more than it saved (TestOneEntryFlushesAgreeWithTheGeneralWay
// holds the two copies to the same result).
func (d *dataDelta[T]) setter() func() {
	return func() {
		st := d.st
		// The index's lookup is written out: instantiated for a value
		// type of another package, the closure calls load, not inlines it.
		e, k := d.ents[0], int32(0)
		if p := e >> pageBits; p < Entity(len(st.index.pages)) {
			k = st.index.pages[p].slot[e&pageMask]
		}
		if k != 0 {
			if st.summed {
				st.touch(int(k - 1))
			}
			st.vals[k-1] = d.vals[0]
		} else {
			st.add(d.ents[0], d.vals[0])
		}
		if d.refs {
			var zero T
			d.vals[0] = zero
		}
		d.ents, d.vals, d.top = d.ents[:0], d.vals[:0], 0
	}
}

func (d *dataDelta[T]) reset() {
	d.forget()
	d.dropVals()
	d.ents, d.rem = d.ents[:0], d.rem[:0]
}

// forget drops what the delta knows about the entities it holds, the top
// and the index, before its lists are emptied.
func (d *deltaCore) forget() {
	if d.ie+d.ir > 0 {
		d.unindex()
	}
	d.top = 0
}

// unindex clears the index's entries.
func (d *deltaCore) unindex() {
	for _, e := range d.ents[:d.ie] {
		if d.idx.unset(e) {
			d.idx.emptied(e)
		}
	}
	for _, e := range d.rem[:d.ir] {
		if d.idx.unset(e) {
			d.idx.emptied(e)
		}
	}
	d.ie, d.ir = 0, 0
}

// dropVals empties the values, dropping the references they hold; a loop
// beats a runtime call for the one or two values of a typical action.
func (d *dataDelta[T]) dropVals() {
	if d.refs {
		if len(d.vals) <= linearMax {
			var zero T
			for i := range d.vals {
				d.vals[i] = zero
			}
		} else {
			clear(d.vals)
		}
	}
	d.vals = d.vals[:0]
}

func (d *deltaCore) find(e Entity) int32 {
	if e > d.top {
		return 0
	}
	if len(d.ents)+len(d.rem) > linearMax {
		return d.search(e)
	}
	for i, x := range d.ents {
		if x == e {
			return int32(i + 1)
		}
	}
	for j, x := range d.rem {
		if x == e {
			return -int32(j + 1)
		}
	}
	return 0
}

// search looks e up in the index of a large delta, first adding the
// entries appended since the last search.
func (d *deltaCore) search(e Entity) int32 {
	for ; d.ie < len(d.ents); d.ie++ {
		d.idx.store(d.ents[d.ie], int32(d.ie+1))
	}
	for ; d.ir < len(d.rem); d.ir++ {
		d.idx.store(d.rem[d.ir], -int32(d.ir+1))
	}
	return d.idx.load(e)
}

// moot reports whether flushing would change nothing because the delta's
// one entry removes the component from an entity that does not hold it (a
// builder clearing a state to be sure), and then empties the delta itself.
// It is flushBut's test, made before the interface call: most deltas fail
// it on their first or second comparison.
func (d *deltaCore) moot() bool {
	if len(d.ents) != 0 || len(d.rem) != 1 || d.held.load(d.rem[0]) != 0 {
		return false
	}
	// One entry: no index to forget (one is built only past linearMax).
	d.rem, d.top = d.rem[:0], 0
	return true
}

func (d *dataDelta[T]) set(e Entity, v T) {
	if e > d.top {
		d.top = e
	} else if k := d.find(e); k > 0 {
		d.vals[k-1] = v
		return
	} else if k < 0 {
		d.rem = d.drop(d.rem, int(-k-1), -1, &d.ir)
	}
	d.ents = append(d.ents, e)
	d.vals = append(d.vals, v)
}

func (d *dataDelta[T]) del(e Entity) {
	if e > d.top {
		d.top = e
	} else if k := d.find(e); k < 0 {
		return
	} else if k > 0 {
		i := int(k - 1)
		copy(d.vals[i:], d.vals[i+1:])
		var zero T
		d.vals[len(d.vals)-1] = zero
		d.vals = d.vals[:len(d.vals)-1]
		d.ents = d.drop(d.ents, i, 1, &d.ie)
	}
	d.rem = append(d.rem, e)
}

// put is Data.Set's part of the work once the delta is found, kept out of
// Set so that Set inlines. It panics if e was never spawned. An entity
// above top, the usual case (every first write of an action, every write to
// an entity just spawned), appends without a search, and the first write
// to an empty delta marks the component touched: a delta is empty exactly
// when its top is zero, and exactly when the action has not touched it.
func (d *dataDelta[T]) put(a *Action, id ID, e Entity, v T) {
	a.mustBeSpawned(e)
	if e > d.top {
		if d.top == 0 {
			a.mark(id)
		}
		d.top = e
		d.ents = append(d.ents, e)
		d.vals = append(d.vals, v)
		return
	}
	d.set(e, v)
}

// putRun is SetRun's part of the work once the delta is found: the n
// entities from first, all above top (every entity the action has just
// spawned in a row), are appended in one pass, with room made once, and
// any other run is set entity by entity. It panics if an entity of the run
// was never spawned.
func (d *dataDelta[T]) putRun(a *Action, id ID, first Entity, n int, v T) {
	if n <= 0 {
		return
	}
	last := first + Entity(n-1)
	a.mustBeSpawned(first)
	a.mustBeSpawned(last)
	if first <= d.top || last < first {
		for k := range n {
			d.put(a, id, first+Entity(k), v)
		}
		return
	}
	if d.top == 0 {
		a.mark(id)
	}
	d.top = last
	// The new entries are written in place once there is room for them,
	// each list lengthened once, not by an append per entry.
	k := len(d.ents)
	d.ents = slices.Grow(d.ents, n)[:k+n]
	d.vals = slices.Grow(d.vals, n)[:k+n]
	ents, vals := d.ents[k:], d.vals[k:k+n]
	for i := range ents {
		ents[i] = first + Entity(i)
		vals[i] = v
	}
}

// drop1 is Data.Remove's part of the work once the core is found, with
// put's fast path; only an entity the delta may hold already needs the
// value type, through the delta. Removing from an id never spawned does
// nothing.
func (d *deltaCore) drop1(a *Action, id ID, e Entity) {
	if a.spawnedID(e) && !d.removeAbove(a, id, e) {
		a.deltas[id].del(e)
	}
}

// removeAbove records the removal of e from component id if e is above
// top, and reports whether it was: the delta cannot hold e, so the removal
// appends without a search or a call through the delta. It inlines into
// RemoveEntity's loop, where an action removing one thing finds every
// delta so.
func (d *deltaCore) removeAbove(a *Action, id ID, e Entity) bool {
	if e <= d.top {
		return false
	}
	if d.top == 0 {
		a.mark(id)
	}
	d.top = e
	d.rem = append(d.rem, e)
	return true
}

// drop deletes list[i] keeping the order of the rest (the order of first
// touch decides the commit order, hence iteration order) and renumbers the
// codes of the indexed entries that moved; sign is +1 for ents and -1 for
// rem, and held is how many of list the index holds.
func (d *deltaCore) drop(list []Entity, i int, sign int32, held *int) []Entity {
	indexed := i < *held
	if indexed {
		d.idx.clear(list[i])
	}
	list = append(list[:i], list[i+1:]...)
	if indexed {
		*held--
		for k := i; k < *held; k++ {
			d.idx.replace(list[k], sign*int32(k+1))
		}
	}
	return list
}

func (d *dataDelta[T]) lookup(e Entity) (T, int) {
	k := d.find(e)
	if k > 0 {
		return d.vals[k-1], beingSet
	}
	var zero T
	if k < 0 {
		return zero, beingRemoved
	}
	return zero, untouched
}

// flush applies the values, then the removals, and empties the delta. Most
// deltas only set or only remove: each half is skipped when it has nothing.
// Most hold one entry, applied without the loops.
func (d *dataDelta[T]) flush() {
	if len(d.ents)+len(d.rem) == 1 {
		// One entry, the usual case: no index to forget (the entries
		// of an action's delta never fall in number, and an index is
		// built only past linearMax), one value or one removal.
		st := d.st
		if len(d.ents) == 1 {
			if k := st.index.load(d.ents[0]); k != 0 {
				if st.summed {
					st.touch(int(k - 1))
				}
				st.vals[k-1] = d.vals[0]
			} else {
				st.add(d.ents[0], d.vals[0])
			}
			if d.refs {
				var zero T
				d.vals[0] = zero
			}
			d.ents, d.vals = d.ents[:0], d.vals[:0]
		} else {
			st.remove(d.rem[0])
			d.rem = d.rem[:0]
		}
		d.top = 0
		return
	}
	d.forget()
	if len(d.ents) > 0 {
		st := d.st
		// Room for every entry at once: a delta of many entries mostly
		// adds (a road's population), each then appended here without
		// a call to add or a growth of its own.
		st.dense = slices.Grow(st.dense, len(d.ents))
		st.vals = slices.Grow(st.vals, len(d.ents))
		x := &st.index
		for i, e := range d.ents {
			// A value replacing one the store holds is written in
			// place. The page load finds is kept for store's usual
			// case, a page in use, written out here: a blast's
			// fragments are all new to the stores.
			pg := noPage
			if p := e >> pageBits; p < Entity(len(x.pages)) {
				pg = x.pages[p]
			}
			slot := &pg.slot[e&pageMask]
			if k := *slot; k != 0 {
				if st.summed {
					st.touch(int(k - 1))
				}
				st.vals[k-1] = d.vals[i]
				continue
			}
			// Lengthened in place: the room was made above, and
			// append would bring its growth's call back.
			n := len(st.dense)
			st.dense = st.dense[:n+1]
			st.dense[n] = e
			st.vals = st.vals[:n+1]
			st.vals[n] = d.vals[i]
			if pg.used != 0 && e <= MaxEntity {
				pg.used++
				*slot = int32(len(st.dense))
			} else {
				x.store(e, int32(len(st.dense)))
			}
			if x.kind != 0 {
				x.kinds.gain(e, x.kind)
			}
		}
		d.dropVals()
		d.ents = d.ents[:0]
	}
	if len(d.rem) > 0 {
		st := d.st
		if len(d.rem) == len(st.dense) && st.holdsAll(d.rem) {
			// Every holder goes (a road left behind): the store ends
			// empty whatever the order, without moving the last entry
			// into each hole first.
			st.empty()
		} else {
			for _, e := range d.rem {
				st.remove(e)
			}
		}
		d.rem = d.rem[:0]
	}
}

// setting reports whether the delta sets a value on e.
func (d *deltaCore) setting(e Entity) bool { return d.find(e) > 0 }

// only reports whether e is the one entity the delta sets or removes.
func (d *deltaCore) only(e Entity) bool {
	if len(d.ents)+len(d.rem) != 1 {
		return false
	}
	if len(d.ents) == 1 {
		return d.ents[0] == e
	}
	return d.rem[0] == e
}

// appendTouched appends the entities the delta sets or removes, one by
// one: a delta holds one or two entities as a rule, for which a loop beats
// the runtime's copy.
func (d *deltaCore) appendTouched(into []Entity) []Entity {
	for _, e := range d.ents {
		into = append(into, e)
	}
	for _, e := range d.rem {
		into = append(into, e)
	}
	return into
}

type propDelta[T any] struct {
	v  T
	ok bool
}

func (d *propDelta[T]) reset() {
	var zero T
	d.v, d.ok = zero, false
}
func (d *propDelta[T]) core() *deltaCore   { return nil }
func (d *propDelta[T]) setter() func()     { return nil }
func (d *propDelta[T]) room(_, _ []Entity) {}
func (d *propDelta[T]) del(Entity)         {}
func (d *propDelta[T]) flush()             {}
func (d *propDelta[T]) set(v T)            { d.v, d.ok = v, true }
func (d *propDelta[T]) get() (T, bool)     { return d.v, d.ok }

// Action is a change set: values set, flags added and components removed, for
// any number of entities, plus the action's properties. Build it with the
// component handles, then World.Commit applies it and clears it for reuse.
// An action belongs to one World.
type Action struct {
	w      *World
	deltas []delta
	// cores holds each delta's core, nil for a property's: the flush
	// loops skip a property (nothing to apply) and a removal that would
	// change nothing without a call.
	cores   []*deltaCore
	touched []ID
	mask    Mask
	spawned uint64
}

// NewAction returns an empty action for w. Keep and reuse it: its buffers
// grow to fit and are then recycled, so steady-state use does not allocate.
// Every component's delta is made here, once in the action's life, so a
// write finds its delta without asking whether it exists, and with room
// for one entry in each of its lists, which they keep (emptying a list
// keeps its room), so that the writes of one entry to an empty delta
// (SetPair, removeFresh) lengthen them in place without testing for it.
// The entities' room is one block for the whole action.
func (w *World) NewAction() *Action {
	n := w.schema.Len()
	a := &Action{w: w, deltas: make([]delta, n), cores: make([]*deltaCore, n), touched: make([]ID, 0, n)}
	room := make([]Entity, 2*n)
	for id, sp := range w.schema.specs {
		d := sp.newDelta(w.stores[id])
		a.deltas[id] = d
		if c := d.core(); c != nil {
			d.room(room[2*id:2*id:2*id+1], room[2*id+1:2*id+1:2*id+2])
			c.held = w.indexes[id]
			c.dense, c.head, c.cut = w.stores[id].removal()
			if f, ok := w.stores[id].(*flagStore); ok {
				c.flags = &f.vals
			}
			c.setOne = d.setter()
			a.cores[id] = c
		}
	}
	return a
}

// deltaFor returns the action's delta for component id, marking it
// touched.
func (a *Action) deltaFor(id ID) delta {
	if a.mask[id>>6]&(1<<(id&63)) == 0 {
		a.mark(id)
	}
	return a.deltas[id]
}

// mark records the action's first touch of component id. It inlines: the
// list has room for every component from the start, and holds each one
// once, so it never grows. Every caller has already found id's delta, so
// id is below the schema's length, at most MaxComponents, and the mask's
// word needs no bounds check.
func (a *Action) mark(id ID) {
	a.mask[id>>6&3] |= 1 << (id & 63)
	a.touched = append(a.touched, id)
}

// flush applies every touched delta to its store. A property has nothing
// to apply and costs no call. It inlines into the commits.
func (a *Action) flush() {
	for _, id := range a.touched {
		if a.cores[id] != nil {
			a.deltas[id].flush()
		}
	}
}

// flushRemoving is flush for an action that removes a thing whole, most of
// its deltas one removal each (a spent fragment has seven). Such a delta
// is applied here, as flush would apply it: sparseSet.remove with the
// store's index and entities reached through the core, leaving the value's
// part (cut) the one call, and none for a flag's; not a call through the
// delta, its generic wrapper and then remove. The others go through their
// delta. With one entry, there is no index to forget (see flush). flush
// leaves the test out so that it inlines; the removal is written in the
// loop, where the call it was cost more than the loop's registers.
func (a *Action) flushRemoving() {
	for _, id := range a.touched {
		d := a.cores[id]
		if d == nil {
			continue
		}
		if len(d.ents) != 0 || len(d.rem) != 1 {
			a.deltas[id].flush()
			continue
		}
		e := d.rem[0]
		d.rem, d.top = d.rem[:0], 0
		x := d.held
		pg := noPage
		if p := e >> pageBits; p < Entity(len(x.pages)) {
			pg = x.pages[p]
		}
		slot := &pg.slot[e&pageMask]
		if k := *slot; k != 0 {
			dense := d.dense
			i, last := int(k-1), len(*dense)-1
			if i != last {
				moved := (*dense)[last]
				(*dense)[i] = moved
				x.replace(moved, k)
			}
			// Written as a self-assignment, which sets the length alone.
			*dense = (*dense)[:last]
			*slot = 0
			if pg.used--; pg.used == 0 {
				x.emptied(e)
			}
			if x.kind != 0 {
				x.kinds.lose(e, x.kind)
			}
			// The values' part comes last, when the loop's counter and
			// list are all that live across its call.
			if f := d.flags; f != nil && !d.head.summed {
				*f = (*f)[:last]
			} else {
				d.cut(i, last)
			}
		}
	}
}

// flushBut is flush for every touched delta but skip's, which the caller
// has applied itself, the commit of a step: a moot removal is done with
// here without a call (a mover's builder clears a state the mover seldom
// has). flush leaves the test out: it would not inline with it, and the
// commits of many components would pay more for the test than they save.
func (a *Action) flushBut(skip ID) {
	for _, id := range a.touched {
		if c := a.cores[id]; c == nil || id == skip {
			continue
		} else if len(c.ents) == 1 && len(c.rem) == 0 {
			c.setOne()
		} else if !c.moot() {
			a.deltas[id].flush()
		}
	}
}

// Reset clears the action without committing it. It inlines, and an
// action with nothing touched (every action after a commit) costs no call:
// the mask is empty whenever the touched list is.
func (a *Action) Reset() {
	if len(a.touched) > 0 {
		a.clear()
	}
	a.spawned = 0
}

// clear resets every touched delta and empties the touched list and mask.
func (a *Action) clear() {
	for _, id := range a.touched {
		a.deltas[id].reset()
	}
	a.touched = a.touched[:0]
	a.mask = Mask{}
}

// committed empties the action once a commit has applied it.
func (a *Action) committed() {
	a.touched = a.touched[:0]
	a.mask = Mask{}
	a.spawned = 0
}

// Empty reports whether the action changes nothing and carries no property.
func (a *Action) Empty() bool { return len(a.touched) == 0 && a.spawned == 0 }

// Mask returns the set of components the action touches (properties
// included). Rule engines use it to skip rules that cannot care.
func (a *Action) Mask() *Mask { return &a.mask }

// Touched lists the components the action touches, in first-touch order.
func (a *Action) Touched() []ID { return a.touched }

// World returns the world the action belongs to.
func (a *Action) World() *World { return a.w }

// Spawn reserves a new entity id. The allocator moves past it only when the
// action is committed, so a rejected action leaves no trace in the state.
func (a *Action) Spawn() Entity {
	a.spawned++
	return a.w.next + Entity(a.spawned)
}

// SpawnRun reserves n new entity ids in a row, as n calls of Spawn would,
// and returns the first (the one past the last handed out when n is zero).
func (a *Action) SpawnRun(n int) Entity {
	first := a.w.next + Entity(a.spawned) + 1
	a.spawned += uint64(max(n, 0))
	return first
}

// spawnedID reports whether e has been handed out, by the world or by the
// action. Removing from any other id is a no-op. One unsigned comparison
// tests both bounds: e-1 wraps past every id when e is zero.
func (a *Action) spawnedID(e Entity) bool { return e-1 < a.w.next+Entity(a.spawned) }

// mustBeSpawned is small enough to inline into every Set.
func (a *Action) mustBeSpawned(e Entity) {
	if !a.spawnedID(e) {
		a.neverSpawned(e)
	}
}

// neverSpawned panics about e. Kept out of line, or the inliner would fold
// it into mustBeSpawned and make that too large to inline.
//
//go:noinline
func (a *Action) neverSpawned(e Entity) {
	panic(fmt.Sprintf("ecs: entity %d was never spawned (the last is %d)", e, a.w.next+Entity(a.spawned)))
}

// RemoveEntity removes every component e has, which removes the entity.
// Values the action itself was about to set on e are dropped too, so the
// entity is gone from the after-action view as well.
func (a *Action) RemoveEntity(e Entity) {
	if !a.spawnedID(e) {
		return
	}
	if len(a.touched) == 0 {
		a.removeFresh(e)
		return
	}
	// Only a component with an entry in e's page of ids, or one the action
	// touches, can be e's; ids in increasing order, as a walk over every
	// component would find them.
	held := a.w.held.of(e)
	for k := range a.w.held.stride {
		word := a.mask[k]
		if k < len(held) {
			word |= held[k]
		}
		for ; word != 0; word &= word - 1 {
			id := ID(k<<6 | bits.TrailingZeros64(word))
			x := a.w.indexes[id]
			if x != nil && (x.load(e) != 0 || a.mask.Has(id) && a.cores[id].setting(e)) {
				if c := a.cores[id]; !c.removeAbove(a, id, e) {
					a.deltas[id].del(e)
				}
			}
		}
	}
}

// removeFresh is RemoveEntity for an action that touches nothing yet, the
// usual case (a spent fragment's last step removes it first): every delta
// is empty, so e's components are those of its page's holders whose index
// has e, and each removal appends to an empty delta without a search or a
// test of what the action holds. The mask's bits are written once a word.
// Only a store's index marks a page's holders, so each id has an index.
func (a *Action) removeFresh(e Entity) {
	for k, word := range a.w.held.of(e) {
		var got uint64
		for ; word != 0; word &= word - 1 {
			b := bits.TrailingZeros64(word)
			id := ID(k<<6 | b)
			if a.w.indexes[id].load(e) == 0 {
				continue
			}
			c := a.cores[id]
			c.top = e
			// The delta is empty, with room for one (NewAction).
			c.rem = c.rem[:1]
			c.rem[0] = e
			// The list has room for every component (mark): it is
			// lengthened in place, with no growth to provide for.
			n := len(a.touched)
			a.touched = a.touched[:n+1]
			a.touched[n] = id
			got |= 1 << b
		}
		a.mask[k&3] |= got
	}
}

// Set makes the action set e's value to v. It panics if e was never
// spawned: such a world could not be saved and loaded.
func (c Data[T]) Set(a *Action, e Entity, v T) {
	a.deltas[c.id].(*dataDelta[T]).put(a, c.id, e, v)
}

// SetPair makes the action set e's c value to v and then its d value to u,
// as c.Set(a, e, v) followed by d.Set(a, e, u) would: the same entries in
// each delta, the same touched order. It panics if e was never spawned.
// A caller that holds v in a variable of its own passes it by pointer to
// SetPairAt instead, and saves a copy of the value.
func SetPair[T, U any](a *Action, e Entity, c Data[T], v T, d Data[U], u U) {
	SetPairAt(a, e, c, &v, d, u)
}

// SetPairAt is SetPair with c's value read from *v, which it copies; the
// action does not keep the pointer. A mover's step writes its velocity
// and its position on every step of every bullet and fragment, the first
// writes of its action: when both deltas are empty, with room, the pair
// is written here in one pass, with no call, where two Sets pay a call,
// its spills, a test that e was spawned and a mark each. Any other pair
// takes the two Sets' way. A value of several words passed by value goes
// on the stack, a copy the caller makes on every step, which the pointer
// saves. It panics if e was never spawned.
//
// Every list of a delta has room for one entry (NewAction), so the empty
// deltas' lists are lengthened in place without a test for it.
func SetPairAt[T, U any](a *Action, e Entity, c Data[T], v *T, d Data[U], u U) {
	dt, du := a.deltas[c.id].(*dataDelta[T]), a.deltas[d.id].(*dataDelta[U])
	// An empty delta's top is zero, and an untouched component has room
	// in the touched list (mark); ids that differ make two deltas. No
	// call on this path, so the arguments are not spilled.
	if dt.top|du.top == 0 && c.id != d.id && a.spawnedID(e) {
		n := len(a.touched)
		a.touched = a.touched[:n+2]
		a.touched[n], a.touched[n+1] = c.id, d.id
		a.mask[c.id>>6&3] |= 1 << (c.id & 63)
		a.mask[d.id>>6&3] |= 1 << (d.id & 63)
		dt.top, du.top = e, e
		// Lengthened in place: every list has room for one, and append
		// would bring its growth's call back.
		dt.ents, dt.vals = dt.ents[:1], dt.vals[:1]
		// Apart from e's write, so that *v is copied straight into the
		// delta, not through a temporary as the pair's assignment would.
		dt.ents[0] = e
		dt.vals[0] = *v
		du.ents, du.vals = du.ents[:1], du.vals[:1]
		du.ents[0], du.vals[0] = e, u
		return
	}
	setPairSlow(a, e, c.id, dt, v, d.id, du, u)
}

// setPairSlow is SetPairAt's other way, the two Sets' puts. Kept out of
// line, so that nothing lives across a call in SetPairAt and its fast path
// spills nothing for it.
//
//go:noinline
func setPairSlow[T, U any](a *Action, e Entity, c ID, dt *dataDelta[T], v *T, d ID, du *dataDelta[U], u U) {
	dt.put(a, c, e, *v)
	du.put(a, d, e, u)
}

// SetRun makes the action set v on the n entities from first, as a Set on
// each in rising order would: a blast gives each of its fragments, spawned
// in a row, the same position, kind and damage. A run above every entity
// the action already sets or removes the component from costs one pass,
// not a Set apiece. It panics if an entity of the run was never spawned.
func (c Data[T]) SetRun(a *Action, first Entity, n int, v T) {
	a.deltas[c.id].(*dataDelta[T]).putRun(a, c.id, first, n, v)
}

// Remove makes the action remove the component from e. Removing from an id
// never spawned does nothing.
func (c Data[T]) Remove(a *Action, e Entity) {
	a.cores[c.id].drop1(a, c.id, e)
}

// RemoveID makes the action remove component id from e, as the Remove of
// id's handle does, data or flag alike. It serves code that walks
// components by id (clearing many entities component by component), where
// choosing a handle by id would cost a call through an interface on every
// removal. Removing from an id never spawned does nothing. id must be a
// data or flag component of the world's schema, not a property.
func (a *Action) RemoveID(id ID, e Entity) {
	a.cores[id].drop1(a, id, e)
}

// RemoveIDs makes the action remove component id from each entity of es,
// in order, as RemoveID on each would. A list of rising ids above every
// entity the action already sets or removes the component from, the last
// one spawned, is every removal of a component cleared from many entities
// at once: it is appended in one copy, without a call or a search per
// entity. id must be a data or flag component, not a property.
func (a *Action) RemoveIDs(id ID, es []Entity) {
	if len(es) == 0 {
		return
	}
	d := a.cores[id]
	if es[0] <= d.top || !a.spawnedID(es[len(es)-1]) || !rising(es) {
		for _, e := range es {
			d.drop1(a, id, e)
		}
		return
	}
	if d.top == 0 {
		a.mark(id)
	}
	d.top = es[len(es)-1]
	d.rem = append(d.rem, es...)
}

// rising reports whether es holds strictly rising ids.
func rising(es []Entity) bool {
	for i := 1; i < len(es); i++ {
		if es[i] <= es[i-1] {
			return false
		}
	}
	return true
}

// Pending returns the entities whose value the action sets and the values,
// in the order they were first set. The slices belong to the action.
func (c Data[T]) Pending(a *Action) ([]Entity, []T) {
	if !a.mask.Has(c.id) {
		return nil, nil
	}
	d := a.deltas[c.id].(*dataDelta[T])
	return d.ents, d.vals
}

// Removing returns the entities the action removes the component from.
func (c Data[T]) Removing(a *Action) []Entity {
	if !a.mask.Has(c.id) {
		return nil
	}
	return a.deltas[c.id].(*dataDelta[T]).rem
}

// Add makes the action add flag f to e. It panics if e was never spawned.
func (f Flag) Add(a *Action, e Entity) {
	a.deltas[f.id].(*dataDelta[struct{}]).put(a, f.id, e, struct{}{})
}

// AddRun makes the action add flag f to the n entities from first, as an
// Add on each in rising order would, in one pass when they lie above
// every entity the action already adds or removes it for (see SetRun). It
// panics if an entity of the run was never spawned.
func (f Flag) AddRun(a *Action, first Entity, n int) {
	a.deltas[f.id].(*dataDelta[struct{}]).putRun(a, f.id, first, n, struct{}{})
}

// Remove makes the action remove flag f from e (nothing for an id never
// spawned).
func (f Flag) Remove(a *Action, e Entity) {
	a.cores[f.id].drop1(a, f.id, e)
}

// Pending returns the entities the action adds the flag to.
func (f Flag) Pending(a *Action) []Entity {
	if !a.mask.Has(f.id) {
		return nil
	}
	return a.deltas[f.id].(*dataDelta[struct{}]).ents
}

// Removing returns the entities the action removes the flag from.
func (f Flag) Removing(a *Action) []Entity {
	if !a.mask.Has(f.id) {
		return nil
	}
	return a.deltas[f.id].(*dataDelta[struct{}]).rem
}

// Set gives the action property p the value v.
func (p Prop[T]) Set(a *Action, v T) {
	d := a.deltas[p.id].(*propDelta[T])
	if a.mask[p.id>>6]&(1<<(p.id&63)) == 0 {
		a.mark(p.id)
	}
	d.v, d.ok = v, true
}

// Get returns the action's value of property p.
func (p Prop[T]) Get(a *Action) (T, bool) {
	if !a.mask.Has(p.id) {
		var zero T
		return zero, false
	}
	return a.deltas[p.id].(*propDelta[T]).get()
}

// On reports whether the action carries property p.
func (p Prop[T]) On(a *Action) bool { return a.mask.Has(p.id) }
