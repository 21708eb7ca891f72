// Package sched is the turn schedule: tasks at times relative to now, the
// earliest first, ties first-in-first-out, and cancellation of a pending
// task (its actor died).
//
// A caller schedules with a handful of relative delays (a round, or an
// offset within one), and the tasks scheduled with one delay come due in
// the order they were scheduled: now never goes back and tickets only
// grow. So the schedule keeps one first-in-first-out lane a delay, and the
// next task is the earliest of the lanes' heads: a few comparisons instead
// of a heap's climb. Past maxKeyed delays, and for a restored snapshot
// (whose delays are unknown), tasks go to one lane kept sorted by insertion,
// so the order holds for any delays, only slower.
package sched

import (
	"cmp"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"slices"
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

// maxKeyed is how many distinct delays get a lane of their own; with the
// sorted lane, maxLanes bounds the lanes a merge walks.
const (
	maxKeyed = 7
	maxLanes = maxKeyed + 1
)

// Schedule orders tasks by time, then by insertion. The zero value is an
// empty schedule at time zero.
type Schedule[T any] struct {
	now   int64
	seq   uint64
	count int
	// last is the lane the last insert went to: a caller mostly schedules
	// with the same delay again.
	last int
	// lanes[0] is the sorted lane, the others one a delay, made as delays
	// appear and kept (with their buffers) while the schedule lives.
	lanes []lane[T]
	// busy has bit i set when lanes[i] has an entry pending, so taking the
	// next task compares only the heads of those (two or three of the
	// lanes, most turns) without testing each lane for entries. A lane's
	// bit is shifted by its index masked to the lanes (maxLanes is a power
	// of two), which spares the shift its test for counts past the word.
	busy uint8
}

// lane is a run of entries in (At, Ticket) order, taken from the front.
type lane[T any] struct {
	// rel is the delay every entry of a keyed lane was scheduled with.
	rel  int64
	buf  []Entry[T]
	head int
}

// pending returns the lane's entries still to come.
func (l *lane[T]) pending() []Entry[T] { return l.buf[l.head:] }

// push appends e, which must not come before the lane's last entry. Taken
// entries are dropped from the front when they fill half the buffer, so a
// lane that is taken from as fast as it grows keeps its buffer.
func (l *lane[T]) push(e Entry[T]) {
	if len(l.buf) == cap(l.buf) && l.head > 0 && 2*l.head >= len(l.buf) {
		n := copy(l.buf, l.buf[l.head:])
		clear(l.buf[n:])
		l.buf, l.head = l.buf[:n], 0
	}
	l.buf = append(l.buf, e)
}

// insert places e in order anywhere in the lane.
func (l *lane[T]) insert(e Entry[T]) {
	p := l.pending()
	if len(p) == 0 || less(&p[len(p)-1], &e) {
		l.push(e)
		return
	}
	i, _ := slices.BinarySearchFunc(p, e, compare[T])
	l.buf = slices.Insert(l.buf, l.head+i, e)
}

// pop drops the lane's first entry.
func (l *lane[T]) pop() {
	l.buf[l.head] = Entry[T]{}
	l.head++
	if l.head == len(l.buf) {
		l.buf, l.head = l.buf[:0], 0
	}
}

// removeAt deletes the lane's i-th pending entry.
func (l *lane[T]) removeAt(i int) {
	if i == 0 {
		l.pop()
		return
	}
	l.buf = slices.Delete(l.buf, l.head+i, l.head+i+1)
}

// Reset empties the schedule and sets its clock and tickets back to zero,
// as the zero value is, but keeps the lanes' buffers for the next tasks.
func (s *Schedule[T]) Reset() {
	for i := range s.lanes {
		l := &s.lanes[i]
		clear(l.buf)
		l.buf, l.head = l.buf[:0], 0
	}
	s.now, s.seq, s.count, s.busy = 0, 0, 0, 0
}

// Now returns the time of the task most recently taken.
func (s *Schedule[T]) Now() int64 { return s.now }

// Seq returns the last ticket issued.
func (s *Schedule[T]) Seq() uint64 { return s.seq }

// Len returns the number of pending tasks.
func (s *Schedule[T]) Len() int { return s.count }

// Insert schedules v at rel time units from now (negative counts as zero;
// a time past the end of int64 is held at the end).
func (s *Schedule[T]) Insert(v T, rel int64) Ticket {
	rel = max(rel, 0)
	s.seq++
	e := Entry[T]{At: s.now + min(rel, math.MaxInt64-s.now), Ticket: Ticket(s.seq), Value: v}
	s.count++
	if len(s.lanes) == 0 {
		s.lanes = make([]lane[T], 1, maxLanes)
	}
	if i := s.last; i > 0 && s.lanes[i].rel == rel {
		s.lanes[i].push(e)
		s.busy |= 1 << (i & (maxLanes - 1))
		return e.Ticket
	}
	for i := 1; i < len(s.lanes); i++ {
		if s.lanes[i].rel == rel {
			s.last = i
			s.lanes[i].push(e)
			s.busy |= 1 << (i & (maxLanes - 1))
			return e.Ticket
		}
	}
	if len(s.lanes) < maxLanes {
		s.lanes = append(s.lanes, lane[T]{rel: rel})
		s.last = len(s.lanes) - 1
		s.lanes[s.last].push(e)
		s.busy |= 1 << (s.last & (maxLanes - 1))
		return e.Ticket
	}
	s.lanes[0].insert(e)
	s.busy |= 1
	return e.Ticket
}

// first returns the lane whose head is due first, or -1 when nothing is
// pending, by testing every lane; Next finds the same lane among the busy
// ones alone.
func (s *Schedule[T]) first() int {
	best := -1
	var b *Entry[T]
	for i := range s.lanes {
		l := &s.lanes[i]
		if l.head == len(l.buf) {
			continue
		}
		if h := &l.buf[l.head]; b == nil || less(h, b) {
			best, b = i, h
		}
	}
	return best
}

// settle clears lane i's busy bit if it has nothing pending any more.
func (s *Schedule[T]) settle(i int) {
	if l := &s.lanes[i]; l.head == len(l.buf) {
		s.busy &^= 1 << (i & (maxLanes - 1))
	}
}

// Next takes the next task. It returns false when nothing is pending. It
// compares the heads of the busy lanes alone, two or three most turns,
// where first tests all of them.
func (s *Schedule[T]) Next() (T, Ticket, bool) {
	m := uint64(s.busy)
	if m == 0 {
		var zero T
		return zero, 0, false
	}
	i := bits.TrailingZeros64(m)
	b := &s.lanes[i].buf[s.lanes[i].head]
	for m &= m - 1; m != 0; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		if h := &s.lanes[j].buf[s.lanes[j].head]; less(h, b) {
			i, b = j, h
		}
	}
	e := *b
	s.lanes[i].pop()
	s.settle(i)
	s.count--
	s.now = e.At
	return e.Value, e.Ticket, true
}

