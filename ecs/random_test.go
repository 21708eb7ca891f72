package ecs

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

// testSeeds are the fixed seeds of the randomized tests.
var testSeeds = []uint64{1, 2, 3, 7, 42, 1234, 99991, 0xdecafbad}

// opRun drives random actions against a world while a plain map model
// follows the same operations. The model is the oracle: the after-view must
// equal it while the action is built, and the world after commit.
type opRun struct {
	t      *testing.T // nil: no checks (fixtures for fuzzing and benchmarks)
	seed   uint64
	r      *rand.Rand
	w      *World
	a      *Action
	model  map[Entity]content
	hashes []uint64
	// commit applies the action: World.Commit unless a test compares it
	// with another way.
	commit func(*World, *Action)
	// cells, when kept, holds every cell's order after each step.
	cells [][][]Entity
	keep  bool
}

// runOps runs steps random actions on w and returns the state hash after
// each one.
func runOps(t *testing.T, w *World, seed uint64, steps int) []uint64 {
	return newOpRun(t, w, seed).run(steps).hashes
}

func newOpRun(t *testing.T, w *World, seed uint64) *opRun {
	o := &opRun{t: t, seed: seed, r: rand.New(rand.NewPCG(seed, 0x5eed)), w: w, a: w.NewAction(),
		model: map[Entity]content{}, commit: (*World).Commit}
	for e := Entity(1); e <= w.LastEntity(); e++ {
		o.model[e] = read(w, e)
	}
	return o
}

func (o *opRun) run(steps int) *opRun {
	for step := range steps {
		o.step(step)
	}
	return o
}

func (o *opRun) step(step int) {
	before := cloneModel(o.model)
	n := 1 + o.r.IntN(4)
	if o.r.IntN(8) == 0 {
		n = 10 + o.r.IntN(30) // large enough for the deltas' sparse index
	}
	for range n {
		o.randomOp()
	}
	o.finish(step, before)
}

// finish checks the after-view, then commits the action or resets it and
// checks the world.
func (o *opRun) finish(step int, before map[Entity]content) {
	if o.t != nil {
		o.compare(o.w.After(o.a), fmt.Sprintf("step %d, view before commit", step))
	}
	if o.r.IntN(10) == 0 {
		o.a.Reset()
		o.model = before
	} else {
		o.commit(o.w, o.a)
	}
	o.hashes = append(o.hashes, o.w.Hash())
	if o.keep {
		o.cells = append(o.cells, cellOrders(o.w))
	}
	if o.t == nil {
		return
	}
	require.Equal(o.t, o.hashes[len(o.hashes)-1], fullHash(o.t, o.w),
		"seed %d step %d: the kept store digests are the ones the stores have", o.seed, step)
	o.compare(o.w, fmt.Sprintf("step %d, world after commit", step))
	require.NoError(o.t, o.w.Spatial().Check(o.w), "seed %d step %d\n%s", o.seed, step, dumpGrid(o.w))
}

// moveStep commits an action that only sets and removes positions, some
// on fresh spawns: the spatial index's short way.
func (o *opRun) moveStep() {
	for range 1 + o.r.IntN(5) {
		e := o.entity()
		c := o.model[e]
		if o.r.IntN(6) == 0 {
			pos.Remove(o.a, e)
			c.Pos, c.HasPos = geom.Point{}, false
		} else {
			c.Pos, c.HasPos = o.point(), true
			pos.Set(o.a, e, c.Pos)
		}
		o.model[e] = c
	}
	o.commit(o.w, o.a)
	o.hashes = append(o.hashes, o.w.Hash())
	if o.keep {
		o.cells = append(o.cells, cellOrders(o.w))
	}
	if o.t != nil {
		o.compare(o.w, "after a step of moves")
		require.NoError(o.t, o.w.Spatial().Check(o.w), "seed %d\n%s", o.seed, dumpGrid(o.w))
	}
}

func (o *opRun) compare(r Reader, when string) {
	o.t.Helper()
	for e, want := range o.model {
		if got := read(r, e); got != want {
			require.Equal(o.t, want, got, "seed %d, %s, entity %d\n%s", o.seed, when, e, dumpGrid(o.w))
		}
	}
}

// entity picks an entity to work on: a known one or a fresh spawn.
func (o *opRun) entity() Entity {
	known := Entity(len(o.model))
	if known == 0 || o.r.IntN(20) == 0 {
		e := o.a.Spawn()
		o.model[e] = content{}
		return e
	}
	return 1 + Entity(o.r.IntN(int(known)))
}

func (o *opRun) point() geom.Point {
	if o.r.IntN(10) == 0 {
		return geom.Pt(o.r.IntN(gridW+4)-2, o.r.IntN(gridH+4)-2) // sometimes off the grid
	}
	return geom.Pt(o.r.IntN(gridW), o.r.IntN(gridH))
}

// burstStep builds one large action the way a road's population or a
// blast does: many fresh spawns in ascending ids, each given a few
// components, mixed with writes to older entities (ids below the largest
// the deltas hold), second writes to the burst's own spawns (a removal
// then a set again, or the other way), and the after-view compared with
// the model part way through, so the deltas are searched while they grow.
func (o *opRun) burstStep(step int) {
	before := cloneModel(o.model)
	var spawned []Entity
	for range linearMax + o.r.IntN(6*linearMax) {
		e := o.a.Spawn()
		o.model[e] = content{}
		spawned = append(spawned, e)
		for range 1 + o.r.IntN(3) {
			o.opOn(e)
		}
		switch o.r.IntN(6) {
		case 0:
			o.randomOp()
		case 1:
			o.opOn(spawned[o.r.IntN(len(spawned))])
		}
		if o.t != nil && o.r.IntN(8) == 0 {
			o.compare(o.w.After(o.a), fmt.Sprintf("step %d, view while the burst is built", step))
		}
	}
	o.finish(step, before)
}

