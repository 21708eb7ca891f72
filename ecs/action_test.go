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

// seedWorld returns a world holding three entities:
// 1 at (1,1), hp 5, solid; 2 at (2,2), named "b", a barrel with loot 3;
// 3 with hp 7 and no position.
func seedWorld(t *testing.T) *World {
	t.Helper()
	w := newTestWorld()
	a := w.NewAction()
	e1, e2, e3 := a.Spawn(), a.Spawn(), a.Spawn()
	require.Equal(t, []Entity{1, 2, 3}, []Entity{e1, e2, e3})
	pos.Set(a, 1, geom.Pt(1, 1))
	hp.Set(a, 1, 5)
	solid.Add(a, 1)
	pos.Set(a, 2, geom.Pt(2, 2))
	name.Set(a, 2, "b")
	barrel.Add(a, 2)
	loot.Set(a, 2, 3)
	hp.Set(a, 3, 7)
	w.Commit(a)
	return w
}

var (
	seed1 = content{Pos: geom.Pt(1, 1), HasPos: true, HP: 5, HasHP: true, Solid: true}
	seed2 = content{Pos: geom.Pt(2, 2), HasPos: true, Name: "b", HasName: true, Barrel: true, Loot: 3, HasLoot: true}
	seed3 = content{HP: 7, HasHP: true}
)

func TestActionAndAfterView(t *testing.T) {
	tests := []struct {
		name  string
		build func(a *Action)
		want  map[Entity]content // entities not listed keep their seed content
	}{
		{"nothing", func(*Action) {}, nil},
		{"changing a value", func(a *Action) { hp.Set(a, 1, 4) },
			map[Entity]content{1: with(seed1, func(c *content) { c.HP = 4 })}},
		{"adding a value", func(a *Action) { velo.Set(a, 3, vel{1, 0}) },
			map[Entity]content{3: with(seed3, func(c *content) { c.Vel, c.HasVel = vel{1, 0}, true })}},
		{"the last value set wins", func(a *Action) { hp.Set(a, 1, 4); hp.Set(a, 1, 2) },
			map[Entity]content{1: with(seed1, func(c *content) { c.HP = 2 })}},
		{"removing a value", func(a *Action) { hp.Remove(a, 3) },
			map[Entity]content{3: {}}},
		{"removing what is absent", func(a *Action) { name.Remove(a, 1) }, nil},
		{"set then remove is a removal", func(a *Action) { hp.Set(a, 1, 9); hp.Remove(a, 1) },
			map[Entity]content{1: with(seed1, func(c *content) { c.HP, c.HasHP = 0, false })}},
		{"remove then set is a set", func(a *Action) { hp.Remove(a, 1); hp.Set(a, 1, 9) },
			map[Entity]content{1: with(seed1, func(c *content) { c.HP = 9 })}},
		{"adding and removing flags", func(a *Action) { solid.Remove(a, 1); solid.Add(a, 2); barrel.Add(a, 3) },
			map[Entity]content{
				1: with(seed1, func(c *content) { c.Solid = false }),
				2: with(seed2, func(c *content) { c.Solid = true }),
				3: with(seed3, func(c *content) { c.Barrel = true }),
			}},
		{"flag added then removed", func(a *Action) { solid.Add(a, 3); solid.Remove(a, 3) }, nil},
		{"removing an entity", func(a *Action) { a.RemoveEntity(2) }, map[Entity]content{2: {}}},
		{"removing an entity drops values being set on it", func(a *Action) {
			velo.Set(a, 1, vel{0, 1})
			hp.Set(a, 1, 1)
			a.RemoveEntity(1)
		}, map[Entity]content{1: {}}},
		{"spawning", func(a *Action) {
			e := a.Spawn()
			pos.Set(a, e, geom.Pt(3, 0))
			barrel.Add(a, e)
		}, map[Entity]content{4: {Pos: geom.Pt(3, 0), HasPos: true, Barrel: true}}},
		{"spawned then removed", func(a *Action) {
			e := a.Spawn()
			pos.Set(a, e, geom.Pt(3, 0))
			a.RemoveEntity(e)
		}, nil},
		{"many entities at once", func(a *Action) {
			for i := range 20 {
				e := a.Spawn()
				hp.Set(a, e, i)
			}
			hp.Set(a, 1, 99)
			hp.Remove(a, 3)
		}, manySpawned()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := seedWorld(t)
			a := w.NewAction()
			tt.build(a)
			want := map[Entity]content{1: seed1, 2: seed2, 3: seed3, 4: {}}
			for e, c := range tt.want {
				want[e] = c
			}
			v := w.After(a)
			for e, c := range want {
				assert.Equal(t, c, read(v, e), "view of entity %d", e)
			}
			before := map[Entity]content{1: seed1, 2: seed2, 3: seed3, 4: {}}
			for e, c := range before {
				assert.Equal(t, c, read(w, e), "the world before commit, entity %d", e)
			}
			w.Commit(a)
			assert.True(t, a.Empty(), "commit clears the action")
			for e, c := range want {
				assert.Equal(t, c, read(w, e), "world after commit, entity %d", e)
				assert.Equal(t, c != content{}, w.Alive(e), "entity %d alive", e)
			}
			require.NoError(t, w.Spatial().Check(w), dumpGrid(w))
		})
	}
}

