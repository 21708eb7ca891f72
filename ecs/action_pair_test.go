package ecs

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

// pairCase is one way to call SetPair: what the action holds first, and
// the pair, written both ways.
type pairCase struct {
	name string
	// cold leaves the action new, its deltas with the room for one entry
	// NewAction gives; otherwise it has committed a write of every data
	// component first.
	cold bool
	// before writes what the action holds before the pair.
	before func(a *Action)
	// pair calls SetPairAt; sets writes the same pair as two Sets.
	pair, sets func(a *Action)
}

// pairOf makes the case's two writes of a pair of data components. The
// pair is written by SetPairAt (SetPair's way) from a variable of the
// caller's, which it then overwrites: the action must have copied the
// value, not kept the pointer.
func pairOf[T, U any](e Entity, c Data[T], v T, d Data[U], u U) (pair, sets func(a *Action)) {
	return func(a *Action) {
			x := v
			SetPairAt(a, e, c, &x, d, u)
			x = *new(T)
		},
		func(a *Action) { c.Set(a, e, v); d.Set(a, e, u) }
}

func pairCases() []pairCase {
	nothing := func(*Action) {}
	mk := func(name string, cold bool, before func(*Action), pair, sets func(*Action)) pairCase {
		return pairCase{name: name, cold: cold, before: before, pair: pair, sets: sets}
	}
	posVel := func(e Entity) (func(*Action), func(*Action)) {
		return pairOf(e, velo, vel{1, -1}, pos, geom.Pt(3, 1))
	}
	var cs []pairCase
	p, s := posVel(1)
	cs = append(cs, mk("a step: both deltas empty, with room", false, nothing, p, s))
	cs = append(cs, mk("a new action, its deltas with the room NewAction gives", true, nothing, p, s))
	cs = append(cs, mk("other components touched first", false, func(a *Action) {
		solid.Add(a, 2)
		tag.Set(a, "t")
	}, p, s))
	cs = append(cs, mk("the first component holds a lower entity", false, func(a *Action) {
		velo.Set(a, 1, vel{5, 5})
	}, func(a *Action) { SetPair(a, 2, velo, vel{1, 1}, pos, geom.Pt(4, 4)) },
		func(a *Action) { velo.Set(a, 2, vel{1, 1}); pos.Set(a, 2, geom.Pt(4, 4)) }))
	cs = append(cs, mk("the second component holds a higher entity", false, func(a *Action) {
		pos.Set(a, 2, geom.Pt(0, 0))
	}, p, s))
	cs = append(cs, mk("both already set on the entity", false, func(a *Action) {
		velo.Set(a, 1, vel{5, 5})
		pos.Set(a, 1, geom.Pt(0, 0))
	}, p, s))
	cs = append(cs, mk("the second removed from the entity first", false, func(a *Action) {
		pos.Remove(a, 1)
	}, p, s))
	cs = append(cs, mk("the entity removed whole first", false, func(a *Action) {
		a.RemoveEntity(1)
	}, p, s))
	ps, ss := pairOf(1, pos, geom.Pt(3, 1), velo, vel{1, -1})
	cs = append(cs, mk("the pair the other way round", false, nothing, ps, ss))
	ps, ss = pairOf(3, hp, 1, hp, 2)
	cs = append(cs, mk("one component twice", false, nothing, ps, ss))
	ps, ss = pairOf(2, name, "c", loot, 9)
	cs = append(cs, mk("a value holding a reference", false, nothing, ps, ss))
	cs = append(cs, mk("an entity the action spawned", false, func(a *Action) { a.Spawn() },
		func(a *Action) { SetPair(a, 4, velo, vel{2, 0}, pos, geom.Pt(5, 2)) },
		func(a *Action) { velo.Set(a, 4, vel{2, 0}); pos.Set(a, 4, geom.Pt(5, 2)) }))
	return cs
}

