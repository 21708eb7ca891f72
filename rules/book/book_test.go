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
		"cannot afford", "would do nothing", "inventory full", "moot", "bounds", "letter pick-up", "acid", "run-over", "bump attack", "projectile hit", "collision",
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
		assert.Equal(t, []string{act.Explode(x, b).String(), act.Spend(b).String()}, after)
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
