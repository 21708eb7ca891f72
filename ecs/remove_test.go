package ecs

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

// removeEntityByScan is RemoveEntity asking every component's index, the
// reference the page holders' shortcut must agree with.
func (a *Action) removeEntityByScan(e Entity) {
	if !a.spawnedID(e) {
		return
	}
	for id, x := range a.w.indexes {
		if x != nil && (x.load(e) != 0 || a.mask.Has(ID(id)) && a.cores[id].setting(e)) {
			a.deltaFor(ID(id)).del(e)
		}
	}
}

// checkHolders reports the first page whose holder set differs from the
// components that really have an entry in it.
func checkHolders(w *World) error {
	for id, x := range w.indexes {
		if x == nil {
			continue
		}
		for p := range max(len(x.pages), len(w.held.words)/w.held.stride) {
			has := p < len(x.pages) && x.pages[p].used > 0
			if got := w.held.has(Entity(p), ID(id)); got != has {
				return fmt.Errorf("page %d: holders say %v for component %d, its index says %v", p, got, id, has)
			}
		}
	}
	return nil
}

// pendingState is everything an action is about to do to the test
// schema's components, in the order it would do it.
type pendingState struct {
	Touched                   []ID
	PosSet, VelSet, HPSet     []Entity
	NameSet, LootSet, SolidOn []Entity
	BarrelOn                  []Entity
	Removing                  [][]Entity
}

func pendingOf(a *Action) pendingState {
	s := pendingState{Touched: append([]ID{}, a.Touched()...)}
	s.PosSet, _ = pos.Pending(a)
	s.VelSet, _ = velo.Pending(a)
	s.HPSet, _ = hp.Pending(a)
	s.NameSet, _ = name.Pending(a)
	s.LootSet, _ = loot.Pending(a)
	s.SolidOn, s.BarrelOn = solid.Pending(a), barrel.Pending(a)
	s.Removing = [][]Entity{pos.Removing(a), velo.Removing(a), hp.Removing(a), name.Removing(a),
		loot.Removing(a), solid.Removing(a), barrel.Removing(a)}
	return s
}

// pagedWorld spawns ids over several pages, each page holding only some
// of the components, so that the page holders differ from page to page.
func pagedWorld(r *rand.Rand) *World {
	w := newTestWorld()
	a := w.NewAction()
	const n = 5*pageSize + 17
	allowed := make([]uint8, n/pageSize+1)
	for p := range allowed {
		allowed[p] = uint8(r.IntN(128))
	}
	for range n {
		e := a.Spawn()
		randomComponents(r, a, e, allowed[e>>pageBits])
	}
	w.Commit(a)
	return w
}

// randomComponents gives e some of the components whose bits are in
// allowed.
func randomComponents(r *rand.Rand, a *Action, e Entity, allowed uint8) {
	give := func(bit uint8) bool { return allowed&(1<<bit) != 0 && r.IntN(2) == 0 }
	if give(0) {
		pos.Set(a, e, geom.Pt(r.IntN(gridW), r.IntN(gridH)))
	}
	if give(1) {
		velo.Set(a, e, vel{1, 0})
	}
	if give(2) {
		hp.Set(a, e, r.IntN(9))
	}
	if give(3) {
		name.Set(a, e, "n")
	}
	if give(4) {
		solid.Add(a, e)
	}
	if give(5) {
		barrel.Add(a, e)
	}
	if give(6) {
		loot.Set(a, e, 1)
	}
}

// TestRemoveEntityAgreesWithTheFullScan removes entities through the page
// holders and by asking every component, from the same worlds and the
// same half-built actions, and compares what each action is about to do,
// then the worlds once both are committed.
func TestRemoveEntityAgreesWithTheFullScan(t *testing.T) {
	for _, seed := range testSeeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			r1, r2 := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
			w1, w2 := pagedWorld(r1), pagedWorld(r2)
			a1, a2 := w1.NewAction(), w2.NewAction()
			for trial := range testsize.Steps(400) {
				// The same draws on both sides: r1 and r2 stay in step.
				removeTrial(r1, a1, (*Action).RemoveEntity)
				removeTrial(r2, a2, (*Action).removeEntityByScan)
				require.Equal(t, pendingOf(a2), pendingOf(a1), "seed %d trial %d", seed, trial)
				if r1.IntN(3) == 0 {
					r2.IntN(3)
					a1.Reset()
					a2.Reset()
					continue
				}
				r2.IntN(3)
				w1.Commit(a1)
				w2.Commit(a2)
				require.Equal(t, w2.Hash(), w1.Hash(), "seed %d trial %d", seed, trial)
				require.NoError(t, checkHolders(w1), "seed %d trial %d", seed, trial)
				require.NoError(t, w1.Spatial().Check(w1), "seed %d trial %d", seed, trial)
			}
			assert.Equal(t, orders(w2), orders(w1), "seed %d: the same iteration orders", seed)
		})
	}
}

