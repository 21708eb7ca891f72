// Package sched is the turn schedule: tasks at times relative to now, the
// earliest first, ties first-in-first-out, and cancellation of a pending
// task (its actor died).
package sched

import (
	"errors"
	"fmt"
	"math"
)

// Ticket identifies one scheduled task, so it can be cancelled.
type Ticket uint64

// Entry is one scheduled task.
type Entry[T any] struct {
	// At is the absolute time the task is due.
	At int64 `json:"at"`
	// Ticket was issued when the task was scheduled; it breaks ties, first
	// in first out, and names the task to Cancel.
	Ticket Ticket `json:"ticket"`
	// Value is the task.
	Value T `json:"value"`
}

// Schedule orders tasks by time, then by insertion. The zero value is an
// empty schedule at time zero.
type Schedule[T any] struct {
	now  int64
	seq  uint64
	heap []Entry[T]
}

// Now returns the time of the task most recently taken.
func (s *Schedule[T]) Now() int64 { return s.now }

// Len returns the number of pending tasks.
func (s *Schedule[T]) Len() int { return len(s.heap) }

// Insert schedules v at rel time units from now (negative counts as zero;
// a time past the end of int64 is held at the end).
func (s *Schedule[T]) Insert(v T, rel int64) Ticket {
	s.seq++
	e := Entry[T]{At: s.now + min(max(rel, 0), math.MaxInt64-s.now), Ticket: Ticket(s.seq), Value: v}
	s.push(e)
	return e.Ticket
}

// Next takes the next task. It returns false when nothing is pending.
func (s *Schedule[T]) Next() (T, Ticket, bool) {
	if len(s.heap) == 0 {
		var zero T
		return zero, 0, false
	}
	e := s.heap[0]
	s.removeAt(0)
	s.now = e.At
	return e.Value, e.Ticket, true
}

// Peek returns the next task without taking it.
func (s *Schedule[T]) Peek() (Entry[T], bool) {
	if len(s.heap) == 0 {
		return Entry[T]{}, false
	}
	return s.heap[0], true
}

// Cancel removes a pending task. It reports whether the ticket was pending.
func (s *Schedule[T]) Cancel(t Ticket) bool {
	for i, e := range s.heap {
		if e.Ticket == t {
			s.removeAt(i)
			return true
		}
	}
	return false
}

// CancelWhere removes the first pending task, in heap order, that match
// accepts. It reports whether there was one. For a caller that knows its
// task by value and keeps no ticket: a schedule holding each such task at
// most once gives the same layout as cancelling its ticket.
func (s *Schedule[T]) CancelWhere(match func(T) bool) bool {
	for i := range s.heap {
		if match(s.heap[i].Value) {
			s.removeAt(i)
			return true
		}
	}
	return false
}

// Pending returns a copy of the pending tasks in the order they will be
// taken.
func (s *Schedule[T]) Pending() []Entry[T] {
	c := Schedule[T]{now: s.now, seq: s.seq, heap: append([]Entry[T](nil), s.heap...)}
	out := make([]Entry[T], 0, c.Len())
	for {
		e, ok := c.Peek()
		if !ok {
			return out
		}
		c.Next()
		out = append(out, e)
	}
}

// less orders entries by time, then ticket. It is written without
// branches: in a round every actor is due at the same instant, so which
// way a comparison goes is a coin toss the processor cannot predict.
func less[T any](a, b *Entry[T]) bool {
	return bit(a.At < b.At)|bit(a.At == b.At)&bit(a.Ticket < b.Ticket) != 0
}

// bit is 1 for true; the compiler turns it into a flag-setting
// instruction rather than a jump.
func bit(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

func (s *Schedule[T]) push(e Entry[T]) {
	s.heap = append(s.heap, Entry[T]{})
	s.siftUp(len(s.heap)-1, 0, e)
}

// The sifts carry the entry being placed in hand and move the others into
// the hole, which ends in the same layout as swapping it step by step (the
// layout is hashed) with fewer copies, and never reads back an entry just
// written, which stalls the processor.

// siftUp places x, whose hole is at i, at or above i but not above top,
// and returns where.
func (s *Schedule[T]) siftUp(i, top int, x Entry[T]) int {
	h := s.heap
	for i > top {
		p := (i - 1) / 2
		if !less(&x, &h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
	return i
}

// siftDown places x, whose hole is at top, at or below top and returns
// where. It works the way Floyd's heapsort does: the smaller child moves up
// all the way to a leaf, one comparison a level, then x climbs back from
// there, but no higher than top. The entry taken from the end of the heap
// usually belongs near the bottom, so this compares about half as often as
// stopping on the way down, and ends in exactly the same layout.
func (s *Schedule[T]) siftDown(top int, x Entry[T]) int {
	h := s.heap
	i := top
	// While both children exist, the smaller moves up, with no test of
	// whether the right one does.
	for {
		l := 2*i + 1
		r := l + 1
		if uint(r) >= uint(len(h)) {
			break
		}
		m := l + int(bit(less(&h[r], &h[l])))
		h[i] = h[m]
		i = m
	}
	if l := 2*i + 1; l < len(h) {
		// A last, lone left child.
		h[i] = h[l]
		i = l
	}
	return s.siftUp(i, top, x)
}

// removeAt deletes the entry at i: the last entry fills the hole and sinks,
// or, if it stays put, rises.
func (s *Schedule[T]) removeAt(i int) {
	last := len(s.heap) - 1
	x := s.heap[last]
	s.heap[last] = Entry[T]{}
	s.heap = s.heap[:last]
	if i < last && s.siftDown(i, x) == i {
		s.siftUp(i, 0, x)
	}
}

// Snapshot is the schedule's whole state, for saving.
type Snapshot[T any] struct {
	// Now is the clock.
	Now int64 `json:"now"`
	// Seq is the last ticket issued, so tickets continue after a load.
	Seq uint64 `json:"seq"`
	// Entries are the pending tasks in heap order.
	Entries []Entry[T] `json:"entries"`
}

// Parts returns the clock, the ticket counter and the pending entries in
// snapshot order (heap order) without copying, for hashing every turn. The
// slice belongs to the schedule: do not keep or change it.
func (s *Schedule[T]) Parts() (now int64, seq uint64, pending []Entry[T]) {
	return s.now, s.seq, s.heap
}

// Snapshot returns the schedule's state.
func (s *Schedule[T]) Snapshot() Snapshot[T] {
	entries := append([]Entry[T](nil), s.heap...)
	return Snapshot[T]{Now: s.now, Seq: s.seq, Entries: entries}
}

// Restore replaces the schedule's state with a snapshot, checking that it
// is consistent: the clock not before zero, no task before it, tickets
// unique and already issued. On error the schedule is left as it was.
func (s *Schedule[T]) Restore(snap Snapshot[T]) error {
	if snap.Now < 0 {
		return fmt.Errorf("schedule: the clock is at %d, before zero", snap.Now)
	}
	seen := make(map[Ticket]bool, len(snap.Entries))
	r := Schedule[T]{now: snap.Now, seq: snap.Seq}
	for _, e := range snap.Entries {
		switch {
		case e.Ticket == 0 || uint64(e.Ticket) > snap.Seq:
			return fmt.Errorf("schedule: ticket %d was never issued (last is %d)", e.Ticket, snap.Seq)
		case seen[e.Ticket]:
			return fmt.Errorf("schedule: ticket %d appears twice", e.Ticket)
		case e.At < snap.Now:
			return errors.New("schedule: a task is due before the current time")
		}
		seen[e.Ticket] = true
		r.push(e)
	}
	*s = r
	return nil
}
