package rules_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
)

var testSeeds = []uint64{1, 2, 3, 5, 8, 13, 21, 34}

// skipBook is a book whose rules declare what they look at, plus one rule
// that looks at everything. calls counts the rules' consultations.
func skipBook(calls *int) []rules.Rule[act] {
	count := func(r rules.Rule[act]) rules.Rule[act] {
		check := r.Check
		r.Check = func(c *rules.Check[act]) rules.Verdict { *calls++; return check(c) }
		return r
	}
	shoveBarrels := rules.Rule[act]{Name: "shove barrels", Concerns: []ecs.ID{idPush},
		Check: func(c *rules.Check[act]) rules.Verdict {
			// A rule must still answer correctly for actions outside its
			// concerns (NoSkip consults it for every action): it does
			// nothing for them.
			dir, pushed := push.Get(c.Action)
			if _, to, ok := movedTo(c); ok && pushed {
				if b, found := c.Spatial.First(to, idBarrel); found {
					c.EnqueueAfter(act{Kind: shove, E: b, Dir: dir}, 3)
				}
			}
			return rules.Accept
		}}
	death := rules.Rule[act]{Name: "death", Concerns: []ecs.ID{idHP},
		Check: func(c *rules.Check[act]) rules.Verdict {
			ents, vals := hp.Pending(c.Action)
			for i, e := range ents {
				if vals[i] <= 0 {
					c.Enqueue(act{Kind: remove, E: e})
				}
			}
			return rules.Accept
		}}
	blast := rules.Rule[act]{Name: "barrel blast", Concerns: []ecs.ID{idHP},
		Check: func(c *rules.Check[act]) rules.Verdict {
			ents, vals := hp.Pending(c.Action)
			for i, e := range ents {
				if vals[i] > 0 || !barrel.Has(c.World, e) {
					continue
				}
				at := pos.Value(c.World, e)
				for _, d := range geom.Dirs {
					for _, o := range c.Spatial.At(at.Add(d.Vec())) {
						c.EnqueueAfter(act{Kind: hurt, E: o, N: 2}, 5)
					}
				}
			}
			return rules.Accept
		}}
	markCap := rules.Rule[act]{Name: "mark cap", Concerns: []ecs.ID{idMark},
		Check: func(c *rules.Check[act]) rules.Verdict {
			if ents, vals := mark.Pending(c.Action); len(ents) > 0 && vals[0] > 20 {
				return rules.Reject
			}
			return rules.Accept
		}}
	watcher := rules.Rule[act]{Name: "watcher", Check: func(*rules.Check[act]) rules.Verdict { return rules.Accept }}
	// shoveEcho is asked about every action while traced, but acts only
	// on a shove, which sets the push property: it marks the shover.
	shoveEcho := rules.Rule[act]{Name: "shove echo", ActsOn: []ecs.ID{idPush},
		Check: func(c *rules.Check[act]) rules.Verdict {
			if _, pushed := push.Get(c.Action); pushed {
				if e, _, ok := movedTo(c); ok {
					c.Enqueue(act{Kind: note, E: e, N: 1})
				}
			}
			return rules.Accept
		}}
	// collision refuses only moves into a solid cell, and shoveBarrels
	// acts only on a move into a barrel's: each needs that fact.
	needySolid := collision
	needySolid.Needs = solidAhead
	shoveBarrels.Needs = barrelAhead
	book := []rules.Rule[act]{bounds, bumpOpensDoor, needySolid, shoveBarrels, death, blast, markCap, doorsJam(idDoor), watcher, shoveEcho}
	for i := range book {
		book[i] = count(book[i])
	}
	return book
}

// The facts the tests' scratch derives about the cell a move enters, for
// the rules' Needs. They are not the first bits, so that the engine's
// table by fact bit is read beyond its first entry.
const (
	solidAhead  uint64 = 1 << 2
	barrelAhead uint64 = 1 << 5
)

