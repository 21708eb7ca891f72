package game

import (
	"math/bits"
	"slices"

	"lastpost/ecs"
)

// marks is a set of entities held as bits, one a word's bit per id from
// base on. The pending marks were a map, whose insert and delete cost a
// road's enemies ~20 instructions apiece more than a bit: ids are handed
// out in a row and never reused within a run, and a road's enemies are
// spawned together, so from the first mark of a road (the set is cleared
// at every road) the bits span about the road's entities. An id below
// base, which only a restored save marks out of order, moves the words up.
type marks struct {
	base  ecs.Entity // the id of bit 0 of words[0]; a multiple of 64
	words []uint64
	n     int // how many ids are marked
}

// has reports whether e is marked.
func (m *marks) has(e ecs.Entity) bool {
	i := uint64(e - m.base)
	return e >= m.base && i>>6 < uint64(len(m.words)) && m.words[i>>6]&(1<<(i&63)) != 0
}

// add marks e.
func (m *marks) add(e ecs.Entity) {
	i := uint64(e - m.base)
	if e < m.base || i>>6 >= uint64(len(m.words)) {
		m.fit(e)
		i = uint64(e - m.base)
	}
	w, bit := &m.words[i>>6], uint64(1)<<(i&63)
	if *w&bit == 0 {
		*w |= bit
		m.n++
	}
}

// fit makes the words span e. Words emptied by removals stay where they
// are: they are all zero already, and a road's ids climb from there.
func (m *marks) fit(e ecs.Entity) {
	if len(m.words) == 0 {
		m.base = e &^ 63
	}
	if e < m.base {
		by := int((m.base - e&^63) >> 6)
		m.words = append(m.words, make([]uint64, by)...)
		copy(m.words[by:], m.words)
		clear(m.words[:by])
		m.base = e &^ 63
	}
	if need := int(uint64(e-m.base)>>6) + 1; need > len(m.words) {
		m.words = slices.Grow(m.words, need-len(m.words))
		// Every word past the length is zero (reset clears what it cuts
		// off, and nothing writes past the length), so no clear here.
		m.words = m.words[:need]
	}
}

// remove unmarks e; an entity not marked stays so.
func (m *marks) remove(e ecs.Entity) {
	i := uint64(e - m.base)
	if e < m.base || i>>6 >= uint64(len(m.words)) {
		return
	}
	w := &m.words[i>>6]
	if *w&(1<<(i&63)) != 0 {
		*w &^= 1 << (i & 63)
		m.n--
	}
}

// reset unmarks every entity, keeping the words' room.
func (m *marks) reset() {
	clear(m.words)
	m.words = m.words[:0]
	m.n = 0
}

// len returns how many entities are marked.
func (m *marks) len() int { return m.n }

// list returns the marked entities in increasing order.
func (m *marks) list() []ecs.Entity {
	out := make([]ecs.Entity, 0, m.n)
	for wi, w := range m.words {
		for ; w != 0; w &= w - 1 {
			out = append(out, m.base+ecs.Entity(wi<<6+bits.TrailingZeros64(w)))
		}
	}
	return out
}
