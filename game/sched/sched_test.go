package sched

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// op is one step of a schedule script: insert at rel, cancel the ticket of
// an earlier op, or take the next task.
type op struct {
	kind  byte // 'i' insert, 'c' cancel, 'n' next
	v     string
	rel   int64
	which int // for 'c': index of the op whose ticket to cancel
}

func TestScheduleOrdering(t *testing.T) {
	tests := []struct {
		name  string
		ops   []op
		taken []string // the values taken by 'n' ops and then by draining
		times []int64  // Now() after each take
	}{
		{"earliest first", []op{{kind: 'i', v: "c", rel: 30}, {kind: 'i', v: "a", rel: 10}, {kind: 'i', v: "b", rel: 20}},
			[]string{"a", "b", "c"}, []int64{10, 20, 30}},
		{"ties first in first out", []op{{kind: 'i', v: "a", rel: 5}, {kind: 'i', v: "b", rel: 5}, {kind: 'i', v: "c", rel: 5}, {kind: 'i', v: "z", rel: 1}},
			[]string{"z", "a", "b", "c"}, []int64{1, 5, 5, 5}},
		{"negative times count as now", []op{{kind: 'i', v: "a", rel: 3}, {kind: 'i', v: "b", rel: -7}},
			[]string{"b", "a"}, []int64{0, 3}},
		{"relative to the time of the last take", []op{{kind: 'i', v: "a", rel: 10}, {kind: 'n'}, {kind: 'i', v: "b", rel: 5}, {kind: 'i', v: "c", rel: 0}},
			[]string{"a", "c", "b"}, []int64{10, 10, 15}},
		{"cancel a timed task", []op{{kind: 'i', v: "a", rel: 1}, {kind: 'i', v: "b", rel: 2}, {kind: 'i', v: "c", rel: 3}, {kind: 'c', which: 1}},
			[]string{"a", "c"}, []int64{1, 3}},
		{"cancel the next task", []op{{kind: 'i', v: "a", rel: 1}, {kind: 'i', v: "b", rel: 2}, {kind: 'c', which: 0}},
			[]string{"b"}, []int64{2}},
		{"cancel what was taken does nothing", []op{{kind: 'i', v: "a", rel: 1}, {kind: 'n'}, {kind: 'i', v: "b", rel: 1}, {kind: 'c', which: 0}},
			[]string{"a", "b"}, []int64{1, 2}},
		{"time past the end of int64 is held there", []op{{kind: 'i', v: "a", rel: 10}, {kind: 'n'}, {kind: 'i', v: "far", rel: math.MaxInt64}, {kind: 'i', v: "b", rel: 1}},
			[]string{"a", "b", "far"}, []int64{10, 11, math.MaxInt64}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Schedule[string]
			tickets := make([]Ticket, len(tt.ops))
			var taken []string
			var times []int64
			take := func() bool {
				v, _, ok := s.Next()
				if ok {
					taken = append(taken, v)
					times = append(times, s.Now())
				}
				return ok
			}
			for i, o := range tt.ops {
				switch o.kind {
				case 'i':
					tickets[i] = s.Insert(o.v, o.rel)
				case 'c':
					want := false
					for _, e := range s.Pending() {
						want = want || e.Ticket == tickets[o.which]
					}
					assert.Equal(t, want, s.Cancel(tickets[o.which]), "cancel reports whether the task was pending")
				case 'n':
					require.True(t, take())
				}
			}
			pending := s.Pending()
			require.Equal(t, len(pending), s.Len())
			for take() {
			}
			assert.Equal(t, tt.taken, taken)
			assert.Equal(t, tt.times, times)
			assert.Zero(t, s.Len())
			_, ok := s.Peek()
			assert.False(t, ok)
		})
	}
}

func TestPendingListsTheOrderOfTaking(t *testing.T) {
	var s Schedule[int]
	r := rand.New(rand.NewPCG(9, 9))
	for i := range 40 {
		s.Insert(i, int64(r.IntN(10)))
	}
	pending := s.Pending()
	require.Len(t, pending, 40)
	first, ok := s.Peek()
	require.True(t, ok)
	assert.Equal(t, pending[0], first)
	for i, want := range pending {
		v, tk, ok := s.Next()
		require.True(t, ok)
		assert.Equal(t, want.Value, v, "task %d", i)
		assert.Equal(t, want.Ticket, tk, "task %d", i)
		assert.Equal(t, want.At, s.Now(), "task %d", i)
	}
}

