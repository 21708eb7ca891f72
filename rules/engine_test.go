package rules_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
)

func newEngine(w *ecs.World, book ...rules.Rule[act]) *rules.Engine[act] {
	return rules.New(w, book, rules.Options[act]{Build: build(w)})
}

func TestDoorExample(t *testing.T) {
	tests := []struct {
		name  string
		book  []rules.Rule[act]
		opens bool
	}{
		{"bump checked before collision opens the door", []rules.Rule[act]{bumpOpensDoor, collision}, true},
		{"collision checked first keeps the door shut", []rules.Rule[act]{collision, bumpOpensDoor}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld()
			van := spawn(w, geom.Pt(1, 1))
			d := spawn(w, geom.Pt(2, 1), door, solid)
			e := newEngine(w, tt.book...)
			for range 3 {
				e.Enqueue(act{Kind: move, E: van, Dir: east})
				require.NoError(t, e.Resolve())
			}
			assert.Equal(t, !tt.opens, door.Has(w, d), "door closed")
			assert.Equal(t, !tt.opens, solid.Has(w, d), "door solid")
			if tt.opens {
				// The first bump opens the door and is spent; the next
				// moves go through it.
				assert.Equal(t, geom.Pt(3, 1), pos.Value(w, van))
			} else {
				assert.Equal(t, geom.Pt(1, 1), pos.Value(w, van))
			}
			require.NoError(t, w.Spatial().Check(w))
		})
	}
}

// noteRule enqueues note(#target n) and answers v when the action is a move.
func noteRule(name string, n int, v rules.Verdict) rules.Rule[act] {
	return rules.Rule[act]{Name: name, Check: func(c *rules.Check[act]) rules.Verdict {
		if c.Type.Kind != move {
			return rules.Accept
		}
		c.Enqueue(act{Kind: note, E: c.Type.E, N: n})
		return v
	}}
}

func TestFollowOnQueues(t *testing.T) {
	tests := []struct {
		name      string
		book      []rules.Rule[act]
		committed string // the committed actions, in order
	}{
		{"accepted: the accepting rules' follow-ons run in book order",
			[]rules.Rule[act]{noteRule("a", 1, rules.Accept), noteRule("b", 2, rules.Accept)},
			"move(#1 +1+0) note(#1 1) note(#1 2)"},
		{"a later rejection drops the accepting rule's follow-on",
			[]rules.Rule[act]{noteRule("a", 1, rules.Accept), noteRule("b", 2, rules.Reject)},
			"note(#1 2)"},
		{"a rejecting rule's follow-on runs on rejection, later accepting ones do not",
			[]rules.Rule[act]{noteRule("a", 1, rules.Reject), noteRule("b", 2, rules.Accept), noteRule("c", 4, rules.Reject)},
			"note(#1 1) note(#1 4)"},
		{"accept and stop: later rules are not consulted",
			[]rules.Rule[act]{noteRule("a", 1, rules.Accept|rules.Stop), noteRule("b", 2, rules.Reject)},
			"move(#1 +1+0) note(#1 1)"},
		{"reject and stop: later rules are not consulted",
			[]rules.Rule[act]{noteRule("a", 1, rules.Reject|rules.Stop), noteRule("b", 2, rules.Reject)},
			"note(#1 1)"},
		{"an empty book commits",
			nil,
			"move(#1 +1+0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld()
			van := spawn(w, geom.Pt(1, 1))
			e := newEngine(w, tt.book...)
			var log committed
			e.OnCommit = log.hook
			e.Enqueue(act{Kind: move, E: van, Dir: east})
			require.NoError(t, e.Resolve())
			assert.Equal(t, tt.committed, log.String())
		})
	}
}