// removeTrial builds part of an action (values set on the entity to be
// removed and on others, fresh spawns), then removes one entity with
// remove: a held one, a bare one, one the action spawned, or one never
// spawned.
func removeTrial(r *rand.Rand, a *Action, remove func(*Action, Entity)) {
	last := a.w.LastEntity()
	pick := func() Entity { return 1 + Entity(r.IntN(int(last))) }
	for range r.IntN(4) {
		randomComponents(r, a, pick(), uint8(r.IntN(128)))
	}
	var e Entity
	switch r.IntN(6) {
	case 0:
		e = a.Spawn()
		randomComponents(r, a, e, 127)
	case 1:
		e = last + 1 + Entity(r.IntN(3*pageSize))
	default:
		e = pick()
		randomComponents(r, a, e, uint8(r.IntN(128)))
	}
	remove(a, e)
	for range r.IntN(3) {
		randomComponents(r, a, pick(), uint8(r.IntN(128)))
	}
}

// TestRemoveFreshAgreesWithTheGeneralWay removes an entity (a held one, a
// bare one, one the action spawned, one never spawned) as the first write
// of an action, which takes removeFresh, and from an identical world as
// the write after a property, which takes RemoveEntity's general loop. The
// two actions must then hold the same removals, tops, mask and touched
// order (the property aside), take later writes alike and commit to the
// same world.
func TestRemoveFreshAgreesWithTheGeneralWay(t *testing.T) {
	for _, seed := range testSeeds {
		r := rand.New(rand.NewPCG(seed, 3))
		ws := [2]*World{pagedWorld(rand.New(rand.NewPCG(seed, 4))), pagedWorld(rand.New(rand.NewPCG(seed, 4)))}
		as := [2]*Action{ws[0].NewAction(), ws[1].NewAction()}
		fresh := 0
		for trial := range testsize.Steps(120) {
			last := ws[0].LastEntity()
			var e Entity
			switch r.IntN(5) {
			case 0:
				as[0].Spawn()
				e = as[1].Spawn()
			case 1:
				e = last + 1 + Entity(r.IntN(3*pageSize))
			default:
				e = 1 + Entity(r.IntN(int(last)))
			}
			require.Empty(t, as[0].Touched())
			tag.Set(as[1], "first")
			as[0].RemoveEntity(e)
			as[1].RemoveEntity(e)
			if len(as[0].Touched()) > 0 {
				fresh++
			}
			require.Equal(t, as[1].Touched()[1:], as[0].Touched(), "seed %d trial %d", seed, trial)
			m := as[1].mask
			m[idTag>>6] &^= 1 << (idTag & 63)
			require.Equal(t, m, as[0].mask, "seed %d trial %d", seed, trial)
			for id, c := range as[0].cores {
				if c != nil {
					require.Equal(t, as[1].cores[id].top, c.top, "seed %d trial %d: component %d", seed, trial, id)
				}
			}
			// The same writes after the removal: on the removed entity
			// (which the delta must now find) and on others.
			plan := r.Uint64()
			for k, a := range as {
				pr := rand.New(rand.NewPCG(plan, 6))
				if a.spawnedID(e) {
					randomComponents(pr, a, e, uint8(pr.IntN(128)))
				}
				randomComponents(pr, a, 1+Entity(pr.IntN(int(last))), uint8(pr.IntN(128)))
				if pr.IntN(2) == 0 {
					a.RemoveEntity(e)
				}
				if k == 0 {
					tag.Set(a, "first")
				}
			}
			require.Equal(t, pendingOf(as[1]).Removing, pendingOf(as[0]).Removing, "seed %d trial %d", seed, trial)
			ws[0].Commit(as[0])
			ws[1].Commit(as[1])
			require.Equal(t, orders(ws[1]), orders(ws[0]), "seed %d trial %d", seed, trial)
			require.Equal(t, ws[1].Hash(), ws[0].Hash(), "seed %d trial %d", seed, trial)
		}
		require.Positive(t, fresh, "seed %d: no removal took the fresh way", seed)
	}
}

