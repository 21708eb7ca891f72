package ecs

import (
	"math/rand/v2"
	"slices"
	"testing"

	"lastpost/ecs/geom"

	"github.com/stretchr/testify/require"
)

// crowdRun builds the same random actions that spawn or remove many
// entities at once in two worlds, one committing through Commit, the
// other through commitByUpdate, the general way.
type crowdRun struct {
	r  *rand.Rand
	ws [2]*World
	as [2]*Action
	// spawns and removals count the actions each short way accepted, so
	// the test knows it has exercised them; blasts counts the spawns that
	// also removed an entity of the world's whole.
	spawns, removals, blasts int
}

// each applies fn to both worlds' actions with the same random choices.
func (c *crowdRun) each(fn func(w *World, a *Action, r *rand.Rand)) {
	seed := c.r.Uint64()
	for k := range c.ws {
		fn(c.ws[k], c.as[k], rand.New(rand.NewPCG(seed, 3)))
	}
}

// populate spawns a crowd: most with a position, some with what the index
// counts or lists. A third of them first remove an entity of the world's
// whole, as a blast removes its barrel. Now and then it breaks what the
// short way needs: ids placed out of order, an older entity touched, a
// spawned one's position removed again.
func populate(w *World, a *Action, r *rand.Rand) {
	if placed := pos.Entities(w); len(placed) > 0 && r.IntN(3) == 0 {
		a.RemoveEntity(placed[r.IntN(len(placed))])
	}
	n := 2 + r.IntN(60)
	es := make([]Entity, n)
	for i := range es {
		es[i] = a.Spawn()
	}
	at := map[Entity]geom.Point{}
	for _, e := range es {
		// Some off the grid, on either side.
		at[e] = geom.Pt(r.IntN(gridW+2)-1, r.IntN(gridH))
	}
	order := slices.Clone(es)
	if r.IntN(6) == 0 {
		// Two placed out of order, in one cell, where the order shows.
		i := r.IntN(n - 1)
		order[i], order[i+1] = order[i+1], order[i]
		at[order[i]] = geom.Pt(r.IntN(gridW), r.IntN(gridH))
		at[order[i+1]] = at[order[i]]
	}
	for _, e := range order {
		if r.IntN(10) != 0 {
			pos.Set(a, e, at[e])
		}
		if r.IntN(2) == 0 {
			solid.Add(a, e)
		}
		if r.IntN(3) == 0 {
			barrel.Add(a, e)
		}
		if r.IntN(3) == 0 {
			loot.Set(a, e, r.IntN(9))
		}
		if r.IntN(4) == 0 {
			hp.Set(a, e, r.IntN(9))
		}
		if r.IntN(20) == 0 {
			barrel.Remove(a, e)
		}
	}
	if r.IntN(6) == 0 {
		pos.Remove(a, es[r.IntN(n)])
	}
	if old := w.LastEntity(); old > 0 && r.IntN(6) == 0 {
		solid.Add(a, 1+Entity(r.IntN(int(old))))
	}
}

// clearOut removes the position of many placed entities, by rising id, and
// what the index counts or lists of most of them, or the whole entity. Now
// and then it breaks what the short way needs: a member removed from an
// entity that keeps its position, ids out of order, a position set.
func clearOut(w *World, a *Action, r *rand.Rand) {
	var out, kept []Entity
	ents := slices.Clone(pos.Entities(w))
	slices.Sort(ents)
	all := r.IntN(3) == 0
	for _, e := range ents {
		if all || r.IntN(4) != 0 {
			out = append(out, e)
		} else {
			kept = append(kept, e)
		}
	}
	if len(out) > 2 && r.IntN(6) == 0 {
		out[0], out[1] = out[1], out[0]
	}
	for _, e := range out {
		switch r.IntN(3) {
		case 0:
			a.RemoveEntity(e)
		case 1:
			pos.Remove(a, e)
			solid.Remove(a, e)
			barrel.Remove(a, e)
			loot.Remove(a, e)
		default:
			pos.Remove(a, e)
		}
	}
	if len(kept) > 0 && r.IntN(6) == 0 {
		solid.Remove(a, kept[r.IntN(len(kept))])
	}
	if len(kept) > 0 && r.IntN(8) == 0 {
		pos.Set(a, kept[r.IntN(len(kept))], geom.Pt(r.IntN(gridW), r.IntN(gridH)))
	}
}

