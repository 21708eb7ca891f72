package ecs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

// spawnAt commits one action spawning an entity for each point, with its
// position and hp, in order, and returns the entities.
func spawnAt(t *testing.T, w *World, ps ...geom.Point) []Entity {
	t.Helper()
	a := w.NewAction()
	var ents []Entity
	for i, p := range ps {
		e := a.Spawn()
		pos.Set(a, e, p)
		hp.Set(a, e, i+1)
		ents = append(ents, e)
	}
	w.Commit(a)
	return ents
}

// TestHashIsTheSumOfEntryTerms pins the digest written out: each store with
// entries has a share, its id and count in one word folded with the sum of
// its entries' terms (slot and entity, then value); the shares are summed
// and folded after the allocator.
func TestHashIsTheSumOfEntryTerms(t *testing.T) {
	w := newTestWorld()
	ps := []geom.Point{geom.Pt(1, 2), geom.Pt(-3, 4), geom.Pt(5, 0)}
	ents := spawnAt(t, w, ps...)
	solidOne := w.NewAction()
	solid.Add(solidOne, ents[1])
	w.Commit(solidOne)

	slotTerm := func(i int, e Entity) uint64 { return Mix(0, uint64(i)<<32|uint64(e)) }
	var posSum, hpSum uint64
	for i, e := range ents {
		posSum += hashPoint(slotTerm(i, e), ps[i])
		hpSum += HashInt(slotTerm(i, e), i+1)
	}
	shares := Mix(uint64(idPos)<<32|3, posSum) + Mix(uint64(idHP)<<32|3, hpSum) +
		Mix(uint64(idSolid)<<32|1, slotTerm(0, ents[1]))
	assert.Equal(t, Mix(Mix(0, uint64(w.next)), shares), w.Hash())
}

// TestHashNamesTheOrderOfEntries gives two worlds the same entities and
// values, stored in different orders: the order decides how a turn visits
// them, so the hashes must differ, and must agree again once the orders
// do.
func TestHashNamesTheOrderOfEntries(t *testing.T) {
	a, b := newTestWorld(), newTestWorld()
	for _, w := range []*World{a, b} {
		spawnAt(t, w, geom.Pt(0, 0), geom.Pt(1, 0))
		w.Hash()
	}
	// Each world's loot is set one entity at a time, b's second first.
	setLoot := func(w *World, order ...Entity) {
		for _, e := range order {
			act := w.NewAction()
			loot.Set(act, e, 7)
			w.Commit(act)
		}
	}
	setLoot(a, 1, 2)
	setLoot(b, 2, 1)
	require.Equal(t, []Entity{1, 2}, a.stores[idLoot].entities())
	require.Equal(t, []Entity{2, 1}, b.stores[idLoot].entities())
	assert.NotEqual(t, a.Hash(), b.Hash(), "the loot's order differs")

	// Removing 1 from both leaves 2 alone in each: the same state.
	for _, w := range []*World{a, b} {
		act := w.NewAction()
		loot.Remove(act, 1)
		w.Commit(act)
	}
	assert.Equal(t, a.Hash(), b.Hash(), "the same entries in the same order")
	assert.Equal(t, fullHash(t, a), a.Hash())
}

// TestKeptDigestFollowsEachWay writes to a hashed store in each way a
// commit can, and asks after each for the digest taken afresh.
func TestKeptDigestFollowsEachWay(t *testing.T) {
	ways := []struct {
		name  string
		write func(a *Action, ents []Entity)
	}{
		{"a value replaced", func(a *Action, ents []Entity) { hp.Set(a, ents[1], 40) }},
		{"a position replaced", func(a *Action, ents []Entity) { pos.Set(a, ents[0], geom.Pt(9, 9)) }},
		{"a value added", func(a *Action, ents []Entity) { loot.Set(a, ents[2], 3) }},
		{"a flag added", func(a *Action, ents []Entity) { solid.Add(a, ents[0]) }},
		{"a middle entry removed", func(a *Action, ents []Entity) { hp.Remove(a, ents[1]) }},
		{"the last entry removed", func(a *Action, ents []Entity) { hp.Remove(a, ents[3]) }},
		{"a thing removed whole", func(a *Action, ents []Entity) { a.RemoveEntity(ents[0]) }},
		{"many values at once", func(a *Action, ents []Entity) {
			for i, e := range ents {
				hp.Set(a, e, 100+i)
				loot.Set(a, e, i)
			}
		}},
		{"a spawn", func(a *Action, _ []Entity) {
			e := a.Spawn()
			pos.Set(a, e, geom.Pt(2, 2))
			solid.Add(a, e)
		}},
		{"every holder removed", func(a *Action, ents []Entity) {
			for _, e := range ents {
				hp.Remove(a, e)
			}
		}},
	}
	for _, way := range ways {
		t.Run(way.name, func(t *testing.T) {
			w := newTestWorld()
			ents := spawnAt(t, w, geom.Pt(0, 0), geom.Pt(1, 1), geom.Pt(2, 0), geom.Pt(3, 3))
			before := w.Hash()
			a := w.NewAction()
			way.write(a, ents)
			w.Commit(a)
			got := w.Hash()
			assert.NotEqual(t, before, got, "the write changes the state")
			assert.Equal(t, fullHash(t, w), got, "kept digest against one taken afresh")
		})
	}
}

// TestDigestIsKeptOnlyOnceHashed: a world never hashed keeps no digest,
// so its writes skip the terms; the first hash takes them all.
func TestDigestIsKeptOnlyOnceHashed(t *testing.T) {
	w := newTestWorld()
	spawnAt(t, w, geom.Pt(0, 0), geom.Pt(1, 1))
	for id, d := range w.heads[:numTest] {
		if d != nil {
			assert.False(t, d.summed, "store %d", id)
		}
	}
	h := w.Hash()
	for id, d := range w.heads[:numTest] {
		if d != nil {
			assert.True(t, d.summed, "store %d", id)
			assert.Len(t, d.terms, w.stores[id].size(), "store %d's terms", id)
		}
	}
	assert.Equal(t, fullHash(t, w), h)
}

// TestAChurnedStoreIsDigestedAfresh writes one store more often between two
// hashes than digesting it afresh would cost: it stops keeping its digest,
// the next hash takes it afresh, and keeps it again from there.
func TestAChurnedStoreIsDigestedAfresh(t *testing.T) {
	w := newTestWorld()
	ents := spawnAt(t, w, geom.Pt(0, 0), geom.Pt(1, 1))
	w.Hash()
	head := w.heads[idHP]
	require.True(t, head.summed)
	for i := range 20 {
		a := w.NewAction()
		hp.Set(a, ents[i%2], 50+i)
		w.Commit(a)
	}
	assert.False(t, head.summed, "twenty writes to a store of two entries")
	assert.True(t, w.heads[idPos].summed, "a store not written keeps its digest")
	assert.Equal(t, fullHash(t, w), w.Hash())
	assert.True(t, head.summed, "kept again after the hash")
	a := w.NewAction()
	hp.Set(a, ents[0], 1)
	w.Commit(a)
	assert.True(t, head.summed, "one write is within the budget")
	assert.Equal(t, fullHash(t, w), w.Hash())
}