func TestDelayedFollowOnsRunByInstantThenFIFO(t *testing.T) {
	w := newWorld()
	van := spawn(w, geom.Pt(1, 1))
	delays := rules.Rule[act]{Name: "delays", Check: func(c *rules.Check[act]) rules.Verdict {
		if c.Type.Kind == move {
			c.EnqueueAfter(act{Kind: note, E: van, N: 30}, 30)
			c.EnqueueAfter(act{Kind: note, E: van, N: 10}, 10)
			c.EnqueueAfter(act{Kind: note, E: van, N: 11}, 10)
			c.Enqueue(act{Kind: note, E: van, N: 0})
			c.EnqueueAfter(act{Kind: note, E: van, N: 12}, 10)
		}
		if c.Type.Kind == note && c.Type.N == 10 {
			c.Enqueue(act{Kind: note, E: van, N: 13}) // same instant, after those already queued
			c.EnqueueAfter(act{Kind: note, E: van, N: 20}, 10)
		}
		return rules.Accept
	}}
	e := newEngine(w, delays)
	var log committed
	var advances []int
	e.OnCommit = log.hook
	e.OnAdvance = func(now int) { advances = append(advances, now) }
	e.Enqueue(act{Kind: move, E: van, Dir: east})
	require.NoError(t, e.Resolve())
	assert.Equal(t, "move(#1 +1+0) note(#1 0) note(#1 10) note(#1 11) note(#1 12) note(#1 13) note(#1 20) note(#1 30)", log.String())
	assert.Equal(t, []int{0, 0, 10, 10, 10, 10, 20, 30}, log.times)
	assert.Equal(t, []int{10, 20, 30}, advances, "the clock advances once per later instant")
	assert.Equal(t, 30, e.Now())
	assert.Equal(t, 0+10+11+12+13+20+30, mark.Value(w, van))
}

// stepper moves an entity one cell east every period ms, moves times.
type stepper struct {
	e      ecs.Entity
	period int
	moves  int
	next   int
}

func (s *stepper) Next() (int, bool) { return s.next, s.moves > 0 }

func (s *stepper) Run(now int, e *rules.Engine[act]) {
	e.Enqueue(act{Kind: move, E: s.e, Dir: east})
	s.moves--
	s.next = now + s.period
}

func TestProcessRunsAtItsInstants(t *testing.T) {
	w := newWorld()
	van := spawn(w, geom.Pt(0, 1))
	e := newEngine(w, bounds, collision)
	var log committed
	drains := 0
	e.OnCommit = log.hook
	e.OnDrain = func() { drains++ }
	e.AddProcess(&stepper{e: van, period: 10, moves: 5, next: 10})
	require.NoError(t, e.Resolve())
	assert.Equal(t, []int{10, 20, 30, 40, 50}, log.times)
	assert.Equal(t, 50, e.Now(), "five moves 10 ms apart finish at 50 ms")
	assert.Equal(t, geom.Pt(5, 1), pos.Value(w, van))
	assert.Equal(t, 1, drains)
	require.NoError(t, e.Resolve(), "a finished process does nothing")
	assert.Equal(t, 2, drains)
	assert.Len(t, log.acts, 5)
}

func TestTwoProcessesInterleave(t *testing.T) {
	w := newWorld()
	a, b := spawn(w, geom.Pt(0, 1)), spawn(w, geom.Pt(0, 2))
	e := newEngine(w)
	var log committed
	e.OnCommit = log.hook
	e.AddProcess(&stepper{e: a, period: 10, moves: 2, next: 10})
	e.AddProcess(&stepper{e: b, period: 5, moves: 3, next: 5})
	require.NoError(t, e.Resolve())
	assert.Equal(t, "move(#2 +1+0) move(#1 +1+0) move(#2 +1+0) move(#2 +1+0) move(#1 +1+0)", log.String())
	assert.Equal(t, []int{5, 10, 10, 15, 20}, log.times, "registration order breaks ties")
}