// TestCrowdCommitsAgreeWithTheGeneralWay pins commitSpawns and
// commitRemovals: actions spawning a crowd (some removing an entity of the
// world's as they do) or clearing most of the grid,
// some of them such that the short ways must refuse them, go through
// Commit and through commitByUpdate. Both worlds must agree on the hash,
// every cell's order and Check after each action.
func TestCrowdCommitsAgreeWithTheGeneralWay(t *testing.T) {
	for _, seed := range testSeeds {
		c := &crowdRun{r: rand.New(rand.NewPCG(seed, 17))}
		for k := range c.ws {
			c.ws[k] = newTestWorld()
			c.as[k] = c.ws[k].NewAction()
		}
		for step := range 60 {
			if step%3 == 2 {
				c.each(clearOut)
			} else {
				c.each(populate)
			}
			w, a := c.ws[0], c.as[0]
			s := w.spatial
			d := a.deltas[s.pos.id].(*dataDelta[geom.Point])
			if gone, ok := s.spawnsOnly(a, d, w.next); ok {
				c.spawns++
				if gone != 0 {
					c.blasts++
				}
			} else if _, ok := s.removalsOnly(a, d, nil); ok {
				c.removals++
			}
			w.Commit(a)
			commitByUpdate(c.ws[1], c.as[1])
			require.Equal(t, c.ws[1].Hash(), w.Hash(), "seed %d step %d", seed, step)
			require.Equal(t, cellOrders(c.ws[1]), cellOrders(w), "seed %d step %d", seed, step)
			require.NoError(t, s.Check(w), "seed %d step %d", seed, step)
			require.Equal(t, c.ws[1].spatial.Changed(), s.Changed(), "seed %d step %d: the cells changed", seed, step)
			s.ClearChanged()
			c.ws[1].spatial.ClearChanged()
		}
		require.Positive(t, c.spawns, "seed %d: no crowd spawned the short way", seed)
		require.Positive(t, c.removals, "seed %d: no crowd removed the short way", seed)
		require.Positive(t, c.blasts, "seed %d: no blast spawned the short way", seed)
		require.Less(t, c.spawns+c.removals, 60, "seed %d: the short ways refused nothing", seed)
	}
}

// TestFlushRemovingEveryHolderAgreesWithOneByOne pins the flush of a
// delta that removes as many entities as the store holds: when they are
// all its holders the store is emptied at once, else it must remove them
// one by one. Removals of every holder, in a random order, and of as many
// entities with one of them never a holder, go through one action in a
// world and through an action each in another; the stores must agree,
// orders included, then and after more entities are added.
func TestFlushRemovingEveryHolderAgreesWithOneByOne(t *testing.T) {
	for _, seed := range testSeeds {
		r := rand.New(rand.NewPCG(seed, 23))
		for round := range 20 {
			ws := [2]*World{NewWorld(testSchema()), NewWorld(testSchema())}
			n := 2 + r.IntN(40)
			var holders, others []Entity
			for k, w := range ws {
				a := w.NewAction()
				for i := range n + 3 {
					e := a.Spawn()
					if i < n {
						loot.Set(a, e, i)
						solid.Add(a, e)
						if k == 0 {
							holders = append(holders, e)
						}
					} else if k == 0 {
						others = append(others, e)
					}
				}
				w.Commit(a)
			}
			rem := slices.Clone(holders)
			r.Shuffle(len(rem), func(i, j int) { rem[i], rem[j] = rem[j], rem[i] })
			if round%2 == 1 {
				rem[r.IntN(len(rem))] = others[r.IntN(len(others))]
			}
			a := ws[0].NewAction()
			for _, e := range rem {
				loot.Remove(a, e)
				solid.Remove(a, e)
			}
			ws[0].Commit(a)
			b := ws[1].NewAction()
			for _, e := range rem {
				loot.Remove(b, e)
				solid.Remove(b, e)
				ws[1].Commit(b)
			}
			for _, w := range ws {
				a := w.NewAction()
				for i := range 3 {
					e := a.Spawn()
					loot.Set(a, e, 100+i)
					solid.Add(a, e)
				}
				w.Commit(a)
			}
			require.Equal(t, loot.Entities(ws[1]), loot.Entities(ws[0]), "seed %d round %d", seed, round)
			require.Equal(t, loot.Values(ws[1]), loot.Values(ws[0]), "seed %d round %d", seed, round)
			require.Equal(t, solid.Entities(ws[1]), solid.Entities(ws[0]), "seed %d round %d", seed, round)
			require.Equal(t, ws[1].Hash(), ws[0].Hash(), "seed %d round %d", seed, round)
		}
	}
}
