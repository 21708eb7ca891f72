package book

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
	"lastpost/rules"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestBookOrder pins the checking order documented in Book: the refusals
// of commands first, then the road's rules in the original's order (with
// projectile hits before collisions), and the bookkeeping rules last.
func TestBookOrder(t *testing.T) {
	f := fxNew()
	var names []string
	for _, r := range Book(&f.env) {
		names = append(names, r.Name)
	}
	assert.Equal(t, []string{
		"command place", "retire needs victory", "no such thing", "not a kit", "not a gun", "empty slot", "kit needs standstill",
		"cannot afford", "would do nothing", "inventory full", "moot", "bounds", "letter pick-up", "acid", "run-over", "bump attack", "projectile hit",
		"struck barrel goes off", "collision",
		"death", "enemy collision", "van collision", "goal reached", "driving physics",
		"steering needs speed", "fragments burn letters", "burst continues", "motion ends", "camp arrival", "stranded", "narrate",
	}, names)
	e := rules.New(f.w, Book(&f.env), rules.Options[act.Act]{Build: func(*act.Act, *ecs.Action) {}})
	assert.Equal(t, names, e.Book(), "the engine checks the rules in the book's order")
}

// TestBookRuleNamesUnique keeps traces unambiguous.
func TestBookRuleNamesUnique(t *testing.T) {
	f := fxNew()
	seen := map[string]bool{}
	for _, r := range Book(&f.env) {
		assert.False(t, seen[r.Name], "rule %q twice", r.Name)
		assert.NotNil(t, r.Check, r.Name)
		seen[r.Name] = true
	}
}

// fxBook runs one hand-built action through the whole book and returns
// its record and the actions that ran after it (the follow-ons of its
// outcome).
func fxBook(t *testing.T, f *fxWorld, step fxStep) (rules.Record, []string) {
	t.Helper()
	trace := fxRunBook(f, Book(&f.env), step, false)
	require.NotEmpty(t, trace.Records)
	var after []string
	for _, r := range trace.Records[1:] {
		after = append(after, r.Action)
	}
	return trace.Records[0], after
}

func consulted(r rules.Record) []string {
	var names []string
	for _, c := range r.Checks {
		names = append(names, c.Rule)
	}
	return names
}

// TestBookOrderMatters checks what the order is for: follow-ons of a
// refused move never run, a bullet meets its target before the collision
// rule could stop it, and only committed actions are told.
func TestBookOrderMatters(t *testing.T) {
	t.Run("a letter is not picked up by a move a car blocks", func(t *testing.T) {
		f := fxNew()
		v := f.van(geom.Pt(3, 2))
		l := f.letter(geom.Pt(4, 2))
		f.car(geom.Pt(4, 2))
		rec, after := fxBook(t, f, fxMove(v, geom.Pt(4, 2), Reject))
		assert.False(t, rec.Committed)
		assert.Contains(t, consulted(rec), "letter pick-up")
		assert.NotContains(t, after, act.TakeLetter(v, l).String())
	})
	t.Run("acid does not bite a move a wreck blocks", func(t *testing.T) {
		f := fxNew()
		v := f.van(geom.Pt(3, 2))
		f.wreck(geom.Pt(3, 1))
		f.acid = append(f.acid, geom.Pt(3, 1))
		rec, after := fxBook(t, f, fxMove(v, geom.Pt(3, 1), Reject))
		assert.False(t, rec.Committed)
		assert.NotContains(t, after, act.Acid(v).String())
	})
	t.Run("acid bites a committed move", func(t *testing.T) {
		f := fxNew()
		v := f.van(geom.Pt(3, 2))
		l := f.letter(geom.Pt(3, 1))
		f.acid = append(f.acid, geom.Pt(3, 1))
		rec, after := fxBook(t, f, fxMove(v, geom.Pt(3, 1), Accept))
		assert.True(t, rec.Committed)
		assert.Equal(t, []string{act.TakeLetter(v, l).String(), act.Acid(v).String()}, after)
	})
	t.Run("a bullet sets a barrel off instead of being stopped by it", func(t *testing.T) {
		f := fxNew()
		x := f.barrel(geom.Pt(4, 2))
		b := f.bullet(geom.Pt(3, 2), 0)
		rec, after := fxBook(t, f, fxMove(b, geom.Pt(4, 2), Reject))
		assert.False(t, rec.Committed)
		assert.NotContains(t, consulted(rec), "collision")
		assert.Equal(t, []string{act.SpendOn(b, x).String()}, after)
	})
	t.Run("the van running a zombie over goes on", func(t *testing.T) {
		f := fxNew()
		v := f.van(geom.Pt(3, 2))
		z := f.zombie(geom.Pt(4, 2))
		rec, after := fxBook(t, f, fxMove(v, geom.Pt(4, 2), Accept))
		assert.True(t, rec.Committed)
		assert.Equal(t, []string{act.Damage(z, 2, v).String()}, after)
	})
	t.Run("a refused action is never told", func(t *testing.T) {
		f := fxNew()
		v := f.van(geom.Pt(3, 2))
		line := vocab.Message{ID: assets.MsgSteerFailed}
		step := fxSteerStep(v, geom.North, Reject)
		build := step.build
		step.build = func(a *ecs.Action) {
			build(a)
			var l vocab.Lines
			l.Add(line)
			vocab.Says.Set(a, l)
		}
		rec, after := fxBook(t, f, step)
		assert.False(t, rec.Committed)
		assert.Equal(t, []string{act.Say(vocab.Message{ID: assets.MsgSteerStopped}).String()}, after)
		assert.True(t, slices.Contains(consulted(rec), "narrate"), "narrate is consulted, but its lines wait for a commit")
	})
}