func with(c content, change func(*content)) content {
	change(&c)
	return c
}

func manySpawned() map[Entity]content {
	m := map[Entity]content{
		1: with(seed1, func(c *content) { c.HP = 99 }),
		3: {},
	}
	for i := range 20 {
		m[Entity(4+i)] = content{HP: i, HasHP: true}
	}
	return m
}

func TestSpawnMovesTheAllocatorOnlyOnCommit(t *testing.T) {
	w := seedWorld(t)
	a := w.NewAction()
	require.Equal(t, Entity(3), w.LastEntity())
	assert.Equal(t, Entity(4), a.Spawn())
	assert.Equal(t, Entity(5), a.Spawn())
	assert.False(t, a.Empty(), "a spawn is a change")
	a.Reset()
	assert.Equal(t, Entity(3), w.LastEntity(), "a discarded action leaves no trace")
	assert.Equal(t, Entity(4), a.Spawn(), "the id is handed out again")
	w.Commit(a)
	assert.Equal(t, Entity(4), w.LastEntity(), "an empty spawned entity still uses its id")
	assert.Equal(t, Entity(5), a.Spawn())
}

func TestActionBookkeeping(t *testing.T) {
	w := seedWorld(t)
	a := w.NewAction()
	assert.Same(t, w, a.World())
	assert.True(t, a.Empty())
	tag.Set(a, "push")
	assert.False(t, a.Empty(), "a property alone makes the action non-empty")
	hp.Set(a, 1, 4)
	hp.Set(a, 3, 6)
	hp.Set(a, 1, 3)
	solid.Add(a, 2)
	loot.Remove(a, 2)
	assert.Equal(t, []ID{idTag, idHP, idSolid, idLoot}, a.Touched())
	assert.True(t, a.Mask().Has(idHP))
	assert.False(t, a.Mask().Has(idPos))

	ents, vals := hp.Pending(a)
	assert.Equal(t, []Entity{1, 3}, ents, "in the order first set")
	assert.Equal(t, []int{3, 6}, vals)
	assert.Equal(t, []Entity{2}, loot.Removing(a))
	assert.Equal(t, []Entity{2}, solid.Pending(a))
	assert.Empty(t, solid.Removing(a))
	pents, pvals := pos.Pending(a)
	assert.Nil(t, pents, "an untouched component has nothing pending")
	assert.Nil(t, pvals)
	assert.Nil(t, pos.Removing(a))
	assert.Nil(t, barrel.Pending(a))
	assert.Nil(t, barrel.Removing(a))

	v, ok := tag.Get(a)
	assert.True(t, ok)
	assert.Equal(t, "push", v)
	assert.True(t, tag.On(a))

	w.Commit(a)
	_, ok = tag.Get(a)
	assert.False(t, ok, "properties are never committed")
	assert.False(t, tag.On(a))
	assert.Empty(t, a.Touched())
	assert.Equal(t, 3, hp.Value(w, 1))

	hp.Set(a, 1, 100)
	tag.Set(a, "x")
	a.Reset()
	assert.True(t, a.Empty())
	assert.Equal(t, 3, hp.Value(w.After(a), 1), "a reset action changes nothing")
	w.Commit(a)
	assert.Equal(t, 3, hp.Value(w, 1))
}