// cellFacts returns the facts of the cell the action moves its mover
// into: whether it holds something solid, or a barrel.
func cellFacts(c *rules.Check[act]) uint64 {
	_, to, ok := movedTo(c)
	if !ok {
		return 0
	}
	var facts uint64
	if c.Spatial.Any(to, idSolid) {
		facts |= solidAhead
	}
	if _, found := c.Spatial.First(to, idBarrel); found {
		facts |= barrelAhead
	}
	return facts
}

// factScratch is the tests' scratch: it keeps nothing, and derives the
// facts of the cell a move enters.
type factScratch struct{}

func (factScratch) Derive(c *rules.Check[act]) uint64 { return cellFacts(c) }

// doorsJam refuses to move a door; it declares that its subject must
// hold the component said (a door, unless the test lies).
func doorsJam(said ecs.ID) rules.Rule[act] {
	return rules.Rule[act]{Name: "doors jam", Concerns: []ecs.ID{idPos}, Subjects: []ecs.ID{said},
		Check: func(c *rules.Check[act]) rules.Verdict {
			if e, ok := moverOf(c); ok && door.Has(c.World, e) {
				return rules.Reject
			}
			return rules.Accept
		}}
}

// moverOf is the engine's Subject in these tests: the entity a move moves.
func moverOf(c *rules.Check[act]) (ecs.Entity, bool) {
	e, _, ok := movedTo(c)
	return e, ok
}

// skipLevel lays out walls, doors, barrels and movers from r.
func skipLevel(w *ecs.World, r *rand.Rand) []ecs.Entity {
	var ents []ecs.Entity
	for range 12 {
		p := geom.Pt(r.IntN(gridW), r.IntN(gridH))
		switch r.IntN(4) {
		case 0:
			ents = append(ents, spawn(w, p, solid))
		case 1:
			ents = append(ents, spawn(w, p, door, solid))
		case 2:
			ents = append(ents, spawn(w, p, barrel, solid))
		default:
			ents = append(ents, spawn(w, p))
		}
	}
	return ents
}

func randomAct(r *rand.Rand, ents []ecs.Entity) act {
	e := ents[r.IntN(len(ents))]
	dir := geom.Dirs[r.IntN(4)].Vec()
	switch r.IntN(7) {
	case 0, 1:
		return act{Kind: move, E: e, Dir: dir}
	case 2:
		return act{Kind: shove, E: e, Dir: dir}
	case 3:
		return act{Kind: hurt, E: e, N: 1 + r.IntN(3)}
	case 4:
		return act{Kind: note, E: e, N: r.IntN(8)}
	case 5:
		return act{Kind: open, E: e}
	}
	return act{Kind: idle, E: e}
}

// runStream plays turns of random action types and returns the hash after
// each turn and the number of rule consultations.
func runStream(t *testing.T, seed uint64, noSkip bool, extra ...rules.Rule[act]) ([]uint64, int) {
	r := rand.New(rand.NewPCG(seed, 2))
	w := newWorld()
	ents := skipLevel(w, r)
	calls := 0
	e := rules.New(w, append(skipBook(&calls), extra...), rules.Options[act]{Build: build(w), NoSkip: noSkip, Subject: moverOf,
		Scratch: factScratch{}})
	var hashes []uint64
	for turn := range 60 {
		for range 1 + r.IntN(4) {
			e.Enqueue(randomAct(r, ents))
		}
		require.NoError(t, e.Resolve(), "seed %d turn %d", seed, turn)
		require.NoError(t, w.Spatial().Check(w), "seed %d turn %d", seed, turn)
		hashes = append(hashes, w.Hash())
	}
	return hashes, calls
}

func TestSkippingNeverChangesAnOutcome(t *testing.T) {
	for _, seed := range testSeeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			all, allCalls := runStream(t, seed, true)
			skipped, skipCalls := runStream(t, seed, false)
			require.Equal(t, all, skipped, "seed %d: the same hashes turn by turn with and without skipping", seed)
			assert.Less(t, skipCalls, allCalls, "seed %d: skipping consulted fewer rules", seed)
			assert.NotEqual(t, all[0], all[len(all)-1], "seed %d: the stream changed the world", seed)
		})
	}
}