// groundRules are the rules about the moves of the van and the enemies,
// which no projectile's step could concern.
func groundRules(env *Env) []string {
	var names []string
	for _, r := range Book(env) {
		if slices.Contains(r.Concerns, vocab.Ground.ID()) {
			names = append(names, r.Name)
		}
	}
	return names
}

// TestGroundRulesSkipProjectiles checks that the builders mark the moves
// of the van and the enemies, and only those, so the rules about them are
// never asked about a bullet's or a fragment's step while the rules about
// every move still are.
func TestGroundRulesSkipProjectiles(t *testing.T) {
	f := fxNew()
	ground := groundRules(&f.env)
	require.NotEmpty(t, ground, "the rules about the van and the enemies declare the ground mark")
	cases := []struct {
		name  string
		mover func(f *fxWorld) ecs.Entity
		asked bool
	}{
		{"the van", func(f *fxWorld) ecs.Entity { v := f.van(geom.Pt(3, 2)); f.moving(v); return v }, true},
		{"a car", func(f *fxWorld) ecs.Entity { c := f.car(geom.Pt(3, 3)); f.moving(c); return c }, true},
		{"a bullet", func(f *fxWorld) ecs.Entity { return f.bullet(geom.Pt(3, 2), 0) }, false},
		{"a fragment", func(f *fxWorld) ecs.Entity { return f.fragment(geom.Pt(3, 2)) }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := fxNew()
			e := tc.mover(f)
			rec, _ := fxBook(t, f, fxBuilt(f, act.Move(e), Accept))
			require.True(t, rec.Committed)
			names := consulted(rec)
			assert.Contains(t, names, "bounds", "every move is asked about")
			for _, g := range ground {
				assert.Equal(t, tc.asked, slices.Contains(names, g), "rule %q asked about %s's step", g, tc.name)
			}
		})
	}
}

// TestFragmentLastStep checks that a fragment's last step is a step like
// any other to the rules (it burns the letters it crosses, it strikes what
// it meets, it may leave the road) and that, committed, it spends the
// fragment in the same action, with no end of its own to follow.
func TestFragmentLastStep(t *testing.T) {
	t.Run("spent where its range runs out, burning a letter there", func(t *testing.T) {
		f := fxNew()
		fr := f.fragment(geom.Pt(3, 2))
		l := f.letter(geom.Pt(4, 2))
		rec, after := fxBook(t, f, fxBuilt(f, act.LastStep(fr), Accept))
		assert.True(t, rec.Committed)
		assert.Contains(t, consulted(rec), "fragments burn letters")
		assert.Equal(t, []string{act.Destroy(l).String()}, after, "no end follows the last step")
		assert.False(t, f.w.Alive(fr), "the last step spends the fragment")
	})
	refused := []struct {
		name  string
		setup func(f *fxWorld) (fragment ecs.Entity, after act.Act)
	}{
		{"a last step into a barrel is refused and spent on it", func(f *fxWorld) (ecs.Entity, act.Act) {
			x := f.barrel(geom.Pt(4, 2))
			fr := f.fragment(geom.Pt(3, 2))
			return fr, act.SpendOn(fr, x)
		}},
		{"a last step off the road is refused and ends it", func(f *fxWorld) (ecs.Entity, act.Act) {
			fr := f.fragment(geom.Pt(fxW-1, 2))
			return fr, act.Destroy(fr)
		}},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			f := fxNew()
			fr, end := tc.setup(f)
			rec, after := fxBook(t, f, fxBuilt(f, act.LastStep(fr), Reject))
			assert.False(t, rec.Committed)
			assert.Equal(t, []string{end.String()}, after)
		})
	}
}

