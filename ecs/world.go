package ecs

import (
	"iter"
	"math/bits"
)

// World is the whole entity-component state: one store per component, the
// entity allocator and, once SetSpatial gives it one, the spatial index kept
// in step with the stores. Change it only through Commit, so the index and
// the replays see every change.
type World struct {
	schema *Schema
	// stores and indexes are arrays, not slices, so a read finds a
	// component's store or index without loading a slice's bounds first:
	// rules read the world several times an action. Entries past the
	// schema's length stay nil.
	stores [MaxComponents]store
	// indexes holds each store's sparse index (nil for properties), so
	// membership tests need no dynamic call.
	indexes [MaxComponents]*sparseIndex
	// heads holds each store's kept digest (nil for properties), so Hash
	// calls a store only to digest it again.
	heads [MaxComponents]*digestHead
	// held tells which components have entries in each page of ids; the
	// stores' indexes keep it.
	held *pageHolders
	// kinds holds each entity's mask of tracked components (TrackKind);
	// the tracked stores' indexes keep it.
	kinds   *kindMasks
	next    Entity
	spatial *Spatial
	// spare is the index of the world Recycle renewed this one from,
	// kept for the first SetSpatial to build its index in.
	spare   *Spatial
	scratch []Entity
	// bare is an action that never changes, behind views of the world as
	// it is.
	bare *Action
	// shares is the sum of the stores' shares of the hash as the last Hash
	// left them, and unhashed the components of the stores a commit has
	// written since: a turn writes a few stores, and Hash visits those
	// alone, where reading every store's digest missed the cache on most.
	// Both are kept from the first Hash on (hashKept) until the stores are
	// emptied or restored.
	shares   uint64
	unhashed Mask
	hashKept bool
}

// NewWorld returns an empty world with a store for every data and flag
// component of the schema.
func NewWorld(s *Schema) *World {
	w := &World{schema: s, held: newPageHolders(s.Len()), kinds: &kindMasks{}}
	w.bare = &Action{w: w}
	for i, sp := range s.specs {
		if sp.newStore != nil {
			w.stores[i] = sp.newStore()
			x := w.stores[i].sparse()
			x.held, x.id = w.held, ID(i)
			w.indexes[i] = x
			w.heads[i] = w.stores[i].head()
		}
	}
	return w
}

// Schema returns the world's component list.
func (w *World) Schema() *Schema { return w.schema }

// LastEntity returns the most recently allocated entity id (0 if none).
func (w *World) LastEntity() Entity { return w.next }

// Spatial returns the world's spatial index, or nil if it has none.
func (w *World) Spatial() *Spatial { return w.spatial }

// Commit applies the action to the world, keeps the spatial index in step,
// moves the allocator past any spawned ids, and clears the action.
func (w *World) Commit(a *Action) {
	if sp := w.spatial; sp != nil && a.mask.Intersects(&sp.tracked) {
		sp.commit(w, a)
	} else {
		a.flush()
	}
	w.next += Entity(a.spawned)
	w.noteWrites(a)
	a.committed()
}

// noteWrites notes the stores a commit of a wrote, for the next Hash to
// visit, once the world keeps its hash. Small enough to inline: every
// commit passes here.
func (w *World) noteWrites(a *Action) {
	if w.hashKept {
		m, u := &a.mask, &w.unhashed
		u[0], u[1], u[2], u[3] = u[0]|m[0], u[1]|m[1], u[2]|m[2], u[3]|m[3]
	}
}

// Renew returns an empty world of w's schema, with w's spatial index
// emptied, as NewWorld and SetSpatial would make it, but built from the
// memory w's stores and index have grown: a game that plays one road after
// another does not allocate each road afresh. The new world may be w
// itself, renewed in place: w's actions must not be used afterwards, nor
// w by anyone but the new world's owner.
func (w *World) Renew() *World {
	s := w.spatial
	n := w.emptied()
	n.spatial = s
	if s != nil {
		s.reset(s.spec())
		n.fillSpatial(s)
	}
	return n
}

// Recycle returns an empty world of w's schema without a spatial index, as
// NewWorld would make it, but built from the memory w's stores have grown;
// the first SetSpatial of the new world builds its index in the memory of
// w's. Where Renew keeps the index for the next road of the same owner,
// Recycle suits a new owner that starts as on a NewWorld: a run that ends
// hands its world to the next run. As with Renew, the new world may be w
// itself: w's actions must not be used afterwards, nor w by anyone but
// the new world's owner.
func (w *World) Recycle() *World {
	s := w.spatial
	if s == nil {
		s = w.spare
	}
	n := w.emptied()
	n.spare = s
	return n
}

