package rules

// queueKey orders one queued action type: its instant, its sequence number
// (ties run first in, first out) and the slot holding it.
type queueKey struct {
	at   int
	seq  uint64
	slot int32
}

// followOn is a follow-on a rule asked for: its due instant and the slot
// already holding it. It reaches the queue's heap only if the action's
// fate matches the verdict it was asked under; otherwise its slot is
// released unqueued.
type followOn struct {
	at   int
	slot int32
}

// timeQueue is a binary heap ordered by (at, seq). It is written out rather
// than built on container/heap so pushing and popping box nothing. The heap
// moves small keys; an action type is written into its slot once, when it
// is asked for, and from then on the engine hands out pointers to the slot
// (to the builder, the rules, the commit hook): however large T is, and
// whatever pointers it holds, it is never copied again. A slot is held from
// alloc to release; pop does not release it. Slots live in fixed pages
// that never move, so a pointer to a held slot stays good while the queue
// grows.
type timeQueue[T any] struct {
	keys  []queueKey
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

// schedule queues the held slot at instant at with sequence number seq.
func (q *timeQueue[T]) schedule(at int, seq uint64, slot int32) {
	q.keys = append(q.keys, queueKey{at: at, seq: seq, slot: slot})
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

// pop removes the earliest action type from the heap and returns its
// slot, still held: the caller releases it when done with it.
func (q *timeQueue[T]) pop() int32 {
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

func (q *timeQueue[T]) len() int { return len(q.keys) }

// nextAt returns the instant of the earliest action type; the queue must
// not be empty.
func (q *timeQueue[T]) nextAt() int { return q.keys[0].at }

// clear empties the queue and drops every action type it held, queued or
// not, keeping the pages.
func (q *timeQueue[T]) clear() {
	for _, p := range q.pages {
		clear(p[:])
	}
	q.keys, q.slots, q.free = q.keys[:0], 0, q.free[:0]
}