func (o *opRun) randomOp() { o.opOn(o.entity()) }

// opOn makes one random change to e.
func (o *opRun) opOn(e Entity) {
	c, tracked := o.model[e]
	update := func(change func(*content)) {
		change(&c)
		if tracked {
			o.model[e] = c
		}
	}
	a := o.a
	switch o.r.IntN(16) {
	case 0, 1, 2:
		p := o.point()
		pos.Set(a, e, p)
		update(func(c *content) { c.Pos, c.HasPos = p, true })
	case 3:
		pos.Remove(a, e)
		update(func(c *content) { c.Pos, c.HasPos = geom.Point{}, false })
	case 4:
		v := vel{o.r.IntN(3) - 1, o.r.IntN(3) - 1}
		velo.Set(a, e, v)
		update(func(c *content) { c.Vel, c.HasVel = v, true })
	case 5:
		velo.Remove(a, e)
		update(func(c *content) { c.Vel, c.HasVel = vel{}, false })
	case 6:
		v := o.r.IntN(10)
		hp.Set(a, e, v)
		update(func(c *content) { c.HP, c.HasHP = v, true })
	case 7:
		hp.Remove(a, e)
		update(func(c *content) { c.HP, c.HasHP = 0, false })
	case 8:
		v := fmt.Sprintf("n%d", o.r.IntN(5))
		name.Set(a, e, v)
		update(func(c *content) { c.Name, c.HasName = v, true })
	case 9:
		solid.Add(a, e)
		update(func(c *content) { c.Solid = true })
	case 10:
		solid.Remove(a, e)
		update(func(c *content) { c.Solid = false })
	case 11:
		barrel.Add(a, e)
		update(func(c *content) { c.Barrel = true })
	case 12:
		barrel.Remove(a, e)
		update(func(c *content) { c.Barrel = false })
	case 13:
		v := o.r.IntN(4)
		loot.Set(a, e, v)
		update(func(c *content) { c.Loot, c.HasLoot = v, true })
	case 14:
		loot.Remove(a, e)
		update(func(c *content) { c.Loot, c.HasLoot = 0, false })
	case 15:
		switch o.r.IntN(4) {
		case 0:
			tag.Set(a, "t")
			return
		case 1:
			// Removing from an entity that was never spawned is harmless.
			a.RemoveEntity(o.w.LastEntity() + 1000)
			hp.Remove(a, o.w.LastEntity()+1000)
			return
		}
		a.RemoveEntity(e)
		update(func(c *content) { *c = content{} })
	}
}

// TestRandomLargeDeltas mixes bursts of fresh entities, the deltas' large
// case, with the ordinary random steps, and checks them against the model
// like TestRandomOperationSequences.
func TestRandomLargeDeltas(t *testing.T) {
	for _, seed := range testSeeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			var hashes [2][]uint64
			for i := range hashes {
				o := newOpRun(t, newTestWorld(), seed)
				for step := range testsize.Steps(120) {
					if o.r.IntN(3) == 0 {
						o.burstStep(step)
					} else {
						o.step(step)
					}
				}
				hashes[i] = o.hashes
			}
			require.Equal(t, hashes[0], hashes[1], "seed %d: the same operations give the same hashes", seed)
		})
	}
}

// fullHash is the hash of a copy of w made from its snapshot, whose
// stores' digests are all computed afresh.
func fullHash(t *testing.T, w *World) uint64 {
	data, err := json.Marshal(w)
	require.NoError(t, err)
	back := newTestWorld()
	require.NoError(t, back.Restore(data))
	return back.Hash()
}

func cloneModel(m map[Entity]content) map[Entity]content {
	c := make(map[Entity]content, len(m))
	for e, v := range m {
		c[e] = v
	}
	return c
}

// cellOrders lists every cell's entities and holders in index order.
func cellOrders(w *World) [][]Entity {
	sp := w.Spatial()
	var out [][]Entity
	for y := range gridH {
		for x := range gridW {
			p := geom.Pt(x, y)
			out = append(out, append([]Entity{}, sp.At(p)...),
				append([]Entity{}, sp.Holders(p, idBarrel)...), append([]Entity{}, sp.Holders(p, idLoot)...))
		}
	}
	return out
}

func TestRandomOperationSequences(t *testing.T) {
	for _, seed := range testSeeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			w1, w2 := newTestWorld(), newTestWorld()
			h1 := runOps(t, w1, seed, testsize.Steps(300))
			h2 := runOps(t, w2, seed, testsize.Steps(300))
			require.Equal(t, h1, h2, "seed %d: the same operations give the same hashes", seed)
			assert.Equal(t, orders(w1), orders(w2), "seed %d: the same iteration orders", seed)
			assert.Equal(t, cellOrders(w1), cellOrders(w2), "seed %d: the same cell orders", seed)
			assert.NotEqual(t, h1[0], h1[len(h1)-1], "seed %d: the sequence changed something", seed)
		})
	}
}

// TestHashIsTheSameEverywhere pins the final hash of one fixed operation
// sequence. It fails when a change alters iteration order or the hash, on
// any platform (run it with GOARCH=386 too): recorded replays would no
// longer match. Update the constant only for an intended format change.
func TestHashIsTheSameEverywhere(t *testing.T) {
	w := newTestWorld()
	hashes := runOps(nil, w, 1, 200)
	assert.Equal(t, uint64(0x779a0c08523577e9), hashes[len(hashes)-1], "seed 1, 200 steps")
}