// emptied empties w's stores and drops its spatial index, and returns w:
// the world is renewed in place, its arrays of stores being large, and
// nothing else holds on to the old world but what must no longer be used.
// Its bare action is never changed, so it serves the renewed world as it
// is.
func (w *World) emptied() *World {
	for _, s := range w.stores[:w.schema.Len()] {
		if s != nil {
			s.empty()
		}
	}
	w.next, w.spatial, w.spare, w.scratch = 0, nil, nil, w.scratch[:0]
	w.hashKept, w.unhashed = false, Mask{}
	return w
}

// Alive reports whether e has any component.
func (w *World) Alive(e Entity) bool {
	for k, word := range w.held.of(e) {
		for ; word != 0; word &= word - 1 {
			if w.indexes[k<<6|bits.TrailingZeros64(word)].load(e) != 0 {
				return true
			}
		}
	}
	return false
}

// Holds reports whether e has component id, whatever its type: a rule
// engine asks it of components it knows only by id. A property is never
// held.
func (w *World) Holds(id ID, e Entity) bool {
	x := w.indexes[id]
	return x != nil && x.load(e) != 0
}

// Count returns how many entities have component id.
func (w *World) Count(id ID) int {
	if s := w.stores[id]; s != nil {
		return s.size()
	}
	return 0
}

// Components lists the ids of the components e has, in id order.
func (w *World) Components(e Entity, into []ID) []ID {
	for k, word := range w.held.of(e) {
		for ; word != 0; word &= word - 1 {
			id := k<<6 | bits.TrailingZeros64(word)
			if w.indexes[id].load(e) != 0 {
				into = append(into, ID(id))
			}
		}
	}
	return into
}

// Hash returns a stable 64-bit digest of the whole state: the allocator and
// every component of every entity. Each store's digest is a sum of one
// term per entry, kept from the first Hash on (digestHead), so a turn's
// hash takes again only the terms of the entries it wrote; the world sums
// the stores' shares (digestHead.share), each worked out again only when
// a commit wrote its store, and folds the allocator in.
// Keeping the digests makes Hash a writer, not to be called from two
// goroutines at once; a world emptied for its next run keeps none until
// asked again.
func (w *World) Hash() uint64 {
	if !w.hashKept {
		w.shares, w.hashKept = 0, true
		for id, d := range w.heads[:w.schema.Len()] {
			if d != nil {
				d.counted = 0
				w.reshare(id, d)
			}
		}
	} else {
		for k, word := range w.unhashed {
			for ; word != 0; word &= word - 1 {
				id := k<<6 | bits.TrailingZeros64(word)
				// An action's properties are in its mask too; they
				// have no store.
				if d := w.heads[id]; d != nil {
					w.reshare(id, d)
				}
			}
		}
	}
	w.unhashed = Mask{}
	return Mix(Mix(0, uint64(w.next)), w.shares)
}

// reshare brings store id's digest up to date and its share of the hash,
// d, into the sum of shares.
func (w *World) reshare(id int, d *digestHead) {
	if !d.current() {
		w.stores[id].resum()
	}
	s := d.share(id)
	w.shares += s - d.counted
	d.counted = s
}

// Reader is what both the World and a View answer: the component handles'
// Get and Has accept either.
type Reader interface {
	parts() (*World, *Action)
}

func (w *World) parts() (*World, *Action) { return w, nil }

// canonical turns a Reader of another type (one embedding a World or a
// View) into a *World or a View.
func canonical(r Reader) Reader {
	w, a := r.parts()
	if a != nil {
		return View{a}
	}
	return w
}

// View answers reads as if its action were committed: a value being set
// wins, a component being removed is absent, anything else is the world's.
// It holds a single pointer (the action knows its world), so passing it as
// a Reader does not allocate.
type View struct {
	a *Action
}

// After returns the view of w after a; a nil action gives a view of w as
// it is. a must belong to w.
func (w *World) After(a *Action) View {
	if a == nil {
		return View{w.bare}
	}
	if a.w != w {
		panic("ecs: World.After with an action of another world")
	}
	return View{a}
}

func (v View) parts() (*World, *Action) { return v.a.w, v.a }

// Get returns e's value of the component, and whether e has it.
func (c Data[T]) Get(r Reader, e Entity) (T, bool) {
	if w, ok := r.(*World); ok {
		return c.Read(w, e)
	}
	return c.getAfter(r, e)
}

// Read is Get for the world as it is: small enough to inline, for loops
// that read many entities.
func (c Data[T]) Read(w *World, e Entity) (T, bool) {
	return w.stores[c.id].(*dataStore[T]).get(e)
}