func TestPendingKeepsFirstSetOrderWhenLarge(t *testing.T) {
	w := newTestWorld()
	a := w.NewAction()
	var want []Entity
	for range 3 * linearMax {
		e := a.Spawn()
		hp.Set(a, e, int(e))
		want = append(want, e)
	}
	hp.Remove(a, 5)
	hp.Set(a, 7, 70)
	hp.Set(a, 5, 50)
	want = append(append(append([]Entity{}, want[:4]...), want[5:]...), 5)
	ents, vals := hp.Pending(a)
	assert.Equal(t, want, ents)
	for i, e := range ents {
		wantV := int(e)
		switch e {
		case 7:
			wantV = 70
		case 5:
			wantV = 50
		}
		assert.Equal(t, wantV, vals[i], "entity %d", e)
	}
	for e := Entity(1); e <= 3*linearMax; e++ {
		hp.Remove(a, e)
	}
	assert.Empty(t, hp.Value(w.After(a), 5))
	assert.Len(t, hp.Removing(a), 3*linearMax)
	a.Reset()
	a.Spawn()
	a.Spawn()
	hp.Set(a, 2, 1)
	assert.Equal(t, 1, hp.Value(w.After(a), 2))
	_, ok := hp.Get(w.After(a), 3)
	assert.False(t, ok, "a reset forgets the large action's entries")
}

func TestViewOfNoActionIsTheWorld(t *testing.T) {
	w := seedWorld(t)
	v := w.After(nil)
	for e, c := range map[Entity]content{1: seed1, 2: seed2, 3: seed3} {
		assert.Equal(t, c, read(v, e))
	}
	other := newTestWorld()
	assert.Panics(t, func() { w.After(other.NewAction()) }, "an action belongs to one world")
}

func TestWorldAccessors(t *testing.T) {
	w := seedWorld(t)
	assert.Equal(t, 2, w.Count(idHP))
	assert.Equal(t, 0, w.Count(idVel))
	assert.Equal(t, 0, w.Count(idTag), "a property has no store")
	assert.Equal(t, []ID{idPos, idName, idBarrel, idLoot}, w.Components(2, nil))
	assert.Empty(t, w.Components(9, nil))
	assert.Equal(t, []Entity{1, 3}, hp.Entities(w))
	assert.Equal(t, []Entity{2}, barrel.Entities(w))
	schema := testSchema()
	assert.Same(t, schema, NewWorld(schema).Schema(), "a world answers with the schema it was made with")
	assert.Equal(t, "hp", w.Schema().Name(idHP))
	assert.Equal(t, 5, hp.Value(w, 1))
	assert.Zero(t, hp.Value(w, 2))
	assert.True(t, hp.Has(w, 3))
	assert.False(t, hp.Has(w, 2))
}

func TestSettingOnAnUnspawnedEntityPanics(t *testing.T) {
	w := seedWorld(t)
	a := w.NewAction()
	assert.Panics(t, func() { hp.Set(a, 4, 1) })
	assert.Panics(t, func() { solid.Add(a, 0) })
	e := a.Spawn()
	assert.NotPanics(t, func() { hp.Set(a, e, 1); solid.Add(a, e) })
	assert.NotPanics(t, func() { hp.Remove(a, 99); a.RemoveEntity(1 << 40); solid.Remove(a, 0) }, "removing is always harmless")
	ents, _ := hp.Pending(a)
	assert.Equal(t, []Entity{e}, ents)
	assert.Empty(t, hp.Removing(a), "removing from an id never handed out changes nothing")
	assert.Empty(t, solid.Removing(a))
}

// embeddedReader and embeddedView are Readers of other types, as a game
// might build by embedding.
type embeddedReader struct{ *World }

type embeddedView struct{ View }

func TestReadersOfOtherTypes(t *testing.T) {
	w := seedWorld(t)
	a := w.NewAction()
	hp.Set(a, 1, 9)
	solid.Remove(a, 1)
	assert.Equal(t, read(w, 1), read(embeddedReader{w}, 1))
	assert.Equal(t, read(w.After(a), 1), read(embeddedView{w.After(a)}, 1))
	assert.Equal(t, 9, hp.Value(embeddedView{w.After(a)}, 1))
	assert.False(t, solid.Has(embeddedView{w.After(a)}, 1))
}