func TestEnqueueBetweenResolutionsCountsFromZero(t *testing.T) {
	w := newWorld()
	van := spawn(w, geom.Pt(0, 1))
	e := newEngine(w)
	e.AddProcess(&stepper{e: van, period: 10, moves: 5, next: 10})
	require.NoError(t, e.Resolve())
	require.Equal(t, 50, e.Now())
	var log committed
	e.OnCommit = log.hook
	e.EnqueueAt(act{Kind: note, E: van, N: 1}, 20)
	e.Enqueue(act{Kind: note, E: van, N: 2})
	require.NoError(t, e.Resolve())
	assert.Equal(t, "note(#1 2) note(#1 1)", log.String())
	assert.Equal(t, []int{0, 20}, log.times)
}

func TestTrace(t *testing.T) {
	w := newWorld()
	van := spawn(w, geom.Pt(1, 1))
	d := spawn(w, geom.Pt(2, 1), door, solid)
	e := newEngine(w, bounds, bumpOpensDoor, collision)
	e.Trace = &rules.Trace{}
	e.Enqueue(act{Kind: move, E: van, Dir: east})
	require.NoError(t, e.Resolve())
	want := []rules.Record{
		{Time: 0, Action: "move(#1 +1+0)", Committed: false, Checks: []rules.Consulted{
			{Rule: "bounds", Verdict: rules.Accept},
			{Rule: "bump opens door", Verdict: rules.Reject, FollowOns: []string{"open(#2)"}},
			{Rule: "collision", Verdict: rules.Reject | rules.Stop},
		}},
		{Time: 0, Action: "open(#2)", Committed: true},
	}
	assert.Equal(t, want, e.Trace.Records, "rules whose concerns open() does not touch are skipped")
	assert.False(t, door.Has(w, d))

	var buf bytes.Buffer
	n, err := e.Trace.WriteTo(&buf)
	require.NoError(t, err)
	assert.Equal(t, int64(buf.Len()), n)
	assert.Equal(t,
		"   0ms move(#1 +1+0): bounds accept; bump opens door reject -> open(#2); collision reject+stop | rejected\n"+
			"   0ms open(#2): | committed\n", buf.String())

	e.Trace.Reset()
	assert.Empty(t, e.Trace.Records)
	e.Trace = nil
	e.Enqueue(act{Kind: move, E: van, Dir: east})
	require.NoError(t, e.Resolve())
	assert.Equal(t, geom.Pt(2, 1), pos.Value(w, van))
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestTraceWriteError(t *testing.T) {
	tr := rules.Trace{Records: []rules.Record{{Action: "x"}}}
	_, err := tr.WriteTo(failingWriter{})
	assert.Error(t, err)
}

func TestVerdictNames(t *testing.T) {
	tests := []struct {
		v        rules.Verdict
		name     string
		rejected bool
		stops    bool
	}{
		{rules.Accept, "accept", false, false},
		{rules.Reject, "reject", true, false},
		{rules.Accept | rules.Stop, "accept+stop", false, true},
		{rules.Reject | rules.Stop, "reject+stop", true, true},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.name, tt.v.String())
		assert.Equal(t, tt.rejected, tt.v.Rejected(), tt.name)
		assert.Equal(t, tt.stops, tt.v.Stops(), tt.name)
	}
}

func TestEngineAccessors(t *testing.T) {
	w := newWorld()
	e := newEngine(w, bounds, bumpOpensDoor, collision)
	assert.Equal(t, []string{"bounds", "bump opens door", "collision"}, e.Book())
	assert.Same(t, w, e.World())
	assert.Equal(t, 0, e.Now())
}

func TestLoopGuard(t *testing.T) {
	w := newWorld()
	van := spawn(w, geom.Pt(1, 1))
	echo := rules.Rule[act]{Name: "echo", Check: func(c *rules.Check[act]) rules.Verdict {
		if c.Type.Kind == note {
			c.Enqueue(act{Kind: note, E: c.Type.E, N: c.Type.N + 1})
		}
		return rules.Accept
	}}
	e := rules.New(w, []rules.Rule[act]{echo, bounds}, rules.Options[act]{Build: build(w), Limit: 50})
	drained := false
	e.OnDrain = func() { drained = true }
	e.Enqueue(act{Kind: note, E: van, N: 0})
	err := e.Resolve()
	var loop *rules.LoopError
	require.ErrorAs(t, err, &loop)
	assert.Equal(t, 50, loop.Limit)
	assert.Equal(t, []string{"note(#1 43)", "note(#1 44)", "note(#1 45)", "note(#1 46)",
		"note(#1 47)", "note(#1 48)", "note(#1 49)", "note(#1 50)"}, loop.Last, "the last actions, oldest first")
	assert.Contains(t, err.Error(), "note(#1 50)")
	assert.True(t, drained, "the drain hook fires on a loop too")

	e.Enqueue(act{Kind: move, E: van, Dir: east})
	require.NoError(t, e.Resolve(), "the queue was emptied: the engine works afterwards")
	assert.Equal(t, geom.Pt(2, 1), pos.Value(w, van))
}

