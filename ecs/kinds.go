package ecs

// MaxKinds is how many components a world can track in Kinds' masks: one
// bit of a word each.
const MaxKinds = 64

// kindMasks keeps, for every entity, a mask of the tracked components it
// holds, one bit each, so that a rule engine learns in one load which of
// the components it gates rules on an entity has, where asking Holds of
// each would look in as many sparse indexes. A tracked store's index
// updates the mask exactly where the store gains or loses an entity (its
// add, remove and empty), so the masks need no invalidation: they are
// always current. Masks are stored densely by entity id in pages that,
// like the sparse index's, exist only while some entity of theirs holds a
// tracked component.
type kindMasks struct {
	// The pages are kept as the sparse index keeps its own: an entity
	// that gains and loses a tracked component turn after turn keeps its
	// page.
	pageTable[uint64]
	// ids lists the tracked components; bit i stands for ids[i].
	ids []ID
}

// kindPage is one page of masks, with the number of its non-zero masks.
type kindPage = slotPage[uint64]

// noKinds stands for every page not allocated, so a read needs no nil
// check. It is never written.
var noKinds = new(kindPage)

// of returns e's mask.
func (k *kindMasks) of(e Entity) uint64 {
	if p := e >> pageBits; p < Entity(len(k.pages)) {
		return k.pages[p].slot[e&pageMask]
	}
	return 0
}

// gain sets bit in e's mask; e did not hold the bit's component.
func (k *kindMasks) gain(e Entity, bit uint64) {
	p := e >> pageBits
	if p >= Entity(len(k.pages)) {
		k.extend(int(p)+1, noKinds)
	}
	pg := k.pages[p]
	if pg == noKinds {
		pg = k.fetch(p)
	}
	m := &pg.slot[e&pageMask]
	if *m == 0 {
		pg.used++
	}
	*m |= bit
}

// lose clears bit in e's mask; e held the bit's component.
func (k *kindMasks) lose(e Entity, bit uint64) {
	p := e >> pageBits
	pg := k.pages[p]
	m := &pg.slot[e&pageMask]
	*m &^= bit
	if *m != 0 {
		return
	}
	if pg.used--; pg.used != 0 {
		return
	}
	k.emptied(p, noKinds)
}

// rebuild makes every mask again from the tracked stores of w, after a
// restore replaced their contents wholesale.
func (k *kindMasks) rebuild(w *World) {
	for p, pg := range k.pages {
		if pg != noKinds {
			*pg = kindPage{}
			k.release(Entity(p), noKinds)
		}
	}
	k.idle = 0
	for i, id := range k.ids {
		for _, e := range w.stores[id].entities() {
			k.gain(e, 1<<i)
		}
	}
}

// TrackKind makes the world keep, for every entity, whether it holds
// component id, as one bit of the mask Kinds returns, and returns that
// bit. A component already tracked keeps its bit. It reports false for a
// property (never held) and once MaxKinds components are tracked. Tracking
// is for the world's life, and shared with the worlds Renew makes from it.
func (w *World) TrackKind(id ID) (uint64, bool) {
	x := w.indexes[id]
	if x == nil {
		return 0, false
	}
	if x.kind != 0 {
		return x.kind, true
	}
	k := w.kinds
	if len(k.ids) == MaxKinds {
		return 0, false
	}
	bit := uint64(1) << len(k.ids)
	k.ids = append(k.ids, id)
	x.kinds, x.kind = k, bit
	for _, e := range w.stores[id].entities() {
		k.gain(e, bit)
	}
	return bit, true
}

// Kinds returns the mask of the tracked components e holds, one bit each
// as TrackKind gave them: Holds for all of them in one read.
func (w *World) Kinds(e Entity) uint64 { return w.kinds.of(e) }
