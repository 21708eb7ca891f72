package ecs

// Mask is a set of component ids.
type Mask [MaxComponents / 64]uint64

// Add puts id in the mask.
func (m *Mask) Add(id ID) { m[id>>6] |= 1 << (id & 63) }

// Has reports whether id is in the mask.
func (m *Mask) Has(id ID) bool { return m[id>>6]&(1<<(id&63)) != 0 }

// Intersects reports whether m and o share any id.
func (m *Mask) Intersects(o *Mask) bool {
	for i := range m {
		if m[i]&o[i] != 0 {
			return true
		}
	}
	return false
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
	apply(s store)
	each(fn func(Entity))
}

// entry states a component can have in an action.
const (
	untouched = iota
	beingSet
	beingRemoved
)

type dataDelta[T any] struct {
	ents []Entity
	vals []T
	rem  []Entity
}

func (d *dataDelta[T]) reset() {
	var zero T
	for i := range d.vals {
		d.vals[i] = zero // drop references held by values
	}
	d.ents, d.vals, d.rem = d.ents[:0], d.vals[:0], d.rem[:0]
}

func (d *dataDelta[T]) set(e Entity, v T) {
	for i, x := range d.ents {
		if x == e {
			d.vals[i] = v
			return
		}
	}
	d.rem = without(d.rem, e)
	d.ents = append(d.ents, e)
	d.vals = append(d.vals, v)
}

func (d *dataDelta[T]) del(e Entity) {
	for i, x := range d.ents {
		if x == e {
			copy(d.ents[i:], d.ents[i+1:])
			copy(d.vals[i:], d.vals[i+1:])
			d.ents = d.ents[:len(d.ents)-1]
			d.vals = d.vals[:len(d.vals)-1]
			break
		}
	}
	for _, x := range d.rem {
		if x == e {
			return
		}
	}
	d.rem = append(d.rem, e)
}

func (d *dataDelta[T]) lookup(e Entity) (T, int) {
	for i, x := range d.ents {
		if x == e {
			return d.vals[i], beingSet
		}
	}
	for _, x := range d.rem {
		if x == e {
			var zero T
			return zero, beingRemoved
		}
	}
	var zero T
	return zero, untouched
}

type setter[T any] interface {
	set(e Entity, v T)
	remove(e Entity) bool
}

func (d *dataDelta[T]) apply(s store) {
	st := s.(setter[T])
	for i, e := range d.ents {
		st.set(e, d.vals[i])
	}
	for _, e := range d.rem {
		st.remove(e)
	}
}

func (d *dataDelta[T]) each(fn func(Entity)) {
	for _, e := range d.ents {
		fn(e)
	}
	for _, e := range d.rem {
		fn(e)
	}
}

func without(s []Entity, e Entity) []Entity {
	for i, x := range s {
		if x == e {
			return append(s[:i], s[i+1:]...)
		}
	}
	return s
}

type propDelta[T any] struct {
	v  T
	ok bool
}

func (d *propDelta[T]) reset() {
	var zero T
	d.v, d.ok = zero, false
}
func (d *propDelta[T]) del(Entity)        {}
func (d *propDelta[T]) apply(store)       {}
func (d *propDelta[T]) each(func(Entity)) {}
func (d *propDelta[T]) set(v T)           { d.v, d.ok = v, true }
func (d *propDelta[T]) get() (T, bool)    { return d.v, d.ok }

// Action is a change set: values set, flags added and components removed, for
// any number of entities, plus the action's properties. Build it with the
// component handles, then World.Commit applies it and clears it for reuse.
// An action belongs to one World.
type Action struct {
	w       *World
	deltas  []delta
	touched []ID
	mask    Mask
	spawned uint64
}

// NewAction returns an empty action for w. Keep and reuse it: its buffers
// grow to fit and are then recycled, so steady-state use does not allocate.
func (w *World) NewAction() *Action {
	return &Action{w: w, deltas: make([]delta, w.schema.Len())}
}

func (a *Action) deltaFor(id ID) delta {
	d := a.deltas[id]
	if d == nil {
		d = a.w.schema.specs[id].newDelta()
		a.deltas[id] = d
	}
	if !a.mask.Has(id) {
		a.mask.Add(id)
		a.touched = append(a.touched, id)
	}
	return d
}

// Reset clears the action without committing it.
func (a *Action) Reset() {
	for _, id := range a.touched {
		a.deltas[id].reset()
	}
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

// RemoveEntity removes every component e has, which removes the entity.
func (a *Action) RemoveEntity(e Entity) {
	for id, s := range a.w.stores {
		if s != nil && s.has(e) {
			a.deltaFor(ID(id)).del(e)
		}
	}
}

// Set makes the action set e's value to v.
func (c Data[T]) Set(a *Action, e Entity, v T) {
	a.deltaFor(c.id).(*dataDelta[T]).set(e, v)
}

// Remove makes the action remove the component from e.
func (c Data[T]) Remove(a *Action, e Entity) { a.deltaFor(c.id).del(e) }

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

// Add makes the action add flag f to e.
func (f Flag) Add(a *Action, e Entity) {
	a.deltaFor(f.id).(*dataDelta[struct{}]).set(e, struct{}{})
}

// Remove makes the action remove flag f from e.
func (f Flag) Remove(a *Action, e Entity) { a.deltaFor(f.id).del(e) }

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
func (p Prop[T]) Set(a *Action, v T) { a.deltaFor(p.id).(*propDelta[T]).set(v) }

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
