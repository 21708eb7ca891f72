package book

import (
	"lastpost/rules/act"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
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