// TestEveryRuleIsExplained checks that the trace can tell a player, in
// words, what every rule of the book is for.
func TestEveryRuleIsExplained(t *testing.T) {
	f := fxNew()
	for _, r := range Book(&f.env) {
		assert.True(t, f.env.Data.Texts.Has(assets.TraceRule(r.Name)), "no trace text for rule %q", r.Name)
	}
}

// pointFacts is the book's scratch, noting for each move it derives the
// facts of the move as moveFacts finds them and as the index's queries by
// point (In, At, Count, Any) and the Ground mark's own test find them.
type pointFacts struct {
	*Scratch
	moves []pointMove
}

// pointMove is what pointFacts notes of one move.
type pointMove struct {
	got, want uint64
	busy      bool
	ground    bool
	to        geom.Point
}

func (s *pointFacts) Derive(c *Check) uint64 {
	f := s.Scratch.Derive(c)
	if s.m.ok {
		got := s.moveFacts(c, s.m.E, s.m.To, s.onGround(c.Action))
		s.moves = append(s.moves, pointMove{got: got, want: factsByPoint(s.Scratch, c), busy: s.m.busy,
			ground: vocab.Ground.On(c.Action), to: s.m.To})
	}
	return f
}

// factsByPoint is moveFacts the general way, each query finding the cell
// again by its point, with the busy it would set left out.
func factsByPoint(s *Scratch, c *Check) uint64 {
	m, sp := &s.m, c.Spatial
	to := m.To
	if !sp.In(to) {
		return offGrid | mayStrand | goal | acid
	}
	var facts uint64
	if n := len(sp.At(to)); n > 0 && n > sp.Count(to, vocab.Projectile.ID())+sp.Count(to, vocab.Shard.ID()) {
		facts = busy | meets(c, m)
	}
	if !vocab.Ground.On(c.Action) {
		return facts
	}
	if east := geom.Pt(to.X+1, to.Y); !sp.In(east) || sp.Any(east, vocab.Solid.ID()) {
		facts |= mayStrand
	}
	if env := s.env; env != nil {
		if to.X >= env.GoalX && vocab.Player.In(c.World, m.E) {
			facts |= goal
		}
		if c.World.Holds(vocab.Tyres.ID(), m.E) && env.Acid(to) {
			facts |= acid
		}
	}
	return facts
}

// TestMoveFactsFindTheCellOnceAsThePointQueriesDo plays random actions on
// random crowded roads through the whole book and compares, for every
// move derived, the facts moveFacts finds with the cell's index found once
// (and the Ground mark's bit found by NewScratch) with those the index's
// queries by point find; busy must be set exactly with its fact. The roads
// must reach moves on the ground walled in on the east and not, at the
// grid's east edge, into busy cells and off the grid.
func TestMoveFactsFindTheCellOnceAsThePointQueriesDo(t *testing.T) {
	var ground, walled, edge, open, busyMoves, off int
	n := testsize.Steps(500)
	for i := range n {
		f, step := fxRandomAction(rand.New(rand.NewPCG(uint64(i), 11)))
		s := &pointFacts{Scratch: NewScratch(&f.env)}
		fxResolveWith(f, Book(&f.env), step, s, false)
		for j, m := range s.moves {
			require.Equal(t, m.want, m.got, "case %d move %d", i, j)
			require.Equal(t, m.got&busy != 0, m.busy, "case %d move %d", i, j)
			switch {
			case m.got&offGrid != 0:
				off++
			case m.got&busy != 0:
				busyMoves++
			}
			if m.got&offGrid != 0 || !m.ground {
				continue
			}
			ground++
			switch {
			case m.to.X == fxW-1:
				edge++
			case m.got&mayStrand != 0:
				walled++
			default:
				open++
			}
		}
	}
	assert.Greater(t, ground, n/4, "moves on the ground")
	assert.Greater(t, walled, n/50, "moves on the ground walled in on the east")
	assert.Greater(t, edge, n/100, "moves on the ground into the last column")
	assert.Greater(t, open, n/20, "moves on the ground free to go on east")
	assert.Greater(t, busyMoves, n/20, "moves into busy cells")
	assert.Greater(t, off, n/50, "moves off the grid")
}
