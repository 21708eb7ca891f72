package rules

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
)

// refQueue is the plain reference the time queue must agree with: every
// key in one slice, the earliest by (at, seq) taken first.
type refQueue struct{ keys []queueKey }

func (r *refQueue) schedule(at int, seq uint64, slot int32) {
	r.keys = append(r.keys, queueKey{at: at, seq: seq, slot: slot})
	sort.Slice(r.keys, func(i, j int) bool {
		a, b := r.keys[i], r.keys[j]
		return a.at < b.at || (a.at == b.at && a.seq < b.seq)
	})
}

func (r *refQueue) popDue(at int) (int32, bool) {
	if len(r.keys) == 0 || r.keys[0].at > at {
		return 0, false
	}
	slot := r.keys[0].slot
	r.keys = r.keys[1:]
	return slot, true
}

// TestTimeQueueMatchesASortedReference drives the queue as the engine
// does, with random schedules at the current instant and later ones
// interleaved with pops and moves of the clock, and checks every answer
// against the reference.
func TestTimeQueueMatchesASortedReference(t *testing.T) {
	for _, seed := range []int64{1, 2, 3, 42, 4242, 77777} {
		t.Run(fmt.Sprintf("seed %d", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(seed), 0))
			var q timeQueue[int]
			var ref refQueue
			var seq uint64
			now, slot := 0, int32(0)
			for step := 0; step < testsize.Steps(20_000); step++ {
				switch k := rng.IntN(10); {
				case k < 5:
					at := now
					if rng.IntN(3) == 0 {
						at += rng.IntN(4) * 50
					}
					seq++
					slot++
					q.schedule(at, seq, slot)
					ref.schedule(at, seq, slot)
				case k < 9:
					// Now and then ask for what is due by an earlier
					// instant: nothing ever is.
					by := now - rng.IntN(5)/4
					got, gotOK := q.popDue(by)
					want, wantOK := ref.popDue(by)
					require.Equal(t, wantOK, gotOK, "seed %d step %d: anything due by %d", seed, step, by)
					require.Equal(t, want, got, "seed %d step %d: slot taken by %d", seed, step, by)
				default:
					require.Equal(t, len(ref.keys), q.len(), "seed %d step %d: length", seed, step)
					if len(ref.keys) > 0 && ref.keys[0].at <= now {
						continue // the engine moves the clock only once nothing is due
					}
					if q.len() > 0 {
						require.Equal(t, ref.keys[0].at, q.nextAt(), "seed %d step %d: next instant", seed, step)
						now = q.nextAt()
					} else if rng.IntN(2) == 0 {
						now = 0
					}
					q.advance(now)
				}
			}
		})
	}
}

// The table of slot addresses agrees with the pages it points into: every
// slot, over several pages and after a clear, is its own place in its
// page, and a value written through one slot is read through that slot
// only.
func TestSlotAddressesAreTheirPlacesInThePages(t *testing.T) {
	var q timeQueue[int]
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 3 {
		var held []int32
		// Past three pages whatever the size: a quarter of the steps release.
		for range 4*slotPage + testsize.Steps(400) {
			if len(held) > 0 && rng.IntN(4) == 0 {
				i := rng.IntN(len(held))
				q.release(held[i])
				held = append(held[:i], held[i+1:]...)
				continue
			}
			v := 1000*round + len(held)
			s := q.alloc(&v)
			held = append(held, s)
		}
		for _, s := range held {
			require.Same(t, &q.pages[s/slotPage][s%slotPage], q.at(s), "slot %d", s)
		}
		seen := map[*int]int32{}
		for _, s := range held {
			p := q.at(s)
			if o, dup := seen[p]; dup {
				t.Fatalf("slots %d and %d share an address", o, s)
			}
			seen[p] = s
		}
		require.Len(t, q.ptrs, len(q.pages)*slotPage)
		q.clear()
	}
}
