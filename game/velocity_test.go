package game

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// TestVelocityNextIsTheLeastInstant compares the velocity process's Next,
// which takes the movers four at a time, with a plain walk over them, as
// movers join and leave the store in random numbers, up to a crowd's:
// every count, the least instant anywhere in the store, repeated or not.
func TestVelocityNextIsTheLeastInstant(t *testing.T) {
	g := fxGameWith(t, fxData(t), 1, fxMap(
		"..........",
		"@.........",
	))
	r := rand.New(rand.NewPCG(3, 5))
	var movers []ecs.Entity
	for _, e := range vocab.Velocity.Entities(g.world) {
		movers = append(movers, e)
	}
	for round := range 400 {
		a := g.world.NewAction()
		for range r.IntN(6) {
			e := a.Spawn()
			movers = append(movers, e)
			vocab.Velocity.Set(a, e, vocab.Course{Next: r.IntN(300) - 20})
		}
		for range r.IntN(4) {
			if len(movers) > 0 && (len(movers) > 40 || r.IntN(3) == 0) {
				i := r.IntN(len(movers))
				vocab.Velocity.Remove(a, movers[i])
				movers = append(movers[:i], movers[i+1:]...)
			}
		}
		if len(movers) > 0 && round%5 == 0 {
			// The least one alone, at a place of its own.
			vocab.Velocity.Set(a, movers[r.IntN(len(movers))], vocab.Course{Next: -100 - round})
		}
		g.world.Commit(a)
		vels := vocab.Velocity.Values(g.world)
		got, ok := velocity{g}.Next()
		require.Equal(t, len(vels) > 0, ok, "round %d", round)
		if !ok {
			continue
		}
		want := vels[0].Next
		for _, c := range vels {
			want = min(want, c.Next)
		}
		require.Equal(t, want, got, "round %d: %d movers", round, len(vels))
	}
}
