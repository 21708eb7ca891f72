package ecs

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
)

// removeByHandle removes component id from e through the component's own
// handle, the way RemoveID must agree with.
func removeByHandle(a *Action, id ID, e Entity) {
	handles := [...]func(*Action, Entity){
		idPos: pos.Remove, idVel: velo.Remove, idHP: hp.Remove, idName: name.Remove,
		idSolid: solid.Remove, idBarrel: barrel.Remove, idLoot: loot.Remove,
	}
	handles[id](a, e)
}

// TestRemoveIDAgreesWithTheHandles removes components by id and through
// their handles, from the same random worlds and the same half-built
// actions, data and flags alike: entities the action already sets or
// removes, runs of rising ids (each above what the delta holds), ones the
// action spawned and ids never spawned. What each action is about to do,
// then the committed worlds and their stores' orders, must agree.
func TestRemoveIDAgreesWithTheHandles(t *testing.T) {
	ids := []ID{idPos, idVel, idHP, idName, idSolid, idBarrel, idLoot}
	for _, seed := range testSeeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			r1, r2 := rand.New(rand.NewPCG(seed, 3)), rand.New(rand.NewPCG(seed, 3))
			w1, w2 := pagedWorld(r1), pagedWorld(r2)
			a1, a2 := w1.NewAction(), w2.NewAction()
			byID, whole, split := 0, 0, 0
			for trial := range testsize.Steps(300) {
				// The same draws on both sides: r1 and r2 stay in step.
				byID += removeIDTrial(r1, a1, ids, (*Action).RemoveID, removeAllByID(&whole, &split))
				removeIDTrial(r2, a2, ids, removeByHandle, removeAllByHandle)
				require.Equal(t, pendingOf(a2), pendingOf(a1), "seed %d trial %d", seed, trial)
				// Some actions are dropped, so that a removal also
				// meets a delta's leftovers never committed.
				if trial%5 == 4 {
					a1.Reset()
					a2.Reset()
					continue
				}
				w2.Commit(a2)
				w1.Commit(a1)
				// Every store lists the same entities in the same
				// order, with the same values.
				require.Equal(t, orders(w2), orders(w1), "seed %d trial %d", seed, trial)
				require.Equal(t, w2.Hash(), w1.Hash(), "seed %d trial %d", seed, trial)
				require.NoError(t, w1.Spatial().Check(w1), "seed %d trial %d", seed, trial)
			}
			assert.Positive(t, byID, "seed %d: removals were made", seed)
			assert.Positive(t, whole, "seed %d: some lists were appended whole", seed)
			assert.Positive(t, split, "seed %d: some lists were removed one by one", seed)
		})
	}
}

// removeAllByID is RemoveIDs, counting the lists it can append whole
// (rising, above the delta's top, the last spawned) and the others.
func removeAllByID(whole, split *int) func(*Action, ID, []Entity) {
	return func(a *Action, id ID, es []Entity) {
		if len(es) > 0 && es[0] > a.cores[id].top && slices.IsSorted(es) && len(slices.Compact(slices.Clone(es))) == len(es) && a.spawnedID(es[len(es)-1]) {
			*whole++
		} else {
			*split++
		}
		a.RemoveIDs(id, es)
	}
}

// removeAllByHandle removes component id from each of es through its
// handle, the way RemoveIDs must agree with.
func removeAllByHandle(a *Action, id ID, es []Entity) {
	for _, e := range es {
		removeByHandle(a, id, e)
	}
}

// removeIDTrial builds part of an action, then makes remove take
// components off entities: a run of held ones (rising, or not quite, or
// past the last spawned) through removeAll, single picks (some the action
// has just given the component), a spawn of the action's own and an id
// never spawned. It returns how many removals it asked for.
func removeIDTrial(r *rand.Rand, a *Action, ids []ID, remove func(*Action, ID, Entity), removeAll func(*Action, ID, []Entity)) int {
	last := a.w.LastEntity()
	pick := func() Entity { return 1 + Entity(r.IntN(int(last))) }
	n := 0
	for range r.IntN(4) {
		randomComponents(r, a, pick(), uint8(r.IntN(128)))
	}
	switch r.IntN(4) {
	case 0:
		// A rising run, as a component is cleared from many entities;
		// now and then one out of order, repeated, or never spawned.
		id := ids[r.IntN(len(ids))]
		var run []Entity
		for e := pick(); e <= last; e += 1 + Entity(r.IntN(9)) {
			run = append(run, e)
		}
		switch r.IntN(6) {
		case 0:
			run = append(run, pick())
		case 1:
			run = append(run, last+1+Entity(r.IntN(3)))
		}
		removeAll(a, id, run)
		n += len(run)
	case 1:
		e := a.Spawn()
		randomComponents(r, a, e, 127)
		for _, id := range ids {
			if r.IntN(2) == 0 {
				remove(a, id, e)
				n++
			}
		}
	case 2:
		remove(a, ids[r.IntN(len(ids))], last+1+Entity(r.IntN(3*pageSize)))
		n++
	}
	for range 1 + r.IntN(12) {
		e := pick()
		if r.IntN(3) == 0 {
			randomComponents(r, a, e, uint8(r.IntN(128)))
		}
		remove(a, ids[r.IntN(len(ids))], e)
		n++
	}
	return n
}