// TestTouchedAgreesWithTheWrites pins the writes' fast path, which marks a
// component touched on the first write to its empty delta instead of
// testing the mask: over random writes, committed or reset, the touched
// list must be the components written, once each in first-write order, the
// mask the same set, and every write must reach the world.
func TestTouchedAgreesWithTheWrites(t *testing.T) {
	for _, seed := range testSeeds {
		r := rand.New(rand.NewPCG(seed, 7))
		w := seedWorld(t)
		a := w.NewAction()
		for step := range 300 {
			var want []ID
			wrote := func(id ID) {
				if !slices.Contains(want, id) {
					want = append(want, id)
				}
			}
			written := map[Entity]int{}
			for range 1 + r.IntN(12) {
				e := Entity(1 + r.IntN(3))
				if r.IntN(8) == 0 {
					e = a.Spawn()
				}
				switch r.IntN(7) {
				case 0, 1:
					v := r.IntN(100)
					hp.Set(a, e, v)
					written[e] = v
					wrote(idHP)
				case 2:
					hp.Remove(a, e)
					delete(written, e)
					wrote(idHP)
				case 3:
					solid.Add(a, e)
					wrote(idSolid)
				case 4:
					solid.Remove(a, e)
					wrote(idSolid)
				case 5:
					tag.Set(a, "t")
					wrote(idTag)
				case 6:
					name.Set(a, e, "n")
					wrote(idName)
				}
			}
			require.Equal(t, want, a.Touched(), "seed %d step %d", seed, step)
			var mask Mask
			for _, id := range want {
				mask.Add(id)
			}
			require.Equal(t, mask, *a.Mask(), "seed %d step %d", seed, step)
			if r.IntN(4) == 0 {
				a.Reset()
				require.True(t, a.Empty())
				continue
			}
			w.Commit(a)
			require.True(t, a.Empty())
			for e, v := range written {
				require.Equal(t, v, hp.Value(w, e), "seed %d step %d entity %d", seed, step, e)
			}
		}
	}
}

// TestFlushOfOneEntryAgreesWithTheStore pins a delta's flush of a single
// entry, which skips the general loops: over random one-entry actions (a
// value replacing one, a value added, a removal, a removal of what is
// absent, which the flush loops drop as moot without a call) the store
// must end as a plain sparse set driven by set and remove, in the same
// order, the delta must be left empty, and a value holding references
// must be dropped from the delta once applied.
func TestFlushOfOneEntryAgreesWithTheStore(t *testing.T) {
	for _, seed := range testSeeds {
		r := rand.New(rand.NewPCG(seed, 13))
		w := newTestWorld()
		a := w.NewAction()
		for range 40 {
			a.Spawn()
		}
		w.Commit(a)
		var want sparseSet[string]
		for step := range 2000 {
			e := Entity(1 + r.IntN(40))
			if r.IntN(3) == 0 {
				name.Remove(a, e)
				want.remove(e)
			} else {
				v := fmt.Sprint(step)
				name.Set(a, e, v)
				want.set(e, v)
			}
			w.Commit(a)
			require.Equal(t, want.dense, name.Entities(w), "seed %d step %d", seed, step)
			require.Equal(t, want.vals, name.Values(w), "seed %d step %d", seed, step)
			d := a.deltas[idName].(*dataDelta[string])
			if cap(d.vals) > 0 {
				require.Zero(t, d.vals[:1][0], "seed %d step %d: the applied value is dropped", seed, step)
			}
			require.Zero(t, d.top, "seed %d step %d", seed, step)
			require.Empty(t, d.ents, "seed %d step %d", seed, step)
			require.Empty(t, d.rem, "seed %d step %d", seed, step)
		}
	}
}