func (c Data[T]) getAfter(r Reader, e Entity) (T, bool) {
	v, ok := r.(View)
	if !ok {
		return c.Get(canonical(r), e)
	}
	if v.a.mask.Has(c.id) {
		if x, st := v.a.deltas[c.id].(*dataDelta[T]).lookup(e); st != untouched {
			return x, st == beingSet
		}
	}
	return v.a.w.stores[c.id].(*dataStore[T]).get(e)
}

// Value returns e's value of the component, or the zero value.
func (c Data[T]) Value(r Reader, e Entity) T {
	v, _ := c.Get(r, e)
	return v
}

// Has reports whether e has the component.
func (c Data[T]) Has(r Reader, e Entity) bool {
	_, ok := c.Get(r, e)
	return ok
}

// In is Has for the world as it is, asked of the index alone: small enough
// to inline, for a rule that only asks whether e holds the component, as a
// flag's In does.
func (c Data[T]) In(w *World, e Entity) bool { return w.indexes[c.id].load(e) != 0 }

// Entities returns the entities holding the component in iteration order.
// The slice belongs to the world: do not keep it across a commit.
func (c Data[T]) Entities(w *World) []Entity { return w.stores[c.id].entities() }

// Values returns the component's values, aligned with Entities: Values(w)[i]
// belongs to Entities(w)[i]. The slice belongs to the world: read it, do
// not change it (change state through an action) and do not keep it across
// a commit.
func (c Data[T]) Values(w *World) []T { return w.stores[c.id].(*dataStore[T]).vals }

// Column returns the component's store in w as a typed handle, for loops
// that read many entities: its lookups skip finding the store each time.
func (c Data[T]) Column(w *World) Column[T] {
	return Column[T]{&w.stores[c.id].(*dataStore[T]).sparseSet}
}

// Column is one data component's store in a world, read-only. It reads
// the world as it is at each call, commits included.
type Column[T any] struct{ s *sparseSet[T] }

// Get returns e's value, and whether e has it. It inlines.
func (c Column[T]) Get(e Entity) (T, bool) { return c.s.get(e) }

// Has reports whether e has the component.
func (c Column[T]) Has(e Entity) bool { return c.s.has(e) }

// Entities returns the holders in iteration order, like Data.Entities.
func (c Column[T]) Entities() []Entity { return c.s.dense }

// Values returns the values aligned with Entities, like Data.Values.
func (c Column[T]) Values() []T { return c.s.vals }

// Has reports whether e has the flag.
func (f Flag) Has(r Reader, e Entity) bool {
	if w, ok := r.(*World); ok {
		// The sparse index alone answers, without asserting the store's
		// type: rules ask this several times an action.
		return w.indexes[f.id].load(e) != 0
	}
	return f.hasAfter(r, e)
}

// In is Has for the world as it is: small enough to inline, for the rules
// that ask it several times an action of the state before the action.
func (f Flag) In(w *World, e Entity) bool { return w.indexes[f.id].load(e) != 0 }

func (f Flag) hasAfter(r Reader, e Entity) bool {
	v, ok := r.(View)
	if !ok {
		return f.Has(canonical(r), e)
	}
	if v.a.mask.Has(f.id) {
		if _, st := v.a.deltas[f.id].(*dataDelta[struct{}]).lookup(e); st != untouched {
			return st == beingSet
		}
	}
	return v.a.w.stores[f.id].(*flagStore).has(e)
}

// Entities returns the entities holding the flag in iteration order. The
// slice belongs to the world: do not keep it across a commit.
func (f Flag) Entities(w *World) []Entity { return w.stores[f.id].entities() }

// Query iterates the entities that have every component of a set.
type Query struct {
	ids []ID
}

// NewQuery builds a query for entities having all of ids.
func NewQuery(ids ...ID) Query { return Query{ids: append([]ID(nil), ids...)} }

// Each calls fn for every matching entity, in the iteration order of the
// smallest of the query's stores, until fn returns false. The world must not
// be committed to during the walk.
func (q Query) Each(w *World, fn func(Entity) bool) {
	if len(q.ids) == 0 {
		return
	}
	small := w.stores[q.ids[0]]
	for _, id := range q.ids[1:] {
		if s := w.stores[id]; s.size() < small.size() {
			small = s
		}
	}
outer:
	for _, e := range small.entities() {
		for _, id := range q.ids {
			if w.indexes[id].load(e) == 0 {
				continue outer
			}
		}
		if !fn(e) {
			return
		}
	}
}

// All returns the query's matches as an iterator.
func (q Query) All(w *World) iter.Seq[Entity] {
	return func(yield func(Entity) bool) { q.Each(w, yield) }
}