// Peek returns the next task without taking it.
func (s *Schedule[T]) Peek() (Entry[T], bool) {
	i := s.first()
	if i < 0 {
		return Entry[T]{}, false
	}
	return s.lanes[i].buf[s.lanes[i].head], true
}

// Cancel removes a pending task. It reports whether the ticket was pending.
func (s *Schedule[T]) Cancel(t Ticket) bool {
	for li := range s.lanes {
		for i, e := range s.lanes[li].pending() {
			if e.Ticket == t {
				s.lanes[li].removeAt(i)
				s.settle(li)
				s.count--
				return true
			}
		}
	}
	return false
}

// CancelWhere removes the pending task that match accepts and that would
// be taken first. It reports whether there was one. For a caller that
// knows its task by value and keeps no ticket.
func (s *Schedule[T]) CancelWhere(match func(T) bool) bool {
	bestLane, bestAt := -1, 0
	var b *Entry[T]
	for li := range s.lanes {
		p := s.lanes[li].pending()
		for i := range p {
			// A lane is in order, so its first match is its earliest.
			if match(p[i].Value) {
				if b == nil || less(&p[i], b) {
					bestLane, bestAt, b = li, i, &p[i]
				}
				break
			}
		}
	}
	if b == nil {
		return false
	}
	s.lanes[bestLane].removeAt(bestAt)
	s.settle(bestLane)
	s.count--
	return true
}

