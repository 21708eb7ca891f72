package ecs

// DataWriter is one data component's part of one action, found once for
// many writes: an action that places a crowd of entities it has just
// spawned (a road's population) writes a handful of components hundreds of
// times each, and Data.Set finds the delta and checks its type at every
// write. A writer's Set does what Data.Set does; a write onto an entity
// above every one the delta holds, with room left in the delta's lists (the
// usual write of such an action), is done in place, without put.
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

// Set makes the action set e's value to v, as Data.Set does. It panics if
// e was never spawned.
func (w DataWriter[T]) Set(e Entity, v T) {
	d := w.d
	ents, vals := d.ents, d.vals
	// top is zero exactly when the delta is empty, and its first write
	// marks the component touched: that one goes through put, as does one
	// that must grow the lists. top-1 < e-1 tests e > top and top > 0 at
	// once (top-1 wraps past every e-1 when top is zero).
	if n := len(ents); d.top-1 < e-1 && n < cap(ents) && n < cap(vals) && w.a.spawnedID(e) {
		ents[:n+1][n], vals[:n+1][n] = e, v
		// Only the lengths change: no pointer is stored.
		d.ents, d.vals, d.top = d.ents[:n+1], d.vals[:n+1], e
		return
	}
	d.put(w.a, w.id, e, v)
}

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

// Add makes the action add the flag to e, as Flag.Add does. It panics if e
// was never spawned.
func (w FlagWriter) Add(e Entity) {
	d := w.d
	ents, vals := d.ents, d.vals
	if n := len(ents); d.top-1 < e-1 && n < cap(ents) && n < cap(vals) && w.a.spawnedID(e) {
		ents[:n+1][n] = e
		// The values take no room, but their length is the entities'.
		d.ents, d.vals, d.top = d.ents[:n+1], d.vals[:n+1], e
		return
	}
	d.put(w.a, w.id, e, struct{}{})
}