// TestSkippingWithWrongDeclarationsIsCaught is the control of the test
// above: a rule that declares the wrong concerns, the wrong Subjects, the
// wrong ActsOn or the wrong Needs changes outcomes when skipped, and the
// comparison sees it.
func TestSkippingWithWrongDeclarationsIsCaught(t *testing.T) {
	tests := []struct {
		name     string
		concerns []ecs.ID
		subjects []ecs.ID
		actsOn   []ecs.ID
		needs    uint64
		refuses  func(c *rules.Check[act]) bool
	}{
		{"looks at moves, declares only marks", []ecs.ID{idMark}, nil, nil, 0,
			func(c *rules.Check[act]) bool { _, _, ok := movedTo(c); return ok }},
		{"refuses to move what is not solid, declares solid movers", []ecs.ID{idPos}, []ecs.ID{idSolid}, nil, 0,
			func(c *rules.Check[act]) bool { e, ok := moverOf(c); return ok && !solid.Has(c.World, e) }},
		{"refuses every move, declares it acts only on marks", nil, nil, []ecs.ID{idMark}, 0,
			func(c *rules.Check[act]) bool { _, _, ok := movedTo(c); return ok }},
		{"refuses every move, declares it needs a barrel ahead", []ecs.ID{idPos}, nil, nil, barrelAhead,
			func(c *rules.Check[act]) bool { _, _, ok := movedTo(c); return ok }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			liar := rules.Rule[act]{Name: "liar", Concerns: tt.concerns, Subjects: tt.subjects, ActsOn: tt.actsOn, Needs: tt.needs,
				Check: func(c *rules.Check[act]) rules.Verdict {
					if tt.refuses(c) {
						return rules.Reject
					}
					return rules.Accept
				}}
			all, _ := runStream(t, testSeeds[0], true, liar)
			skipped, _ := runStream(t, testSeeds[0], false, liar)
			assert.NotEqual(t, all, skipped)
		})
	}
}

func TestSubjectsNarrowTheRulesConsulted(t *testing.T) {
	tests := []struct {
		name      string
		moverIs   []ecs.Flag
		kind      kind
		subject   bool // the engine has a Subject
		noSkip    bool
		traced    bool
		consulted bool
	}{
		{"a mover holding the subject's component", []ecs.Flag{barrel}, move, true, false, false, true},
		{"a mover holding none of them", nil, move, true, false, false, false},
		{"an action with no subject (a hurt moves nothing)", []ecs.Flag{barrel}, hurt, true, false, false, false},
		{"no Subject in the options: Subjects are ignored", nil, move, false, false, false, true},
		{"NoSkip consults it anyway", nil, move, true, true, false, true},
		{"a kept trace shows it anyway", nil, move, true, false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld()
			mover := spawn(w, geom.Pt(1, 1), tt.moverIs...)
			calls := 0
			rolls := rules.Rule[act]{Name: "barrels roll", Concerns: []ecs.ID{idPos, idHP}, Subjects: []ecs.ID{idBarrel, idDoor},
				Check: func(*rules.Check[act]) rules.Verdict { calls++; return rules.Accept }}
			opts := rules.Options[act]{Build: build(w), NoSkip: tt.noSkip}
			if tt.subject {
				opts.Subject = moverOf
			}
			e := rules.New(w, []rules.Rule[act]{bounds, rolls}, opts)
			if tt.traced {
				e.Trace = &rules.Trace{}
			}
			e.Enqueue(act{Kind: tt.kind, E: mover, Dir: east, N: 1})
			require.NoError(t, e.Resolve())
			assert.Equal(t, tt.consulted, calls == 1, "consulted %d times", calls)
			if tt.traced {
				require.Len(t, e.Trace.Records, 1)
				assert.Equal(t, "barrels roll", e.Trace.Records[0].Checks[1].Rule)
			}
		})
	}
}

