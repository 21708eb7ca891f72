package rules

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/internal/testsize"
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
	// The engine holds the slots of its recent actions (up to
	// heldActions), the action being checked and its two follow-ons: a
	// leak would grow with the 200 resolutions of twenty actions each.
	assert.LessOrEqual(t, int(eng.queue.slots), heldActions+3)
	assert.Zero(t, eng.queue.len())
}

// lineChecker is a process that enqueues at random instants and checks,
// each time, that the action type asked for now joined the line at the
// clock's instant: the engine's Enqueue and its follow-ons without delay
// append to the line without asking the queue where they belong, which is
// right only while the line's instant is the clock's.
type lineChecker struct {
	t    *testing.T
	rng  *rand.Rand
	next int
	left int
}

func (p *lineChecker) Next() (int, bool) { return p.next, p.left > 0 }

func (p *lineChecker) Run(now int, e *Engine[slotAct]) {
	p.left--
	p.next = now + p.rng.IntN(3)*5
	for range p.rng.IntN(3) {
		e.Enqueue(slotAct{N: p.rng.IntN(40), Upto: p.rng.IntN(50)})
		requireLinedUp(p.t, e)
	}
}

// requireLinedUp checks that the last action type enqueued sits at the end
// of the line, at the instant an action enqueued now belongs to, and that
// this is the line's instant.
func requireLinedUp(t *testing.T, e *Engine[slotAct]) {
	t.Helper()
	q := &e.queue
	require.Equal(t, e.start(), q.nowAt, "the line holds the clock's instant")
	require.Greater(t, len(q.now), q.head, "the action joined the line")
	last := q.now[len(q.now)-1]
	require.Equal(t, e.seq, last.seq, "it is the last asked for")
}

func TestWhatIsAskedForNowJoinsTheLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	// Follow-ons come with and without delays, under either verdict, and
	// some actions are rejected, so the line and the heap both fill.
	book := []Rule[slotAct]{
		{Name: "follows", Check: func(c *Check[slotAct]) Verdict {
			if c.Type.N < c.Type.Upto {
				next := slotAct{N: c.Type.N + 1 + rng.IntN(3), Upto: c.Type.Upto}
				if rng.IntN(3) == 0 {
					c.EnqueueAfter(next, rng.IntN(4)*5)
				} else {
					c.Enqueue(next)
				}
			}
			if rng.IntN(4) == 0 {
				return Reject
			}
			return Accept
		}},
	}
	eng, _, _ := slotEngine(t, book, nil)
	proc := &lineChecker{t: t, rng: rng}
	eng.AddProcess(proc)
	clocks := 0
	eng.OnCommit = func(*slotAct, int) {
		require.Equal(t, eng.now, eng.queue.nowAt, "during a resolution the line holds the clock's instant")
		clocks++
	}
	for range testsize.Steps(400) {
		proc.next, proc.left = rng.IntN(3)*5, rng.IntN(4)
		for range rng.IntN(3) {
			eng.Enqueue(slotAct{N: rng.IntN(40), Upto: rng.IntN(50)})
			requireLinedUp(t, eng)
		}
		if rng.IntN(3) == 0 {
			eng.EnqueueAt(slotAct{N: rng.IntN(40), Upto: rng.IntN(50)}, rng.IntN(3)*5)
		}
		require.NoError(t, eng.Resolve())
		require.Zero(t, eng.queue.len())
	}
	require.Greater(t, clocks, 1000, "the stream commits enough actions to mean something")
}

// slotOf returns the queue slot holding the action type at t.
func slotOf(t *testing.T, e *Engine[slotAct], at *slotAct) int32 {
	t.Helper()
	for s := range e.queue.slots {
		if e.queue.at(s) == at {
			return s
		}
	}
	require.FailNow(t, "the action type is in no slot")
	return -1
}

func TestTheRingHoldsTheLastActionsAndReleasesTheRest(t *testing.T) {
	// The general way holds the slot of each of the last recentActions
	// actions and releases each as soon as it falls out of them; the
	// ring releases them half a ring at a time. Either way the last
	// recentActions taken are held, nothing older than heldActions is,
	// and every other slot is free, once.
	rng := rand.New(rand.NewPCG(3, 5))
	book := []Rule[slotAct]{
		{Name: "follows", Check: func(c *Check[slotAct]) Verdict {
			for range rng.IntN(3) {
				if c.Type.N < c.Type.Upto {
					c.Enqueue(slotAct{N: c.Type.N + 1, Upto: c.Type.Upto})
				}
			}
			if rng.IntN(4) == 0 {
				return Reject
			}
			return Accept
		}},
	}
	var eng *Engine[slotAct]
	var taken []int32
	eng, _, _ = slotEngine(t, book, func(a *slotAct) { taken = append(taken, slotOf(t, eng, a)) })
	loops, longest := 0, 0
	for step := range testsize.Steps(600) {
		eng.SetLimit(5 + rng.IntN(200))
		for range 1 + rng.IntN(3) {
			eng.Enqueue(slotAct{N: rng.IntN(10), Upto: rng.IntN(40)})
		}
		if err := eng.Resolve(); err != nil {
			// A loop error empties the queue: every slot goes.
			loops++
			taken = taken[:0]
			require.Zero(t, eng.queue.slots)
			continue
		}
		longest = max(longest, len(taken))
		q := &eng.queue
		free := make(map[int32]bool)
		for _, s := range q.free {
			require.False(t, free[s], "step %d: slot %d released twice", step, s)
			free[s] = true
		}
		recent := taken[max(0, len(taken)-recentActions):]
		older := taken[max(0, len(taken)-heldActions):]
		for _, s := range recent {
			require.False(t, free[s], "step %d: slot %d of a recent action released", step, s)
		}
		for s := range q.slots {
			if !free[s] {
				require.Contains(t, older, s, "step %d: slot %d held, not of the last %d actions", step, s, heldActions)
			}
		}
	}
	require.Greater(t, loops, 10, "the stream ends some resolutions in a loop error")
	require.Greater(t, longest, 3*heldActions, "and runs long streams without one")
}

func TestTheCheckKeepsTheClock(t *testing.T) {
	// The Check's Now is set when the clock moves, not for each action:
	// every rule must still read the engine's clock there, in each
	// resolution, the first action of a later one included.
	rng := rand.New(rand.NewPCG(9, 2))
	var eng *Engine[slotAct]
	asked := 0
	book := []Rule[slotAct]{
		{Name: "clock", Check: func(c *Check[slotAct]) Verdict {
			require.Equal(t, eng.Now(), c.Now, "the check's instant is the clock's")
			asked++
			if c.Type.N < c.Type.Upto {
				c.EnqueueAfter(slotAct{N: c.Type.N + 1, Upto: c.Type.Upto}, rng.IntN(3)*5)
			}
			return Accept
		}},
	}
	eng, _, _ = slotEngine(t, book, nil)
	moved, steps := 0, testsize.Steps(50)
	for range steps {
		eng.Enqueue(slotAct{N: rng.IntN(5), Upto: 5 + rng.IntN(10)})
		require.NoError(t, eng.Resolve())
		if eng.Now() > 0 {
			moved++
		}
	}
	require.Greater(t, asked, 2*steps, "resolutions run several actions")
	require.Greater(t, moved, steps/5, "resolutions end with the clock moved on")
}
