package rules

// timed is a pending action type with its due instant and a sequence number
// that makes ties first-in-first-out.
type timed[T any] struct {
	at  int
	seq uint64
	t   T
}

// timeQueue is a binary heap ordered by (at, seq). It is written out rather
// than built on container/heap so pushing and popping box nothing.
type timeQueue[T any] struct {
	items []timed[T]
}

func (q *timeQueue[T]) less(i, j int) bool {
	a, b := &q.items[i], &q.items[j]
	return a.at < b.at || (a.at == b.at && a.seq < b.seq)
}

func (q *timeQueue[T]) push(x timed[T]) {
	q.items = append(q.items, x)
	i := len(q.items) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if !q.less(i, parent) {
			break
		}
		q.items[i], q.items[parent] = q.items[parent], q.items[i]
		i = parent
	}
}

func (q *timeQueue[T]) pop() timed[T] {
	top := q.items[0]
	last := len(q.items) - 1
	q.items[0] = q.items[last]
	var zero timed[T]
	q.items[last] = zero
	q.items = q.items[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(q.items) && q.less(l, m) {
			m = l
		}
		if r < len(q.items) && q.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		q.items[i], q.items[m] = q.items[m], q.items[i]
		i = m
	}
	return top
}

func (q *timeQueue[T]) len() int { return len(q.items) }

func (q *timeQueue[T]) peek() *timed[T] { return &q.items[0] }

func (q *timeQueue[T]) clear() {
	var zero timed[T]
	for i := range q.items {
		q.items[i] = zero
	}
	q.items = q.items[:0]
}