// TestPageHoldersFollowTheStores checks the page holders after random
// operations, a renewal and a restore.
func TestPageHoldersFollowTheStores(t *testing.T) {
	for _, seed := range testSeeds {
		w := pagedWorld(rand.New(rand.NewPCG(seed, 2)))
		runOps(t, w, seed, testsize.Steps(100))
		require.NoError(t, checkHolders(w), "seed %d after random operations", seed)
		data, err := w.MarshalJSON()
		require.NoError(t, err)
		w2 := newTestWorld()
		require.NoError(t, w2.Restore(data))
		require.NoError(t, checkHolders(w2), "seed %d after a restore", seed)
		for e := Entity(1); e <= w.LastEntity(); e++ {
			require.Equal(t, w.Components(e, nil), w2.Components(e, nil), "seed %d entity %d", seed, e)
			require.Equal(t, w.Alive(e), w2.Alive(e), "seed %d entity %d", seed, e)
		}
		w = w.Renew()
		require.NoError(t, checkHolders(w), "seed %d after a renewal", seed)
		assert.Empty(t, w.Components(1, nil))
	}
}

// commitByUpdate is Commit always taking the spatial index's general way
// (gather the touched entities, sorted by a sort when several deltas may
// repeat them, flush, ask the stores), the reference for its short ways.
func commitByUpdate(w *World, a *Action) {
	var affected []Entity
	deltas := 0
	for _, id := range a.touched {
		if w.spatial.tracked.Has(id) {
			affected = a.cores[id].appendTouched(affected)
			deltas++
		}
	}
	if deltas > 1 {
		slices.Sort(affected)
		affected = slices.Compact(affected)
	}
	a.flush()
	w.spatial.update(w, a, affected)
	w.next += Entity(a.spawned)
	w.noteWrites(a)
	a.committed()
}

// TestCommitAgreesWithTheGeneralWay runs the same random actions, moves
// alone among them, through Commit and through commitByUpdate, and
// compares the hashes and every cell's order after each step.
func TestCommitAgreesWithTheGeneralWay(t *testing.T) {
	for _, seed := range testSeeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			runs := [2]*opRun{newOpRun(t, newTestWorld(), seed), newOpRun(t, newTestWorld(), seed)}
			runs[1].commit = commitByUpdate
			for _, o := range runs {
				o.keep = true
				for step := range testsize.Steps(200) {
					o.step(step)
					o.moveStep()
				}
			}
			require.Equal(t, runs[1].hashes, runs[0].hashes, "seed %d", seed)
			for step := range runs[1].cells {
				require.Equal(t, runs[1].cells[step], runs[0].cells[step], "seed %d step %d", seed, step)
			}
		})
	}
}

// TestSortUniqueAgreesWithSorting compares the bitmap's order with a sort
// on lists dense and sparse, with repeats, and checks that the bitmap is
// left clear.
func TestSortUniqueAgreesWithSorting(t *testing.T) {
	tests := []struct {
		name      string
		n, spread int
		base      Entity
	}{
		{"one", 1, 1, 5},
		{"two equal", 2, 1, 9},
		{"dense with repeats", 50, 30, 1},
		{"a blast's fragments", 224, 40, 700},
		{"a road's population", 1500, 400, 1},
		{"spread thinly", 40, 1 << 20, 3},
		{"across a word boundary", 10, 130, 60},
	}
	s := newTestWorld().Spatial()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(tt.n), uint64(tt.spread)))
			for range 20 {
				list := make([]Entity, tt.n)
				for i := range list {
					list[i] = tt.base + Entity(r.IntN(tt.spread))
				}
				want := slices.Compact(slices.Sorted(slices.Values(list)))
				got := s.sortUnique(slices.Clone(list))
				require.Equal(t, want, got)
				assert.Zero(t, slices.IndexFunc(append(s.bits, 1), func(b uint64) bool { return b != 0 })-len(s.bits), "the bitmap is left clear")
			}
		})
	}
}
