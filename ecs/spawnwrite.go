package ecs

import "slices"

// DataWriter is one data component's part of one action, found once for
// many writes: an action that places a crowd of entities it has just
// spawned (a road's population) writes a handful of components hundreds of
// times each, and Data.Set finds the delta and checks its type at every
// write. Its TrySet is that usual write, inlined: a write onto an entity
// above every one the delta holds, with room left in the delta's lists.
//
// A writer is valid for its action until the action is committed, reset or
// discarded; writes through it and through Data.Set may be mixed.
type DataWriter[T any] struct {
	a  *Action
	d  *dataDelta[T]
	id ID
}

// Writer returns c's writer for action a.
func (c Data[T]) Writer(a *Action) DataWriter[T] {
	return DataWriter[T]{a: a, d: a.deltas[c.id].(*dataDelta[T]), id: c.id}
}

// TrySet sets e's value to v, as Set does, and reports true, when that
// only appends to the delta: e was spawned and lies above every entity the
// delta holds, the delta is not empty (its first write marks the
// component touched, which is Set's) and its lists have room (growing
// them is Set's). Otherwise it does nothing and reports false, and the
// caller calls Set. It is small enough to inline.
func (w DataWriter[T]) TrySet(e Entity, v T) bool {
	d := w.d
	// top-1 < e-1 tests e > top and top > 0 at once: top-1 wraps past
	// every e-1 when top is zero. The last test is spawnedID's.
	if n := len(d.ents); d.top-1 < e-1 && n < min(cap(d.ents), cap(d.vals)) && e-1 < w.a.w.next+Entity(w.a.spawned) {
		d.ents = append(d.ents, e)
		d.vals = append(d.vals, v)
		d.top = e
		return true
	}
	return false
}

// Grow makes room in the delta for n more entries, so that n writes that
// append, past the component's first, all take TrySet's way: an action
// that knows how many it will write grows the lists once, to their size,
// rather than by doubling. It changes nothing the action holds.
func (w DataWriter[T]) Grow(n int) {
	w.d.ents = slices.Grow(w.d.ents, n)
	w.d.vals = slices.Grow(w.d.vals, n)
}

// Set makes the action set e's value to v, as Data.Set does. It panics if
// e was never spawned.
func (w DataWriter[T]) Set(e Entity, v T) { w.d.put(w.a, w.id, e, v) }

// FlagWriter is Flag's DataWriter: one flag's part of one action, found
// once for many additions.
type FlagWriter struct {
	a  *Action
	d  *dataDelta[struct{}]
	id ID
}

// Writer returns f's writer for action a.
func (f Flag) Writer(a *Action) FlagWriter {
	return FlagWriter{a: a, d: a.deltas[f.id].(*dataDelta[struct{}]), id: f.id}
}

// TryAdd adds the flag to e and reports true when that only appends to
// the delta, as DataWriter.TrySet; otherwise the caller calls Add.
func (w FlagWriter) TryAdd(e Entity) bool {
	d := w.d
	if n := len(d.ents); d.top-1 < e-1 && n < min(cap(d.ents), cap(d.vals)) && e-1 < w.a.w.next+Entity(w.a.spawned) {
		d.ents = append(d.ents, e)
		// The values take no room, but their length is the entities'.
		d.vals = d.vals[:n+1]
		d.top = e
		return true
	}
	return false
}

// Grow makes room for n more additions, as DataWriter.Grow does.
func (w FlagWriter) Grow(n int) {
	w.d.ents = slices.Grow(w.d.ents, n)
	w.d.vals = slices.Grow(w.d.vals, n)
}

// Add makes the action add the flag to e, as Flag.Add does. It panics if e
// was never spawned.
func (w FlagWriter) Add(e Entity) { w.d.put(w.a, w.id, e, struct{}{}) }