// TestSetRunAgreesWithSetByEntity builds the same random actions in two
// worlds, one writing runs of entities with SpawnRun, SetRun and AddRun,
// the other spawning and writing each entity with Spawn, Set and Add in
// rising order. Most runs are fresh spawns above everything the action
// holds (the one-pass way); some start on entities the action already
// writes, or on older ones (entity by entity). The actions must touch the
// same components in the same order and read the same before the commit,
// and the worlds must agree on every store's order, every cell and the
// hash after it.
func TestSetRunAgreesWithSetByEntity(t *testing.T) {
	for _, seed := range testSeeds {
		r := rand.New(rand.NewPCG(seed, 31))
		ws := [2]*World{newTestWorld(), newTestWorld()}
		as := [2]*Action{ws[0].NewAction(), ws[1].NewAction()}
		fresh := 0
		for step := range testsize.Steps(80) {
			plan := r.Uint64()
			for k, a := range as {
				w, pr := ws[k], rand.New(rand.NewPCG(plan, 7))
				for range 1 + pr.IntN(4) {
					n := pr.IntN(12)
					var first Entity
					switch {
					case pr.IntN(4) != 0 || w.LastEntity() == 0:
						if k == 0 {
							first = a.SpawnRun(n)
						} else {
							first = w.LastEntity() + Entity(a.spawned) + 1
							for range n {
								a.Spawn()
							}
						}
					default:
						// Older entities, perhaps some the action holds.
						first = 1 + Entity(pr.IntN(int(w.LastEntity())))
						n = min(n, int(w.LastEntity()+Entity(a.spawned)-first+1))
					}
					p, v := geom.Pt(pr.IntN(gridW), pr.IntN(gridH)), pr.IntN(9)
					for _, c := range []int{pr.IntN(5), pr.IntN(5)} {
						if k == 0 {
							switch c {
							case 0:
								pos.SetRun(a, first, n, p)
							case 1:
								hp.SetRun(a, first, n, v)
							case 2:
								solid.AddRun(a, first, n)
							case 3:
								barrel.AddRun(a, first, n)
							default:
								loot.SetRun(a, first, n, v)
							}
							continue
						}
						for e := first; e < first+Entity(n); e++ {
							switch c {
							case 0:
								pos.Set(a, e, p)
							case 1:
								hp.Set(a, e, v)
							case 2:
								solid.Add(a, e)
							case 3:
								barrel.Add(a, e)
							default:
								loot.Set(a, e, v)
							}
						}
					}
					if pr.IntN(3) == 0 && w.LastEntity() > 0 {
						e := 1 + Entity(pr.IntN(int(w.LastEntity())))
						hp.Set(a, e, 1)
						solid.Remove(a, e)
					}
				}
			}
			require.Equal(t, as[1].Touched(), as[0].Touched(), "seed %d step %d: the components touched", seed, step)
			require.Equal(t, as[1].spawned, as[0].spawned, "seed %d step %d: the ids spawned", seed, step)
			for e := Entity(1); e <= ws[0].LastEntity()+Entity(as[0].spawned); e++ {
				require.Equal(t, read(ws[1].After(as[1]), e), read(ws[0].After(as[0]), e), "seed %d step %d: entity %d", seed, step, e)
			}
			for id := range ID(numTest) {
				if c := as[0].cores[id]; c != nil {
					fresh += len(c.ents)
				}
			}
			for k := range ws {
				ws[k].Commit(as[k])
			}
			require.Equal(t, orders(ws[1]), orders(ws[0]), "seed %d step %d", seed, step)
			require.Equal(t, cellOrders(ws[1]), cellOrders(ws[0]), "seed %d step %d", seed, step)
			require.Equal(t, ws[1].Hash(), ws[0].Hash(), "seed %d step %d", seed, step)
			require.NoError(t, ws[0].Spatial().Check(ws[0]), "seed %d step %d", seed, step)
		}
		require.Positive(t, fresh, "seed %d: nothing written", seed)
	}
}