// forever is a process that always has work now.
type forever struct{ runs int }

func (f *forever) Next() (int, bool) { return 0, true }

func (f *forever) Run(int, *rules.Engine[act]) { f.runs++ }

func TestLoopGuardStopsARunawayProcess(t *testing.T) {
	w := newWorld()
	e := rules.New(w, nil, rules.Options[act]{Build: build(w), Limit: 30})
	f := &forever{}
	e.AddProcess(f)
	var loop *rules.LoopError
	require.ErrorAs(t, e.Resolve(), &loop)
	assert.Equal(t, 30, f.runs)
	assert.Empty(t, loop.Last, "no action ran")
}

// pulse is a process that always has work now, and queues one note each
// time it runs.
type pulse struct {
	van  ecs.Entity
	runs int
}

func (p *pulse) Next() (int, bool) { return 0, true }

func (p *pulse) Run(_ int, e *rules.Engine[act]) {
	p.runs++
	e.Enqueue(act{Kind: note, E: p.van, N: p.runs})
}

// The limit counts the runs of processes and the actions together: with
// each run queuing one action, they take turns until the one past the
// limit, so half of them are runs.
func TestLoopGuardCountsRunsAndActionsTogether(t *testing.T) {
	for _, limit := range []int{30, 31, 57} {
		w := newWorld()
		p := &pulse{van: spawn(w, geom.Pt(1, 1))}
		e := rules.New(w, nil, rules.Options[act]{Build: build(w), Limit: limit})
		e.AddProcess(p)
		for range 2 {
			p.runs = 0
			var loop *rules.LoopError
			require.ErrorAs(t, e.Resolve(), &loop)
			// Runs and actions alternate, a run first, and the one past
			// the limit stops the resolution before it does anything:
			// a run does not run, an action is taken (named) but not
			// built. Either way (limit+1)/2 runs ran and the last action
			// taken is the one the last run queued.
			assert.Equal(t, (limit+1)/2, p.runs, "limit %d", limit)
			require.Len(t, loop.Last, 8)
			assert.Equal(t, fmt.Sprintf("note(#1 %d)", p.runs), loop.Last[7], "limit %d", limit)
		}
	}
}

func TestDefaultOptions(t *testing.T) {
	w := newWorld()
	van := spawn(w, geom.Pt(1, 1))
	e := rules.New(w, nil, rules.Options[act]{Build: build(w)})
	e.Trace = &rules.Trace{}
	e.Enqueue(act{Kind: idle, E: van})
	require.NoError(t, e.Resolve())
	require.Len(t, e.Trace.Records, 1)
	assert.Equal(t, "idle", e.Trace.Records[0].Action, "fmt's %v describes the action by default")
	assert.True(t, e.Trace.Records[0].Committed, "an empty action is committed")
}

