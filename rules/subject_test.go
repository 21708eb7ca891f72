package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
)

// TestBySubjectReadsKindsAsHoldsWould compares bySubject, which reads the
// subject's mask of tracked components through one table entry, with the
// rules' Subjects asked of the world one by one through Holds, and with
// bySubject's own Holds way (the engine's when the world cannot track its
// components within kindSpan bits). Books name random Subjects of twelve
// flags, worlds track others first so the engine's bits start anywhere
// (and sometimes lie too far apart for the table), and the entities'
// flags change between questions.
func TestBySubjectReadsKindsAsHoldsWould(t *testing.T) {
	const flags, rulesN, ents = 12, 10, 30
	specs := make([]ecs.Spec, flags)
	for i := range specs {
		specs[i] = ecs.FlagSpec(ecs.FlagOf(ecs.ID(i)), fmt.Sprintf("f%d", i))
	}
	schema := ecs.MustSchema(specs...)
	tables, walks := 0, 0
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 9))
		w := ecs.NewWorld(schema)
		a := w.NewAction()
		for range ents {
			e := a.Spawn()
			for id := range ecs.ID(flags) {
				if r.IntN(3) == 0 {
					ecs.FlagOf(id).Add(a, e)
				}
			}
		}
		w.Commit(a)
		for range r.IntN(6) {
			w.TrackKind(ecs.ID(r.IntN(flags)))
		}
		book := make([]Rule[int], rulesN)
		for i := range book {
			book[i] = Rule[int]{Name: fmt.Sprint(i), Check: func(*Check[int]) Verdict { return Accept }}
			for range r.IntN(3) {
				book[i].Subjects = append(book[i].Subjects, ecs.ID(r.IntN(flags)))
			}
		}
		var subject ecs.Entity
		var has bool
		eng := New(w, book, Options[int]{Build: func(*int, *ecs.Action) {},
			Subject: func(*Check[int]) (ecs.Entity, bool) { return subject, has }})
		holds := *eng
		holds.byKinds = nil
		if eng.byKinds != nil {
			tables++
		} else {
			walks++
		}
		for q := range 200 {
			if r.IntN(4) == 0 {
				e, f := ecs.Entity(1+r.IntN(ents)), ecs.FlagOf(ecs.ID(r.IntN(flags)))
				if f.In(w, e) {
					f.Remove(a, e)
				} else {
					f.Add(a, e)
				}
				w.Commit(a)
			}
			subject, has = ecs.Entity(r.IntN(ents+2)), r.IntN(8) != 0
			todo := r.Uint64() & (1<<rulesN - 1)
			want := todo
			for i, rule := range book {
				if len(rule.Subjects) == 0 || todo&(1<<i) == 0 {
					continue
				}
				let := false
				for _, id := range rule.Subjects {
					let = let || has && w.Holds(id, subject)
				}
				if !let {
					want &^= 1 << i
				}
			}
			require.Equal(t, want, eng.bySubject(&eng.check, todo), "seed %d question %d", seed, q)
			require.Equal(t, want, holds.bySubject(&holds.check, todo), "seed %d question %d, by Holds", seed, q)
		}
	}
	assert.Positive(t, tables, "engines reading the table")
	assert.Positive(t, walks, "engines asking Holds")
}