// TestOneEntryFlushesAgreeWithTheGeneralWay drives random actions that
// remove entities whole, a component here and there, and write others,
// through two worlds without a spatial index: one applies them by
// flushRemoving and flushBut, in turn, whose one-entry deltas are removed
// in flushRemoving's loop or go to setOne, the other by the plain flush
// through each delta. Every
// store's order, every entity's values and kinds, and the hash must agree
// after each.
func TestOneEntryFlushesAgreeWithTheGeneralWay(t *testing.T) {
	for _, seed := range testSeeds {
		r := rand.New(rand.NewPCG(seed, 77))
		ws := [2]*World{NewWorld(testSchema()), NewWorld(testSchema())}
		for _, w := range ws {
			for _, id := range []ID{idPos, idSolid, idLoot} {
				_, ok := w.TrackKind(id)
				require.True(t, ok)
			}
		}
		as := [2]*Action{ws[0].NewAction(), ws[1].NewAction()}
		ones, sets := 0, 0
		for step := range testsize.Steps(200) {
			plan := r.Uint64()
			for k, a := range as {
				w, pr := ws[k], rand.New(rand.NewPCG(plan, 5))
				for range pr.IntN(4) {
					e := a.Spawn()
					for c := range 7 {
						if pr.IntN(2) == 0 {
							continue
						}
						v := pr.IntN(50)
						switch c {
						case 0:
							pos.Set(a, e, geom.Pt(v%gridW, v%gridH))
						case 1:
							velo.Set(a, e, vel{v, -v})
						case 2:
							hp.Set(a, e, v)
						case 3:
							name.Set(a, e, fmt.Sprint("n", v))
						case 4:
							solid.Add(a, e)
						case 5:
							barrel.Add(a, e)
						default:
							loot.Set(a, e, v)
						}
					}
				}
				if w.LastEntity() == 0 {
					continue
				}
				some := func() Entity { return 1 + Entity(pr.IntN(int(w.LastEntity()))) }
				switch pr.IntN(5) {
				case 0:
					// A component removed from another entity.
					solid.Remove(a, some())
				case 1:
					// Another entity written, perhaps given a new
					// component.
					hp.Set(a, some(), pr.IntN(9))
					loot.Set(a, some(), pr.IntN(9))
				case 2:
					// Two entities gone: two removals a delta.
					a.RemoveEntity(some())
				}
				a.RemoveEntity(some())
				if pr.IntN(4) == 0 {
					tag.Set(a, "gone")
				}
			}
			for id := range ID(numTest) {
				if c := as[0].cores[id]; c != nil && len(c.ents) == 0 && len(c.rem) == 1 && ws[0].indexes[id].load(c.rem[0]) != 0 {
					ones++
				} else if c != nil && len(c.ents) == 1 && len(c.rem) == 0 {
					sets++
				}
			}
			if step%2 == 0 {
				as[0].flushRemoving()
			} else {
				as[0].flushBut(idTag)
			}
			ws[0].next += Entity(as[0].spawned)
			ws[0].noteWrites(as[0])
			as[0].committed()
			as[1].flush()
			ws[1].next += Entity(as[1].spawned)
			ws[1].noteWrites(as[1])
			as[1].committed()
			require.Equal(t, orders(ws[1]), orders(ws[0]), "seed %d step %d", seed, step)
			for e := Entity(1); e <= ws[0].LastEntity(); e++ {
				require.Equal(t, read(ws[1], e), read(ws[0], e), "seed %d step %d: entity %d", seed, step, e)
				require.Equal(t, ws[1].Kinds(e), ws[0].Kinds(e), "seed %d step %d: entity %d's kinds", seed, step, e)
			}
			require.Equal(t, ws[1].Hash(), ws[0].Hash(), "seed %d step %d", seed, step)
			require.Equal(t, fullHash(t, ws[0]), ws[0].Hash(), "seed %d step %d: the kept digests", seed, step)
			requireValuesInStep(t, ws[0], "seed %d step %d", seed, step)
		}
		require.Positive(t, ones, "seed %d: no removal went by flushRemoving's own", seed)
		require.Positive(t, sets, "seed %d: no value went by setOne", seed)
	}
}

// requireValuesInStep checks what the stores' values hold beside their
// entities, which no read shows: as many values as entities, flags
// included (their removal shortens the values without a cut), and, for a
// value that holds a reference, nothing kept past the end for the
// collector to follow (a cut zeroes the value it takes out; one of a type
// without references need not).
func requireValuesInStep(t *testing.T, w *World, msgAndArgs ...any) {
	t.Helper()
	for _, id := range []ID{idSolid, idBarrel} {
		f := w.stores[id].(*flagStore)
		require.Len(t, f.vals, len(f.dense), msgAndArgs...)
	}
	p := w.stores[idPos].(*dataStore[geom.Point])
	require.Len(t, p.vals, len(p.dense), msgAndArgs...)
	n := w.stores[idName].(*dataStore[string])
	require.Len(t, n.vals, len(n.dense), msgAndArgs...)
	for _, v := range n.vals[len(n.vals):cap(n.vals)] {
		require.Empty(t, v, msgAndArgs...)
	}
}