// All yields the pending tasks in the order they will be taken, merging
// the lanes without allocating, for hashing every turn. The schedule must
// not change while it runs. Between turns most tasks wait in one lane (a
// round's), so once a single lane is left it is walked straight through.
func (s *Schedule[T]) All() iter.Seq[Entry[T]] {
	return func(yield func(Entry[T]) bool) {
		var runs [maxLanes][]Entry[T]
		n := 0
		for i := range s.lanes {
			if p := s.lanes[i].pending(); len(p) > 0 {
				runs[n] = p
				n++
			}
		}
		for n > 1 {
			best := 0
			for i := 1; i < n; i++ {
				if less(&runs[i][0], &runs[best][0]) {
					best = i
				}
			}
			if !yield(runs[best][0]) {
				return
			}
			if runs[best] = runs[best][1:]; len(runs[best]) == 0 {
				n--
				runs[best] = runs[n]
			}
		}
		// The last run left, or nil when nothing is pending.
		for _, e := range runs[0] {
			if !yield(e) {
				return
			}
		}
	}
}

// Pending returns a copy of the pending tasks in the order they will be
// taken.
func (s *Schedule[T]) Pending() []Entry[T] {
	out := make([]Entry[T], 0, s.count)
	for e := range s.All() {
		out = append(out, e)
	}
	return out
}

// less orders entries by time, then ticket.
func less[T any](a, b *Entry[T]) bool {
	return a.At < b.At || a.At == b.At && a.Ticket < b.Ticket
}

// compare orders entries as less does, for sorting and searching.
func compare[T any](a, b Entry[T]) int {
	return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.Ticket, b.Ticket))
}

// Snapshot is the schedule's whole state, for saving.
type Snapshot[T any] struct {
	// Now is the clock.
	Now int64 `json:"now"`
	// Seq is the last ticket issued, so tickets continue after a load.
	Seq uint64 `json:"seq"`
	// Entries are the pending tasks in the order they will be taken; a
	// snapshot in any other order (older saves kept a heap's) restores the
	// same schedule.
	Entries []Entry[T] `json:"entries"`
}

// Snapshot returns the schedule's state.
func (s *Schedule[T]) Snapshot() Snapshot[T] {
	return Snapshot[T]{Now: s.now, Seq: s.seq, Entries: s.Pending()}
}

// Restore replaces the schedule's state with a snapshot, checking that it
// is consistent: the clock not before zero, no task before it, tickets
// unique and already issued. On error the schedule is left as it was.
func (s *Schedule[T]) Restore(snap Snapshot[T]) error {
	if snap.Now < 0 {
		return fmt.Errorf("schedule: the clock is at %d, before zero", snap.Now)
	}
	seen := make(map[Ticket]bool, len(snap.Entries))
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
	}
	// The delays the entries were scheduled with are unknown, so they all
	// go to the sorted lane, which drains as the keyed lanes fill again.
	entries := slices.Clone(snap.Entries)
	slices.SortFunc(entries, compare[T])
	lanes := make([]lane[T], 1, maxLanes)
	lanes[0].buf = entries
	*s = Schedule[T]{now: snap.Now, seq: snap.Seq, count: len(entries), lanes: lanes}
	if len(entries) > 0 {
		s.busy = 1
	}
	return nil
}
