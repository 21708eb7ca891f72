package sched

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
)

// refSchedule is the plain reference the schedule is compared with: every
// pending entry in one slice kept sorted by (At, Ticket).
type refSchedule struct {
	now     int64
	seq     uint64
	entries []Entry[int]
}

func (r *refSchedule) insert(v int, rel int64) Ticket {
	r.seq++
	e := Entry[int]{At: r.now + min(max(rel, 0), math.MaxInt64-r.now), Ticket: Ticket(r.seq), Value: v}
	i, _ := slices.BinarySearchFunc(r.entries, e, compare[int])
	r.entries = slices.Insert(r.entries, i, e)
	return e.Ticket
}

func (r *refSchedule) next() (int, Ticket, bool) {
	if len(r.entries) == 0 {
		return 0, 0, false
	}
	e := r.entries[0]
	r.entries = r.entries[1:]
	r.now = e.At
	return e.Value, e.Ticket, true
}

// cancelWhere removes the first entry, in the order of taking, that match
// accepts.
func (r *refSchedule) cancelWhere(match func(Entry[int]) bool) bool {
	i := slices.IndexFunc(r.entries, match)
	if i < 0 {
		return false
	}
	r.entries = slices.Delete(r.entries, i, i+1)
	return true
}

// delayMix draws the relative delays of one script.
type delayMix struct {
	name string
	rel  func(r *rand.Rand) int64
}

var delayMixes = []delayMix{
	// The game's: a round and a few offsets, so every delay has a lane.
	{"repeated", func(r *rand.Rand) int64 { return []int64{16, 2, 3, 1, 14}[r.IntN(5)] }},
	// More distinct delays than lanes, negative ones and the far end of
	// time: the sorted lane takes the rest.
	{"random", func(r *rand.Rand) int64 {
		switch r.IntN(20) {
		case 0:
			return -int64(r.IntN(5))
		case 1:
			return math.MaxInt64 - int64(r.IntN(2))
		}
		return int64(r.IntN(40))
	}},
	// Mostly lanes, now and then another delay.
	{"mixed", func(r *rand.Rand) int64 {
		if r.IntN(8) == 0 {
			return int64(r.IntN(100))
		}
		return []int64{16, 2, 3}[r.IntN(3)]
	}},
}

// TestScheduleMatchesSortedReference runs random scripts of inserts, takes,
// cancels by ticket and by value (values repeat, so a value may name
// several tasks), resets, and snapshot round trips (some shuffled, as an older
// save's heap order would be), and after every step compares what the
// schedule holds, in order, with the reference's sorted slice.
func TestScheduleMatchesSortedReference(t *testing.T) {
	for _, mix := range delayMixes {
		for seed := uint64(1); seed <= 12; seed++ {
			t.Run(fmt.Sprintf("%s/seed=%d", mix.name, seed), func(t *testing.T) {
				runAgainstReference(t, mix, seed)
			})
		}
	}
}

func runAgainstReference(t *testing.T, mix delayMix, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 11))
	var s Schedule[int]
	var ref refSchedule
	for step := range testsize.Steps(1500) {
		where := fmt.Sprintf("delays %s seed %d step %d", mix.name, seed, step)
		switch k := r.IntN(20); {
		case k < 9:
			v, rel := r.IntN(30), mix.rel(r)
			require.Equal(t, ref.insert(v, rel), s.Insert(v, rel), where)
		case k < 15:
			v, tk, ok := s.Next()
			rv, rtk, rok := ref.next()
			require.Equal(t, []any{rv, rtk, rok}, []any{v, tk, ok}, where)
		case k < 17:
			// A ticket pending or not (taken, cancelled or never issued).
			tk := Ticket(r.IntN(int(ref.seq) + 2))
			want := ref.cancelWhere(func(e Entry[int]) bool { return e.Ticket == tk })
			require.Equal(t, want, s.Cancel(tk), where)
		case k < 19:
			v := r.IntN(30)
			want := ref.cancelWhere(func(e Entry[int]) bool { return e.Value == v })
			require.Equal(t, want, s.CancelWhere(func(x int) bool { return x == v }), where)
		case r.IntN(8) == 0:
			s.Reset()
			ref = refSchedule{}
		default:
			s = roundTrip(t, s, r, where)
		}
		require.Equal(t, ref.now, s.Now(), where)
		require.Equal(t, len(ref.entries), s.Len(), where)
		require.Equal(t, nilIfEmpty(ref.entries), nilIfEmpty(s.Pending()), where)
		snap := s.Snapshot()
		require.Equal(t, nilIfEmpty(ref.entries), nilIfEmpty(snap.Entries), where)
		require.Equal(t, ref.seq, snap.Seq, where)
		if p, ok := s.Peek(); ok {
			require.Equal(t, ref.entries[0], p, where)
		}
		requireBusyTrue(t, &s, where)
	}
}

// requireBusyTrue checks the schedule's busy lanes against its lanes: a
// bit set exactly for each lane with entries pending, which Next trusts
// (the reference checks what it takes).
func requireBusyTrue(t *testing.T, s *Schedule[int], where string) {
	t.Helper()
	for i := range s.lanes {
		require.Equal(t, len(s.lanes[i].pending()) > 0, s.busy&(1<<i) != 0, "%s: lane %d busy", where, i)
	}
	require.Zero(t, s.busy>>len(s.lanes), "%s: busy past the lanes", where)
}

// roundTrip saves s through JSON, shuffling the entries half the time, and
// restores a fresh schedule from it.
func roundTrip(t *testing.T, s Schedule[int], r *rand.Rand, where string) Schedule[int] {
	snap := s.Snapshot()
	if r.IntN(2) == 0 {
		r.Shuffle(len(snap.Entries), func(i, j int) {
			snap.Entries[i], snap.Entries[j] = snap.Entries[j], snap.Entries[i]
		})
	}
	data, err := json.Marshal(snap)
	require.NoError(t, err, where)
	var back Snapshot[int]
	require.NoError(t, json.Unmarshal(data, &back), where)
	var restored Schedule[int]
	require.NoError(t, restored.Restore(back), where)
	return restored
}

func nilIfEmpty(e []Entry[int]) []Entry[int] {
	if len(e) == 0 {
		return nil
	}
	return e
}

// TestAllStopsWhenAsked: a range over All that breaks early sees the first
// tasks in order and leaves the schedule as it was.
func TestAllStopsWhenAsked(t *testing.T) {
	var s Schedule[int]
	for i, rel := range []int64{16, 2, 3, 16, 2, 40} {
		s.Insert(i, rel)
	}
	want := s.Pending()
	var seen []Entry[int]
	for e := range s.All() {
		if len(seen) == 3 {
			break
		}
		seen = append(seen, e)
	}
	require.Equal(t, want[:3], seen)
	require.Equal(t, want, s.Pending())
}

// TestWarmScheduleDoesNotAllocate: once its lanes have grown, a round of
// takes and reschedules and a walk over the pending tasks allocate nothing.
func TestWarmScheduleDoesNotAllocate(t *testing.T) {
	var s Schedule[int]
	for i := range 100 {
		s.Insert(i, int64(1+i%3))
	}
	round := func() {
		for range 100 {
			v, _, _ := s.Next()
			s.Insert(v, 16+int64(v%3))
		}
		for e := range s.All() {
			_ = e
		}
	}
	round()
	require.Zero(t, testing.AllocsPerRun(50, round))
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
