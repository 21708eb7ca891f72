package rules

// queueKey orders one queued action type: its instant, its sequence number
// (ties run first in, first out) and the slot holding it.
type queueKey struct {
	at   int
	seq  uint64
	slot int32
}

// followOn is a follow-on a rule asked for: its due instant and the slot
// already holding it. It reaches the queue only if the action's
// fate matches the verdict it was asked under; otherwise its slot is
// released unqueued.
type followOn struct {
	at   int
	slot int32
}

// timeQueue orders queued action types by (at, seq). Most action types
// are asked for at the current instant, and each new one carries the
// largest sequence number yet, so among the keys of that instant it always
// goes last: those wait in a first-in-first-out line, now, where queueing
// and taking one costs a slice step. Keys for any other instant wait in a
// binary heap, written out rather than built on container/heap so pushing
// and popping box nothing. The heap may still hold keys of the current
// instant (asked for earlier, with a delay now run out) that come before
// the line's head, so taking the earliest compares the two heads.
//
// The queue moves small keys; an action type is written into its slot
// once, when it is asked for, and from then on the engine hands out
// pointers to the slot (to the builder, the rules, the commit hook):
// however large T is, and whatever pointers it holds, it is never copied
// again. A slot is held from alloc to release; pop does not release it.
// Slots live in fixed pages that never move, so a pointer to a held slot
// stays good while the queue grows.
type timeQueue[T any] struct {
	keys []queueKey
	// now holds the keys due at instant nowAt, in sequence order, from
	// head on.
	now   []queueKey
	head  int
	nowAt int
	pages []*[slotPage]T
	// slots counts the slots ever made; free lists those released.
	slots int32
	free  []int32
}

// slotPage is how many slots one page holds, a power of two.
const slotPage = 64

func (q *timeQueue[T]) less(i, j int) bool {
	a, b := &q.keys[i], &q.keys[j]
	return a.at < b.at || (a.at == b.at && a.seq < b.seq)
}

// alloc writes t into a free slot and returns the slot, held and not yet
// queued.
func (q *timeQueue[T]) alloc(t *T) int32 {
	var slot int32
	if n := len(q.free); n > 0 {
		slot = q.free[n-1]
		q.free = q.free[:n-1]
	} else {
		slot = q.slots
		q.slots++
		if int(uint32(slot)/slotPage) == len(q.pages) {
			q.pages = append(q.pages, new([slotPage]T))
		}
	}
	*q.at(slot) = *t
	return slot
}

// at returns the action type in a held slot.
func (q *timeQueue[T]) at(slot int32) *T {
	// Unsigned, the page and the place in it are a shift and a mask.
	return &q.pages[uint32(slot)/slotPage][uint32(slot)%slotPage]
}

// release frees a held slot for reuse. It keeps its old value until
// reused: clearing it would cost more than the little it may hold on to.
func (q *timeQueue[T]) release(slot int32) { q.free = append(q.free, slot) }

// advance makes at the instant whose keys queue in the line. It moves
// the line only while the line is empty, so the line's keys always share
// one instant.
func (q *timeQueue[T]) advance(at int) {
	if q.head == len(q.now) {
		q.nowAt = at
	}
}

// schedule queues the held slot at instant at with sequence number seq,
// which must be larger than every sequence number queued before.
func (q *timeQueue[T]) schedule(at int, seq uint64, slot int32) {
	if at == q.nowAt {
		q.now = append(q.now, queueKey{at: at, seq: seq, slot: slot})
		return
	}
	q.push(queueKey{at: at, seq: seq, slot: slot})
}

// push adds a key to the heap.
func (q *timeQueue[T]) push(k queueKey) {
	q.keys = append(q.keys, k)
	i := len(q.keys) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if !q.less(i, parent) {
			break
		}
		q.keys[i], q.keys[parent] = q.keys[parent], q.keys[i]
		i = parent
	}
}

// heapFirst reports whether the earliest key is the heap's rather than the
// line's: always when the line is empty.
func (q *timeQueue[T]) heapFirst() bool {
	if q.head == len(q.now) {
		return true
	}
	if len(q.keys) == 0 {
		return false
	}
	h, n := &q.keys[0], &q.now[q.head]
	return h.at < n.at || (h.at == n.at && h.seq < n.seq)
}

// popDue removes the earliest action type if it is due by instant at and
// returns its slot, still held (the caller releases it when done with it),
// and true; it returns false if nothing is due by then.
func (q *timeQueue[T]) popDue(at int) (int32, bool) {
	if q.heapFirst() {
		if len(q.keys) == 0 || q.keys[0].at > at {
			return 0, false
		}
		return q.popHeap(), true
	}
	if q.nowAt > at {
		return 0, false
	}
	slot := q.now[q.head].slot
	q.head++
	if q.head == len(q.now) {
		q.now, q.head = q.now[:0], 0
	}
	return slot, true
}

// popHeap removes the heap's earliest key and returns its slot.
func (q *timeQueue[T]) popHeap() int32 {
	top := q.keys[0]
	last := len(q.keys) - 1
	q.keys[0] = q.keys[last]
	q.keys = q.keys[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(q.keys) && q.less(l, m) {
			m = l
		}
		if r < len(q.keys) && q.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		q.keys[i], q.keys[m] = q.keys[m], q.keys[i]
		i = m
	}
	return top.slot
}

func (q *timeQueue[T]) len() int { return len(q.keys) + len(q.now) - q.head }

// nextAt returns the instant of the earliest action type; the queue must
// not be empty.
func (q *timeQueue[T]) nextAt() int {
	if q.heapFirst() {
		return q.keys[0].at
	}
	return q.nowAt
}

// clear empties the queue and drops every action type it held, queued or
// not, keeping the pages.
func (q *timeQueue[T]) clear() {
	for _, p := range q.pages {
		clear(p[:])
	}
	q.keys, q.now, q.head = q.keys[:0], q.now[:0], 0
	q.slots, q.free = 0, q.free[:0]
}