// TestSetPairAgreesWithTwoSets writes each case's pair with SetPair on one
// world and with two Sets on another, the same in every other way: the
// actions must hold the same touched order, mask and entries in every
// delta, and commit to the same worlds. Writing a pair that was never
// spawned panics both ways.
func TestSetPairAgreesWithTwoSets(t *testing.T) {
	for _, c := range pairCases() {
		t.Run(c.name, func(t *testing.T) {
			var ws [2]*World
			var as [2]*Action
			for k := range ws {
				ws[k] = seedWorld(t)
				as[k] = ws[k].NewAction()
				if !c.cold {
					// Room in every data delta, as in an action used
					// before.
					a := as[k]
					pos.Set(a, 3, geom.Pt(7, 4))
					velo.Set(a, 3, vel{0, 1})
					hp.Set(a, 3, 8)
					name.Set(a, 3, "c")
					loot.Set(a, 3, 1)
					ws[k].Commit(a)
				}
				c.before(as[k])
			}
			c.pair(as[0])
			c.sets(as[1])
			a, b := as[0], as[1]
			require.Equal(t, b.Touched(), a.Touched())
			require.Equal(t, *b.Mask(), *a.Mask())
			for id := range ID(numTest) {
				if a.cores[id] == nil {
					continue
				}
				x, y := a.cores[id], b.cores[id]
				require.Equal(t, y.ents, x.ents, "component %d", id)
				require.Equal(t, y.rem, x.rem, "component %d", id)
				require.Equal(t, y.top, x.top, "component %d", id)
			}
			requireSamePending(t, pos, a, b)
			requireSamePending(t, velo, a, b)
			requireSamePending(t, name, a, b)
			requireSamePending(t, hp, a, b)
			ws[0].Commit(a)
			ws[1].Commit(b)
			require.Equal(t, ws[1].Hash(), ws[0].Hash())
			require.Equal(t, orders(ws[1]), orders(ws[0]))
			for e := Entity(1); e <= ws[0].LastEntity(); e++ {
				require.Equal(t, read(ws[1], e), read(ws[0], e), "entity %d", e)
			}
		})
	}
	t.Run("an entity never spawned", func(t *testing.T) {
		w := seedWorld(t)
		a := w.NewAction()
		require.Panics(t, func() { velo.Set(a, 9, vel{}) })
		a.Reset()
		require.Panics(t, func() { SetPair(a, 9, velo, vel{}, pos, geom.Pt(1, 1)) })
		// Warm, both deltas with room: the pair's own way.
		velo.Set(a, 1, vel{})
		pos.Set(a, 1, geom.Pt(1, 1))
		w.Commit(a)
		require.Panics(t, func() { SetPair(a, 9, velo, vel{}, pos, geom.Pt(1, 1)) })
		require.Panics(t, func() { SetPair(a, 0, velo, vel{}, pos, geom.Pt(1, 1)) })
	})
}

// requireSamePending requires a to hold the entities and values of c that
// want holds, in the same order.
func requireSamePending[T any](t *testing.T, c Data[T], a, want *Action) {
	t.Helper()
	es, vs := c.Pending(a)
	wes, wvs := c.Pending(want)
	require.Equal(t, wes, es, "component %d", c.ID())
	require.Equal(t, wvs, vs, "component %d", c.ID())
}

// requireRoomForOne requires that every list of every delta of a has room
// for one entry, which SetPair and removeFresh lengthen in place.
func requireRoomForOne(t *testing.T, a *Action) {
	t.Helper()
	for id, c := range a.cores {
		if c == nil {
			continue
		}
		require.Positive(t, cap(c.ents), "ents of %d", id)
		require.Positive(t, cap(c.rem), "rem of %d", id)
		vals := reflect.ValueOf(a.deltas[id]).Elem().FieldByName("vals")
		require.Positive(t, vals.Cap(), "vals of %d", id)
	}
}

func TestDeltasKeepRoomForOne(t *testing.T) {
	w := seedWorld(t)
	a := w.NewAction()
	requireRoomForOne(t, a)
	// The room of a new action's lists is one block: each entry its own.
	seen := map[*Entity]bool{}
	for _, c := range a.cores {
		if c == nil {
			continue
		}
		for _, l := range [][]Entity{c.ents[:1], c.rem[:1]} {
			require.False(t, seen[&l[0]])
			seen[&l[0]] = true
		}
	}
	r := rand.New(rand.NewPCG(7, 7))
	for step := range testsize.Steps(100) {
		for range r.IntN(12) {
			e := 1 + Entity(r.IntN(int(w.LastEntity())))
			switch r.IntN(6) {
			case 0:
				e = a.Spawn()
				SetPair(a, e, velo, vel{1, 2}, pos, geom.Pt(r.IntN(gridW), r.IntN(gridH)))
			case 1:
				hp.Set(a, e, r.IntN(9))
			case 2:
				name.Set(a, e, "x")
			case 3:
				solid.Remove(a, e)
			case 4:
				a.RemoveEntity(e)
			default:
				loot.Remove(a, e)
			}
		}
		if step%5 == 4 {
			a.Reset()
		} else {
			w.Commit(a)
		}
		requireRoomForOne(t, a)
		require.NoError(t, w.Spatial().Check(w))
	}
}