func TestActsOnNarrowsTheRulesConsulted(t *testing.T) {
	tests := []struct {
		name      string
		concerns  []ecs.ID
		actsOn    ecs.ID
		kind      kind
		noSkip    bool
		traced    bool
		consulted bool
	}{
		{"an action touching what the rule acts on", nil, idHP, hurt, false, false, true},
		{"an action touching none of it", nil, idHP, move, false, false, false},
		{"NoSkip consults it anyway", nil, idHP, move, true, false, true},
		{"a kept trace shows it anyway", nil, idHP, move, false, true, true},
		// A rule with Concerns too is asked only about an action touching
		// one of each: a shove sets the position and the push.
		{"with concerns: an action touching a concern and an ActsOn", []ecs.ID{idPos}, idPush, shove, false, false, true},
		{"with concerns: an action touching a concern only", []ecs.ID{idPos}, idPush, move, false, false, false},
		{"with concerns: an action touching an ActsOn only", []ecs.ID{idHP}, idPush, shove, false, false, false},
		{"with concerns: an action touching neither", []ecs.ID{idHP}, idPush, move, false, false, false},
		{"with concerns: a kept trace shows it if it touches a concern", []ecs.ID{idPos}, idPush, move, false, true, true},
		{"with concerns: NoSkip consults it if it touches a concern", []ecs.ID{idPos}, idPush, move, true, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld()
			mover := spawn(w, geom.Pt(1, 1))
			calls := 0
			wounds := rules.Rule[act]{Name: "wounds", Concerns: tt.concerns, ActsOn: []ecs.ID{tt.actsOn},
				Check: func(*rules.Check[act]) rules.Verdict { calls++; return rules.Accept }}
			e := rules.New(w, []rules.Rule[act]{bounds, wounds}, rules.Options[act]{Build: build(w), NoSkip: tt.noSkip})
			if tt.traced {
				e.Trace = &rules.Trace{}
			}
			e.Enqueue(act{Kind: tt.kind, E: mover, Dir: east, N: 1})
			require.NoError(t, e.Resolve())
			assert.Equal(t, tt.consulted, calls == 1, "consulted %d times", calls)
			if tt.traced {
				require.Len(t, e.Trace.Records, 1)
				assert.Equal(t, "wounds", e.Trace.Records[0].Checks[len(e.Trace.Records[0].Checks)-1].Rule)
			}
		})
	}
}

func TestNeedsNarrowTheRulesConsulted(t *testing.T) {
	tests := []struct {
		name      string
		facts     uint64
		scratch   bool // the engine has a Scratch
		noSkip    bool
		traced    bool
		consulted bool
	}{
		{"facts holding the one needed", barrelAhead, true, false, false, true},
		{"facts holding the other needed", solidAhead, true, false, false, true},
		{"facts holding both and more", solidAhead | barrelAhead | 1, true, false, false, true},
		{"facts holding none of them", 1 | 1<<63, true, false, false, false},
		{"no facts", 0, true, false, false, false},
		{"no Scratch in the options: Needs are ignored", 0, false, false, false, true},
		{"NoSkip consults it anyway", 0, true, true, false, true},
		{"a kept trace shows it anyway", 0, true, false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld()
			mover := spawn(w, geom.Pt(1, 1))
			calls := 0
			// A rule with Needs only and one with Needs and concerns:
			// the gate applies to both, and to nothing else.
			needy := rules.Rule[act]{Name: "needy", Needs: solidAhead | barrelAhead,
				Check: func(*rules.Check[act]) rules.Verdict { calls++; return rules.Accept }}
			heeds := rules.Rule[act]{Name: "heeds", Concerns: []ecs.ID{idPos}, Needs: barrelAhead | solidAhead,
				Check: func(*rules.Check[act]) rules.Verdict { calls++; return rules.Accept }}
			opts := rules.Options[act]{Build: build(w), NoSkip: tt.noSkip}
			if tt.scratch {
				opts.Scratch = fixedFacts(tt.facts)
			}
			e := rules.New(w, []rules.Rule[act]{bounds, needy, collision, heeds}, opts)
			if tt.traced {
				e.Trace = &rules.Trace{}
			}
			e.Enqueue(act{Kind: move, E: mover, Dir: east})
			require.NoError(t, e.Resolve())
			want := 0
			if tt.consulted {
				want = 2
			}
			assert.Equal(t, want, calls)
			if tt.traced {
				require.Len(t, e.Trace.Records, 1)
				names := []string{}
				for _, c := range e.Trace.Records[0].Checks {
					names = append(names, c.Rule)
				}
				assert.Equal(t, []string{"bounds", "needy", "collision", "heeds"}, names)
			}
		})
	}
}