func TestCheckRejectedReportsEarlierRejections(t *testing.T) {
	tests := []struct {
		name    string
		earlier []rules.Verdict // the first action's verdicts before the last watcher
		want    bool            // what the last watcher sees for the first action
	}{
		{"no earlier rule", nil, false},
		{"earlier rules accepted", []rules.Verdict{rules.Accept, rules.Accept}, false},
		{"an earlier rule rejected without stopping", []rules.Verdict{rules.Reject}, true},
		{"a rejection, then an acceptance", []rules.Verdict{rules.Reject, rules.Accept}, true},
		{"an acceptance, then a rejection", []rules.Verdict{rules.Accept, rules.Reject}, true},
	}
	// Padding the book past 64 rules takes the engine's other checking
	// loop; the padding concerns hp, which a move does not touch.
	for _, pad := range []int{0, 64} {
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/%d padding rules", tt.name, pad), func(t *testing.T) {
				var seen []string
				watch := func(name string) rules.Rule[act] {
					return rules.Rule[act]{Name: name, Check: func(c *rules.Check[act]) rules.Verdict {
						seen = append(seen, fmt.Sprintf("%s %d: %v", name, c.Type.N, c.Rejected()))
						return rules.Accept
					}}
				}
				var book []rules.Rule[act]
				for range pad {
					book = append(book, rules.Rule[act]{Name: "pad", Concerns: []ecs.ID{idHP},
						Check: func(*rules.Check[act]) rules.Verdict { return rules.Accept }})
				}
				book = append(book, watch("first"))
				for _, v := range tt.earlier {
					// Only the first action (N=1) meets these verdicts;
					// the second is accepted by every rule.
					book = append(book, rules.Rule[act]{Name: "verdict", Check: func(c *rules.Check[act]) rules.Verdict {
						if c.Type.N == 1 {
							return v
						}
						return rules.Accept
					}})
				}
				book = append(book, watch("last"))
				w := newWorld()
				van := spawn(w, geom.Pt(1, 1))
				e := newEngine(w, book...)
				e.Enqueue(act{Kind: move, E: van, Dir: east, N: 1})
				e.Enqueue(act{Kind: move, E: van, Dir: east, N: 2})
				require.NoError(t, e.Resolve())
				assert.Equal(t, []string{
					"first 1: false", fmt.Sprintf("last 1: %v", tt.want),
					"first 2: false", "last 2: false",
				}, seen, "the answer starts false for every action")
			})
		}
	}
}

// burster queues a few notes at each of its instants, by Enqueue or, when
// fresh is set, by EnqueueNew, filling in only the fields that are not
// zero. Every other note has no N, so a slot handed out again with what
// its last action left in it would show in the marks.
type burster struct {
	e     ecs.Entity
	fresh bool
	r     *rand.Rand
	next  int
}

func (b *burster) Next() (int, bool) { return b.next, b.next <= 200 }

func (b *burster) Run(now int, e *rules.Engine[act]) {
	for range 1 + b.r.IntN(12) {
		n := 0
		if b.r.IntN(2) == 0 {
			n = 1 + b.r.IntN(9)
		}
		if !b.fresh {
			e.Enqueue(act{Kind: note, E: b.e, N: n})
			continue
		}
		t := e.EnqueueNew()
		t.Kind, t.E = note, b.e
		if n != 0 {
			t.N = n
		}
	}
	b.next = now + 1 + b.r.IntN(20)
}

// TestEnqueueNewAgreesWithEnqueue runs the same process through two
// engines, one queuing its actions with Enqueue, the other filling them in
// where EnqueueNew puts them: over many resolutions, slots reused all the
// while, both commit the same actions at the same instants.
func TestEnqueueNewAgreesWithEnqueue(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 42} {
		var logs [2]committed
		for k, fresh := range []bool{false, true} {
			w := newWorld()
			van := spawn(w, geom.Pt(0, 1))
			e := newEngine(w)
			e.OnCommit = logs[k].hook
			b := &burster{e: van, fresh: fresh, r: rand.New(rand.NewPCG(seed, 9))}
			e.AddProcess(b)
			for range 5 {
				b.next = 0
				require.NoError(t, e.Resolve())
			}
		}
		require.Equal(t, logs[0].String(), logs[1].String(), "seed %d", seed)
		require.Equal(t, logs[0].times, logs[1].times, "seed %d", seed)
		require.Contains(t, logs[1].String(), "note(#1 0)", "seed %d: notes without N", seed)
	}
}
