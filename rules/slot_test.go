package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
)

// slotAct is the action type of the slot tests: set the counter to N, and
// a rule asks for a follow-on while N is below Upto.
type slotAct struct {
	N, Upto int
	Name    string // a pointer in the action type, as the game's has
}

var slotCounter = ecs.DataOf[int](0)

func slotEngine(t *testing.T, book []Rule[slotAct], onBuild func(*slotAct)) (*Engine[slotAct], *ecs.World, ecs.Entity) {
	t.Helper()
	w := ecs.NewWorld(ecs.MustSchema(ecs.DataSpec(slotCounter, "counter", ecs.HashInt[int])))
	a := w.NewAction()
	e := a.Spawn()
	slotCounter.Set(a, e, 0)
	w.Commit(a)
	eng := New(w, book, Options[slotAct]{Build: func(t *slotAct, a *ecs.Action) {
		if onBuild != nil {
			onBuild(t)
		}
		slotCounter.Set(a, e, t.N)
	}})
	return eng, w, e
}

func TestAnActionTypeIsHandedOutWhereItIsQueued(t *testing.T) {
	var built, checked, committed []*slotAct
	book := []Rule[slotAct]{
		{Name: "sees", Check: func(c *Check[slotAct]) Verdict {
			checked = append(checked, c.Type)
			return Accept
		}},
		{Name: "follows", Check: func(c *Check[slotAct]) Verdict {
			if c.Type.N < c.Type.Upto {
				c.Enqueue(slotAct{N: c.Type.N + 1, Upto: c.Type.Upto, Name: "next"})
			}
			return Accept
		}},
	}
	eng, w, e := slotEngine(t, book, func(a *slotAct) { built = append(built, a) })
	eng.OnCommit = func(t *slotAct, _ int) { committed = append(committed, t) }
	eng.Enqueue(slotAct{N: 1, Upto: 5, Name: "first"})
	require.NoError(t, eng.Resolve())

	require.Len(t, built, 5)
	assert.Equal(t, built, checked, "the rules see the very action type the builder saw")
	assert.Equal(t, built, committed, "the commit hook sees it too")
	for _, a := range built {
		assert.Same(t, a, eng.queue.at(int32(a.N-1)), "each action type is read in the slot it was written to")
	}
	assert.Equal(t, 5, slotCounter.Value(w, e))
}

func TestQueueSlotsOfDroppedFollowOnsAreReused(t *testing.T) {
	// Every move asks for a follow-on under acceptance and one under
	// rejection; it is rejected, so the first is dropped and the second
	// runs, until Upto.
	asks := func(v Verdict) Rule[slotAct] {
		return Rule[slotAct]{Name: "asks", Check: func(c *Check[slotAct]) Verdict {
			if c.Type.N < c.Type.Upto {
				c.Enqueue(slotAct{N: c.Type.N + 1, Upto: c.Type.Upto})
			}
			return v
		}}
	}
	eng, _, _ := slotEngine(t, []Rule[slotAct]{asks(Accept), asks(Reject)}, nil)
	for range 200 {
		eng.Enqueue(slotAct{N: 1, Upto: 20})
		require.NoError(t, eng.Resolve())
	}
	// A resolution holds its recent actions, the action being checked and
	// its two follow-ons: a leak would grow with the 200 resolutions of
	// twenty actions each.
	assert.LessOrEqual(t, int(eng.queue.slots), recentActions+3)
	assert.Zero(t, eng.queue.len())
}
