package rules

// timed is a pending action type with its due instant and a sequence number
// that makes ties first-in-first-out.
type timed[T any] struct {
	at  int
	seq uint64
	t   T
}

// queueKey orders one queued action type: its instant, its sequence number
// and the slot holding it.
type queueKey struct {
	at   int
	seq  uint64
	slot int32
}

// timeQueue is a binary heap ordered by (at, seq). It is written out rather
// than built on container/heap so pushing and popping box nothing. The heap
// moves small keys; each action type stays in its slot from push to pop, so
// a large T is copied once in and once out, whatever the heap does.
type timeQueue[T any] struct {
	keys  []queueKey
	slots []T
	free  []int32
}

func (q *timeQueue[T]) less(i, j int) bool {
	a, b := &q.keys[i], &q.keys[j]
	return a.at < b.at || (a.at == b.at && a.seq < b.seq)
}

func (q *timeQueue[T]) push(x timed[T]) {
	var slot int32
	if n := len(q.free); n > 0 {
		slot = q.free[n-1]
		q.free = q.free[:n-1]
		q.slots[slot] = x.t
	} else {
		slot = int32(len(q.slots))
		q.slots = append(q.slots, x.t)
	}
	q.keys = append(q.keys, queueKey{at: x.at, seq: x.seq, slot: slot})
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

// pop removes the earliest action type and returns its slot, which stays
// valid until the next push. A freed slot keeps its old value until reused:
// clearing it would cost more than the little it may hold on to.
func (q *timeQueue[T]) pop() *T {
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
	q.free = append(q.free, top.slot)
	return &q.slots[top.slot]
}

func (q *timeQueue[T]) len() int { return len(q.keys) }

// nextAt returns the instant of the earliest action type; the queue must
// not be empty.
func (q *timeQueue[T]) nextAt() int { return q.keys[0].at }

// clear empties the queue and drops every action type it held.
func (q *timeQueue[T]) clear() {
	clear(q.slots)
	q.keys, q.slots, q.free = q.keys[:0], q.slots[:0], q.free[:0]
}
