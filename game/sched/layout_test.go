package sched

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// swapHeap is the textbook binary heap the schedule used to be: entries
// swapped one level at a time. The game hashes the schedule's raw heap
// order, so the schedule must keep exactly this layout, whatever tricks
// make it faster.
type swapHeap struct{ heap []Entry[int] }

func (s *swapHeap) push(e Entry[int]) {
	s.heap = append(s.heap, e)
	for i := len(s.heap) - 1; i > 0; {
		p := (i - 1) / 2
		if !less(&s.heap[i], &s.heap[p]) {
			break
		}
		s.heap[i], s.heap[p] = s.heap[p], s.heap[i]
		i = p
	}
}

func (s *swapHeap) down(i int) {
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(s.heap) && less(&s.heap[l], &s.heap[m]) {
			m = l
		}
		if r < len(s.heap) && less(&s.heap[r], &s.heap[m]) {
			m = r
		}
		if m == i {
			return
		}
		s.heap[i], s.heap[m] = s.heap[m], s.heap[i]
		i = m
	}
}

func (s *swapHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !less(&s.heap[i], &s.heap[p]) {
			return
		}
		s.heap[i], s.heap[p] = s.heap[p], s.heap[i]
		i = p
	}
}

func (s *swapHeap) removeAt(i int) {
	last := len(s.heap) - 1
	s.heap[i] = s.heap[last]
	s.heap = s.heap[:last]
	if i < last {
		s.down(i)
		s.up(i)
	}
}

// TestHeapLayoutMatchesSwapHeap runs random inserts, takes and cancels (by
// ticket and by value), with the many ties of the game's rounds (most
// entries due at the same instant), and compares the heap array after
// every step.
func TestHeapLayoutMatchesSwapHeap(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		var s Schedule[int]
		var ref swapHeap
		for step := range 2000 {
			where := fmt.Sprintf("seed %d step %d", seed, step)
			switch k := r.IntN(10); {
			case k < 5:
				rel := int64(r.IntN(3) * 16)
				tk := s.Insert(step, rel)
				ref.push(Entry[int]{At: s.Now() + rel, Ticket: tk, Value: step})
			case k < 6 && len(ref.heap) > 0:
				e := ref.heap[r.IntN(len(ref.heap))]
				// Values are unique here, so cancelling by value names
				// the same task as its ticket.
				if step%2 == 0 {
					require.True(t, s.Cancel(e.Ticket), where)
				} else {
					require.True(t, s.CancelWhere(func(v int) bool { return v == e.Value }), where)
				}
				for i := range ref.heap {
					if ref.heap[i].Ticket == e.Ticket {
						ref.removeAt(i)
						break
					}
				}
			case len(ref.heap) > 0:
				_, tk, ok := s.Next()
				require.True(t, ok, where)
				require.Equal(t, ref.heap[0].Ticket, tk, where)
				ref.removeAt(0)
			}
			_, _, pending := s.Parts()
			require.Equal(t, ref.heap, pending, where)
		}
	}
}

// BenchmarkRound takes and reschedules 100 actors a round, as a game's
// enemy phase does: all due at the same instant, ties broken by ticket.
func BenchmarkRound(b *testing.B) {
	var s Schedule[int]
	for i := range 100 {
		s.Insert(i, 1)
	}
	b.ReportAllocs()
	for b.Loop() {
		for range 100 {
			v, _, _ := s.Next()
			s.Insert(v, 16)
		}
	}
}
