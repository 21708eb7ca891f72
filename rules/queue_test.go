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
