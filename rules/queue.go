package rules

// queueKey orders one queued action type: its instant, its sequence number
// (ties run first in, first out) and the slot holding it.
type queueKey struct {
	at   int
	seq  uint64
	slot int32
}

// lineKey is a queueKey in the line, whose instant is the line's.
type lineKey struct {
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
//
// Only the pages depend on T. The keys and the slot numbers live in
// keyQueue, which is not generic: its methods compile once, to plain code
// the compiler inlines, rather than to shared code that takes a dictionary
// of T and inlines little.
type timeQueue[T any] struct {
	keyQueue
	pages []*[slotPage]T
	// ptrs holds the address of every slot of every page, by slot: at,
	// which every action passes through twice (queued and taken), is then
	// one checked load rather than a page's look-up and a multiplication
	// by T's size.
	ptrs []*T
}

// keyQueue is the part of a timeQueue that does not depend on T: the
// queued keys and the slot numbers.
type keyQueue struct {
	keys []queueKey
	// now holds the keys due at instant nowAt, in sequence order, from
	// head on; their instant is nowAt, so they do not carry it.
	now   []lineKey
	head  int
	nowAt int
	// slots counts the slots ever made; free lists those released.
	slots int32
	free  []int32
}

// slotPage is how many slots one page holds, a power of two.
const slotPage = 64

func (q *keyQueue) less(i, j int) bool { return q.keys[i].before(&q.keys[j]) }

// alloc writes t into a free slot and returns the slot, held and not yet
// queued. Enqueue, which every action of a process passes through, writes
// these lines out: alloc, whose copy of a T counts too much for the
// inliner, would cost it a call.
func (q *timeQueue[T]) alloc(t *T) int32 {
	slot, fresh := q.take()
	if fresh {
		q.page(slot)
	}
	*q.at(slot) = *t
	return slot
}

// page adds the page of a slot never used before, if it does not exist
// yet. It is kept out of line: a fresh slot is rare (the free list almost
// always holds one), and its append would weigh on Enqueue's frame.
//
//go:noinline
func (q *timeQueue[T]) page(slot int32) {
	if int(uint32(slot)/slotPage) == len(q.pages) {
		p := new([slotPage]T)
		q.pages = append(q.pages, p)
		for i := range p {
			q.ptrs = append(q.ptrs, &p[i])
		}
	}
}

// take returns a free slot, and whether it was never used before (its
// page may not exist yet).
func (q *keyQueue) take() (int32, bool) {
	if n := len(q.free); n > 0 {
		slot := q.free[n-1]
		q.free = q.free[:n-1]
		return slot, false
	}
	q.slots++
	return q.slots - 1, true
}

// at returns the action type in a held slot.
func (q *timeQueue[T]) at(slot int32) *T {
	// Unsigned, a slot needs no test of its sign.
	return q.ptrs[uint32(slot)]
}

// release frees a held slot for reuse. It keeps its old value until
// reused: clearing it would cost more than the little it may hold on to.
func (q *keyQueue) release(slot int32) { q.free = append(q.free, slot) }

// advance makes at the instant whose keys queue in the line. It moves
// the line only while the line is empty, so the line's keys always share
// one instant.
func (q *keyQueue) advance(at int) {
	if q.head == len(q.now) {
		q.nowAt = at
	}
}

// schedule queues the held slot at instant at with sequence number seq,
// which must be larger than every sequence number queued before.
func (q *keyQueue) schedule(at int, seq uint64, slot int32) {
	if at != q.nowAt {
		q.push(queueKey{at: at, seq: seq, slot: slot})
		return
	}
	q.now = append(q.now, lineKey{seq: seq, slot: slot})
}

// line queues the held slot at instant nowAt, the one the line holds,
// with sequence number seq, larger than every one queued before.
//
// The engine's clock and nowAt agree during a resolution (the clock moves
// only once nothing is due, the line then empty, and advance follows it),
// and between resolutions both are zero: so an action type asked for at
// the current instant always joins the line.
func (q *keyQueue) line(seq uint64, slot int32) {
	q.now = append(q.now, lineKey{seq: seq, slot: slot})
}

// push adds a key to the heap.
func (q *keyQueue) push(k queueKey) {
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
func (q *keyQueue) heapFirst() bool {
	if q.head == len(q.now) {
		return true
	}
	if len(q.keys) == 0 {
		return false
	}
	k := &q.keys[0]
	return k.at < q.nowAt || (k.at == q.nowAt && k.seq < q.now[q.head].seq)
}

// popDue removes the earliest action type if it is due by instant at and
// returns its slot, still held (the caller releases it when done with it),
// and true; it returns false if nothing is due by then. The engine's loop
// does the same with these parts written out, so that the common case
// (the line's head, with the heap empty) costs no call.
func (q *keyQueue) popDue(at int) (int32, bool) {
	if q.lineDue(at) {
		return q.popLine(), true
	}
	if q.len() == 0 {
		return 0, false
	}
	return q.popLater(at)
}

// lineDue reports whether the line's head is the earliest key and due by
// at, the heap being empty.
func (q *keyQueue) lineDue(at int) bool {
	return q.head < len(q.now) && len(q.keys) == 0 && q.nowAt <= at
}

// popLine removes the line's head, which must exist, and returns its slot.
func (q *keyQueue) popLine() int32 {
	h := q.head
	slot := q.now[h].slot
	q.takeLine(h)
	return slot
}

// takeLine moves the line's head past key h, its head, emptying the line
// (for reuse from its start) when that was its last key.
func (q *keyQueue) takeLine(h int) {
	if h+1 == len(q.now) {
		q.now, q.head = q.now[:0], 0
		return
	}
	q.head = h + 1
}

// before reports whether key k comes before key o.
func (k *queueKey) before(o *queueKey) bool {
	return k.at < o.at || (k.at == o.at && k.seq < o.seq)
}

// popLater is popDue for every case but the line's head with an empty
// heap: the line may be empty or wait for a later instant, and the heap's
// head (a key of this instant asked for earlier with a delay) may come
// before the line's.
func (q *keyQueue) popLater(at int) (int32, bool) {
	if q.heapFirst() {
		if len(q.keys) == 0 || q.keys[0].at > at {
			return 0, false
		}
		return q.popHeap(), true
	}
	if q.nowAt > at {
		return 0, false
	}
	return q.popLine(), true
}

// popHeap removes the heap's earliest key and returns its slot.
func (q *keyQueue) popHeap() int32 {
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

func (q *keyQueue) len() int { return len(q.keys) + len(q.now) - q.head }

// nextAt returns the instant of the earliest action type; the queue must
// not be empty.
func (q *keyQueue) nextAt() int {
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