// fixedFacts is a scratch whose Derive returns the same facts for every
// action.
type fixedFacts uint64

func (f fixedFacts) Derive(*rules.Check[act]) uint64 { return uint64(f) }

// serialScratch records what the engine asks of a scratch: the serial of
// each action it derived, and every reading (a rule's or Subject's) made
// when the facts were not the current action's.
type serialScratch struct {
	derived []uint64
	stale   []string
}

func (s *serialScratch) Derive(c *rules.Check[act]) uint64 {
	s.derived = append(s.derived, c.Serial)
	return cellFacts(c)
}

// read notes a reading by who, stale unless Derive last ran for c's action.
func (s *serialScratch) read(c *rules.Check[act], who string) {
	if n := len(s.derived); n == 0 || s.derived[n-1] != c.Serial {
		s.stale = append(s.stale, fmt.Sprintf("%s at serial %d", who, c.Serial))
	}
}

// TestScratchDerivesEachActionFirst plays random streams with a scratch
// and requires that the engine has it derive every action checked exactly
// once, before Subject and before any rule reads it, whether the trace is
// kept, rules are skipped or not, and in a book too large for the engine's
// rule bits (more than 64 rules), which takes the general path.
func TestScratchDerivesEachActionFirst(t *testing.T) {
	for _, large := range []bool{false, true} {
		for _, noSkip := range []bool{false, true} {
			for _, traced := range []bool{false, true} {
				name := fmt.Sprintf("large=%v/noSkip=%v/traced=%v", large, noSkip, traced)
				t.Run(name, func(t *testing.T) {
					s := &serialScratch{}
					var calls int
					book := skipBook(&calls)
					if large {
						for i := len(book); i <= 64; i++ {
							book = append(book, rules.Rule[act]{Name: fmt.Sprint("filler ", i), Concerns: []ecs.ID{idMark},
								Check: func(*rules.Check[act]) rules.Verdict { return rules.Accept }})
						}
					}
					for i := range book {
						r := &book[i]
						check, name := r.Check, r.Name
						r.Check = func(c *rules.Check[act]) rules.Verdict {
							s.read(c, name)
							require.Same(t, s, c.Scratch, "the rule sees the engine's scratch")
							return check(c)
						}
					}
					subject := func(c *rules.Check[act]) (ecs.Entity, bool) {
						s.read(c, "Subject")
						return moverOf(c)
					}
					r := rand.New(rand.NewPCG(testSeeds[0], 3))
					w := newWorld()
					ents := skipLevel(w, r)
					e := rules.New(w, book, rules.Options[act]{Build: build(w), NoSkip: noSkip, Subject: subject, Scratch: s})
					if traced {
						e.Trace = &rules.Trace{}
					}
					checked := 0
					for range 40 {
						for range 1 + r.IntN(4) {
							e.Enqueue(randomAct(r, ents))
						}
						require.NoError(t, e.Resolve())
					}
					for i, serial := range s.derived {
						checked++
						require.Equal(t, uint64(i+1), serial, "each action derived once, in turn")
					}
					assert.Empty(t, s.stale, "read before the action was derived")
					assert.Greater(t, checked, 100, "the streams checked actions")
					assert.Positive(t, calls, "rules were asked")
				})
			}
		}
	}
}
