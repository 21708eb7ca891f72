package game

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/internal/testsize"
	"lastpost/rules"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestVelocityNextIsTheLeastInstant compares the velocity process's Next,
// which takes five movers or more four at a time after the first, and
// fewer one by one, with a plain walk over them: first every count up to
// a few blocks with the least instant at each place in turn (where an
// index off by one in either way, or a lost minimum, would show), then as
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
	for n := range 14 {
		for least := range n {
			a := g.world.NewAction()
			for _, m := range movers {
				vocab.Velocity.Remove(a, m)
			}
			movers = movers[:0]
			for i := range n {
				m := a.Spawn()
				movers = append(movers, m)
				next := 100 + r.IntN(50)
				if i == least {
					next = 40
				}
				vocab.Velocity.Set(a, m, vocab.Course{Next: next})
			}
			g.world.Commit(a)
			require.Len(t, vocab.Velocity.Values(g.world), n)
			got, ok := velocity{g}.Next()
			require.True(t, ok, "%d movers", n)
			require.Equal(t, 40, got, "%d movers, the least at %d", n, least)
		}
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

// TestVelocityRunEnqueuesTheDueInStoreOrder compares the velocity
// process's Run, which skips the movers not due in a loop of its own, with
// a plain walk over the store: crowds of every size up to a cascade's,
// due movers alone, in runs and scattered, fragments on their last move
// or not. The moves Run queued are read back, in queue order, as a bare
// engine builds them.
func TestVelocityRunEnqueuesTheDueInStoreOrder(t *testing.T) {
	g := fxGameWith(t, fxData(t), 1, fxMap(
		"..........",
		"@.........",
	))
	r := rand.New(rand.NewPCG(9, 2))
	var got []act.Act
	e := rules.New(g.world, nil, rules.Options[act.Act]{
		Build:    func(t *act.Act, _ *ecs.Action) { got = append(got, *t) },
		Describe: act.Act.String,
	})
	const now = 100
	var movers []ecs.Entity
	grouped := 0
	for round := range testsize.Steps(400) {
		a := g.world.NewAction()
		for _, m := range movers {
			vocab.Velocity.Remove(a, m)
		}
		movers = movers[:0]
		due := r.IntN(4) // how often a mover is due: never, rarely, often, always
		for range r.IntN(60) {
			m := a.Spawn()
			movers = append(movers, m)
			next := now + 1 + r.IntN(50)
			if due == 3 || (due > 0 && r.IntN(6/due) == 0) {
				next = now - r.IntN(3)
			}
			vocab.Velocity.Set(a, m, vocab.Course{Next: next, Moves: r.IntN(4)})
			if r.IntN(2) == 0 {
				vocab.Shard.Set(a, m, vocab.Shards{N: 1})
			}
		}
		g.world.Commit(a)

		want := []act.Act{}
		ents, vels := vocab.Velocity.Entities(g.world), vocab.Velocity.Values(g.world)
		for i, c := range vels {
			switch {
			case c.Next > now:
			case c.Moves <= 1 && vocab.Shard.In(g.world, ents[i]):
				want = append(want, act.LastStep(ents[i]))
			default:
				want = append(want, act.Move(ents[i]))
			}
		}
		if len(vels) >= 8 && len(want) > 0 && len(want) < len(vels)/2 {
			grouped++
		}
		got = got[:0]
		velocity{g}.Run(now, e)
		require.NoError(t, e.Resolve())
		require.Equal(t, want, got, "round %d: %d movers", round, len(vels))
	}
	require.Greater(t, grouped, testsize.Steps(400)/20, "crowds with few due movers")
}