func TestRandomScheduleAgainstSortedModel(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 4, 5} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 7))
			var s Schedule[int]
			type item struct {
				at  int64
				seq int
				tk  Ticket
			}
			var model []item
			seq := 0
			for step := range 400 {
				switch k := r.IntN(10); {
				case k < 5:
					rel := int64(r.IntN(20))
					seq++
					model = append(model, item{at: s.Now() + rel, seq: seq, tk: s.Insert(seq, rel)})
				case k < 7 && len(model) > 0:
					i := r.IntN(len(model))
					require.True(t, s.Cancel(model[i].tk), "seed %d step %d", seed, step)
					model = append(model[:i], model[i+1:]...)
				default:
					v, _, ok := s.Next()
					if len(model) == 0 {
						require.False(t, ok)
						continue
					}
					best := 0
					for i, m := range model {
						b := model[best]
						if m.at < b.at || m.at == b.at && m.seq < b.seq {
							best = i
						}
					}
					require.True(t, ok)
					require.Equal(t, model[best].seq, v, "seed %d step %d", seed, step)
					model = append(model[:best], model[best+1:]...)
				}
				require.Equal(t, len(model), s.Len(), "seed %d step %d", seed, step)
			}
		})
	}
}

func TestSnapshotRoundTrip(t *testing.T) {
	var s Schedule[string]
	s.Insert("a", 5)
	s.Insert("b", 3)
	s.Next()
	s.Insert("c", 9)
	drop := s.Insert("d", 1)
	s.Cancel(drop)
	data, err := json.Marshal(s.Snapshot())
	require.NoError(t, err)

	var snap Snapshot[string]
	require.NoError(t, json.Unmarshal(data, &snap))
	var back Schedule[string]
	require.NoError(t, back.Restore(snap))
	assert.Equal(t, s.Now(), back.Now())
	assert.Equal(t, s.Pending(), back.Pending())
	assert.Equal(t, s.Insert("e", 2), back.Insert("e", 2), "tickets continue from the same number")
	for s.Len() > 0 {
		v1, t1, _ := s.Next()
		v2, t2, _ := back.Next()
		assert.Equal(t, v1, v2)
		assert.Equal(t, t1, t2)
		assert.Equal(t, s.Now(), back.Now())
	}
}

func TestRestoreRejectsBadSnapshots(t *testing.T) {
	tests := []struct {
		name string
		snap Snapshot[string]
	}{
		{"ticket never issued", Snapshot[string]{Now: 0, Seq: 2, Entries: []Entry[string]{{At: 1, Ticket: 3}}}},
		{"ticket zero", Snapshot[string]{Now: 0, Seq: 2, Entries: []Entry[string]{{At: 1, Ticket: 0}}}},
		{"ticket twice", Snapshot[string]{Now: 0, Seq: 2, Entries: []Entry[string]{{At: 1, Ticket: 1}, {At: 2, Ticket: 1}}}},
		{"task in the past", Snapshot[string]{Now: 10, Seq: 2, Entries: []Entry[string]{{At: 9, Ticket: 1}}}},
		{"clock before zero", Snapshot[string]{Now: -1, Seq: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Schedule[string]
			s.Insert("keep", 4)
			before := s.Pending()
			assert.Error(t, s.Restore(tt.snap))
			assert.Equal(t, before, s.Pending(), "a rejected snapshot leaves the schedule as it was")
		})
	}
}

// TestCancelWhereRemovesOneMatch: cancelling by value takes one pending
// task that matches, reports whether there was one, and leaves the rest in
// their order.
func TestCancelWhereRemovesOneMatch(t *testing.T) {
	var s Schedule[string]
	for _, v := range []string{"a", "b", "c"} {
		s.Insert(v, 1)
	}
	assert.False(t, s.CancelWhere(func(v string) bool { return v == "z" }), "nothing matches")
	assert.True(t, s.CancelWhere(func(v string) bool { return v == "b" }))
	var left []string
	for _, e := range s.Pending() {
		left = append(left, e.Value)
	}
	assert.Equal(t, []string{"a", "c"}, left)
	assert.False(t, s.CancelWhere(func(v string) bool { return v == "b" }), "b is no longer pending")
}
