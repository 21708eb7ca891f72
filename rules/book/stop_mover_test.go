package book

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestStopMoverAsksWhatHasAnswers has stopMover stop every entity of
// random crowded roads (some of them moving, some steering), and requires
// a stop for exactly those that hold a velocity or a steering as the
// components' own Has tells it: stopMover asks the world's index instead.
func TestStopMoverAsksWhatHasAnswers(t *testing.T) {
	stopped, passed := 0, 0
	for i := range testsize.Steps(200) {
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		f, _ := fxRandomMove(rng)
		var all []ecs.Entity
		for e := ecs.Entity(1); e <= f.w.LastEntity(); e++ {
			if !f.w.Alive(e) {
				continue
			}
			all = append(all, e)
			switch rng.IntN(4) {
			case 0:
				f.moving(e)
			case 1:
				fxSteer(f, e, []geom.Dir{geom.North, geom.South}[rng.IntN(2)])
			}
		}
		var want []string
		for _, e := range all {
			if vocab.Velocity.Has(f.w, e) || vocab.Steering.Has(f.w, e) {
				want = append(want, act.Stop(e).String())
			}
		}
		// The follow-ons run too, as empty actions: only the wait stops.
		stopAll := Rule{Name: "stop all", Check: func(c *Check) Verdict {
			if c.Type.Kind != act.KindWait {
				return Accept
			}
			for _, e := range all {
				stopMover(c, e)
			}
			return Accept
		}}
		recs := fxResolveWith(f, []Rule{stopAll}, fxStep{act: act.Wait(all[0])}, nil, false)
		require.NotEmpty(t, recs, "case %d", i)
		got := recs[0].Checks[0].FollowOns
		assert.Equal(t, want, got, "case %d", i)
		stopped += len(got)
		passed += len(all) - len(got)
	}
	// Both answers must have come up often.
	assert.Greater(t, stopped, testsize.Steps(200))
	assert.Greater(t, passed, testsize.Steps(200))
}
