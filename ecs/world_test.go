package ecs

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

// queryWorld has hp on 1..6, pos on 6,4,2 (in that order) and solid on 2
// and 5.
func queryWorld() *World {
	w := newTestWorld()
	a := w.NewAction()
	for range 6 {
		a.Spawn()
	}
	for e := Entity(1); e <= 6; e++ {
		hp.Set(a, e, int(e))
	}
	for _, e := range []Entity{6, 4, 2} {
		pos.Set(a, e, geom.Pt(int(e), 0))
	}
	solid.Add(a, 2)
	solid.Add(a, 5)
	w.Commit(a)
	return w
}

func TestQuery(t *testing.T) {
	tests := []struct {
		name string
		ids  []ID
		want []Entity
	}{
		{"no components", nil, nil},
		{"one store, its order", []ID{idHP}, []Entity{1, 2, 3, 4, 5, 6}},
		{"the smallest store leads", []ID{idHP, idPos}, []Entity{6, 4, 2}},
		{"listed order does not matter", []ID{idPos, idHP}, []Entity{6, 4, 2}},
		{"three components", []ID{idHP, idPos, idSolid}, []Entity{2}},
		{"an empty store", []ID{idHP, idVel}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := queryWorld()
			q := NewQuery(tt.ids...)
			var got []Entity
			q.Each(w, func(e Entity) bool { got = append(got, e); return true })
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.want, slices.Collect(q.All(w)))
		})
	}
}

func TestQueryStopsAndFollowsSwapRemoval(t *testing.T) {
	w := queryWorld()
	q := NewQuery(idPos, idHP)
	var got []Entity
	q.Each(w, func(e Entity) bool { got = append(got, e); return len(got) < 2 })
	assert.Equal(t, []Entity{6, 4}, got, "returning false stops the walk")
	a := w.NewAction()
	pos.Remove(a, 6)
	pos.Set(a, 1, geom.Pt(1, 1))
	w.Commit(a)
	assert.Equal(t, []Entity{1, 4, 2}, slices.Collect(q.All(w)),
		"sets apply before removals: 1 is appended, then the last entity (1) fills 6's hole")
}

func TestHash(t *testing.T) {
	build := func(changes ...func(a *Action)) uint64 {
		w := queryWorld()
		a := w.NewAction()
		for _, change := range changes {
			change(a)
			w.Commit(a)
		}
		return w.Hash()
	}
	base := build(func(*Action) {})
	assert.Equal(t, base, build(func(*Action) {}), "the same operations give the same hash")
	assert.Equal(t, base, queryWorld().Hash())
	changes := map[string][]func(a *Action){
		"a value":          {func(a *Action) { hp.Set(a, 3, 30) }},
		"a position":       {func(a *Action) { pos.Set(a, 2, geom.Pt(2, 1)) }},
		"a flag added":     {func(a *Action) { solid.Add(a, 1) }},
		"a flag removed":   {func(a *Action) { solid.Remove(a, 5) }},
		"a value removed":  {func(a *Action) { hp.Remove(a, 6) }},
		"a string":         {func(a *Action) { name.Set(a, 1, "x") }},
		"the allocator":    {func(a *Action) { a.Spawn() }},
		"iteration order":  {func(a *Action) { hp.Remove(a, 1) }, func(a *Action) { hp.Set(a, 1, 1) }},
		"a new component":  {func(a *Action) { velo.Set(a, 1, vel{}) }},
		"a removed entity": {func(a *Action) { a.RemoveEntity(4) }},
	}
	seen := map[uint64]string{base: "base"}
	for _, what := range slices.Sorted(mapsKeys(changes)) {
		h := build(changes[what]...)
		assert.NotEqual(t, base, h, "changing %s changes the hash", what)
		if other, dup := seen[h]; dup {
			t.Errorf("changing %s and %s give the same hash", what, other)
		}
		seen[h] = what
	}
	assert.Equal(t, build(func(a *Action) { hp.Set(a, 3, 3) }), base, "setting a value to itself changes nothing")
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func TestHashHelpers(t *testing.T) {
	assert.NotEqual(t, MixInt(0, -1), MixInt(0, 1))
	assert.Equal(t, MixInt(7, -1), Mix(7, ^uint64(0)))
	assert.NotEqual(t, MixString(0, "ab"), MixString(0, "ba"))
	assert.NotEqual(t, MixString(0, ""), MixString(0, "\x00"))
	assert.NotEqual(t, HashBool(0, true), HashBool(0, false))
	assert.Equal(t, HashString(3, "hi"), MixString(3, "hi"))
	assert.Equal(t, HashInt(5, int8(-2)), MixInt(5, -2))
}

// TestMixPairAndBytesTellTheirInputsApart: each pair below digests
// differently from every other pair, and each byte string from every other
// string, the near misses included (a pair swapped, a sign, a trailing
// zero byte, a word and a half).
func TestMixPairAndBytesTellTheirInputsApart(t *testing.T) {
	pairs := [][2]int{{0, 0}, {1, 0}, {0, 1}, {-1, 0}, {0, -1}, {-1, -1}, {3, 4}, {4, 3}, {1 << 30, 0}, {0, -(1 << 31)}}
	seen := map[uint64]string{}
	for _, p := range pairs {
		h := MixPair(9, p[0], p[1])
		name := fmt.Sprintf("pair %v", p)
		require.NotContains(t, seen, h, "%s digests as %s", name, seen[h])
		seen[h] = name
	}
	seen = map[uint64]string{}
	bytes := []string{"", "\x00", "\x00\x00", "a", "ab", "ba", "12345678", "12345678\x00", "123456789", "1234567\x00"}
	for _, b := range bytes {
		h := MixBytes(9, []byte(b))
		name := fmt.Sprintf("bytes %q", b)
		require.NotContains(t, seen, h, "%s digests as %s", name, seen[h])
		seen[h] = name
	}
	assert.Equal(t, MixPair(9, 3, 4), Mix(9, 3<<32|4), "a pair is one word, the first half high")
	assert.Equal(t, MixBytes(9, []byte("12345678")), Mix(Mix(9, 0x3837363534333231), 0),
		"whole words are read little-endian, and an empty rest still counts its length")
}

// renewFill plays the same script on any world of the test schema: a
// crowd spawned over the grid, some moved, some removed.
func renewFill(w *World, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 9))
	a := w.NewAction()
	for range 300 {
		e := a.Spawn()
		pos.Set(a, e, geom.Pt(r.IntN(gridW), r.IntN(gridH)))
		if r.IntN(3) == 0 {
			solid.Add(a, e)
		}
		if r.IntN(5) == 0 {
			barrel.Add(a, e)
			loot.Set(a, e, r.IntN(9))
		}
		hp.Set(a, e, r.IntN(9))
	}
	w.Commit(a)
	for range 200 {
		e := Entity(1 + r.IntN(300))
		if r.IntN(4) == 0 {
			a.RemoveEntity(e)
		} else {
			pos.Set(a, e, geom.Pt(r.IntN(gridW), r.IntN(gridH)))
		}
		w.Commit(a)
	}
}

func TestRenewIsAsGoodAsNew(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		old := newTestWorld()
		renewFill(old, seed+100)
		old.Hash() // the stores keep digests of what Renew empties
		renewed := old.Renew()
		assert.Zero(t, renewed.LastEntity(), "seed %d", seed)
		assert.Equal(t, newTestWorld().Hash(), renewed.Hash(), "seed %d: a renewed world starts empty", seed)
		fresh := newTestWorld()
		renewFill(renewed, seed)
		renewFill(fresh, seed)
		require.NoError(t, renewed.Spatial().Check(renewed), "seed %d", seed)
		assert.Equal(t, fresh.Hash(), renewed.Hash(), "seed %d", seed)
		for y := range gridH {
			for x := range gridW {
				p := geom.Pt(x, y)
				require.Equal(t, fresh.Spatial().At(p), renewed.Spatial().At(p), "seed %d: cell %v", seed, p)
				require.Equal(t, fresh.Spatial().Holders(p, idBarrel), renewed.Spatial().Holders(p, idBarrel), "seed %d: cell %v", seed, p)
			}
		}
	}
}

// TestRecycleIsAsGoodAsNew: a recycled world starts as NewWorld makes one,
// without an index, plays without one as a new world does, and its first
// SetSpatial builds the old index's memory into one that answers as a new
// index would, for a grid of another size too.
func TestRecycleIsAsGoodAsNew(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		for _, size := range [][2]int{{gridW, gridH}, {gridW - 3, gridH - 1}, {gridW + 4, gridH + 2}} {
			old := newTestWorld()
			oldIndex := old.Spatial()
			renewFill(old, seed+100)
			old.Hash() // the stores keep digests of what Recycle empties
			recycled := old.Recycle()
			assert.Nil(t, recycled.Spatial(), "seed %d: a recycled world has no index yet", seed)
			assert.Zero(t, recycled.LastEntity(), "seed %d", seed)
			assert.Equal(t, NewWorld(testSchema()).Hash(), recycled.Hash(), "seed %d: a recycled world starts empty", seed)
			fresh := NewWorld(testSchema())
			for _, w := range []*World{recycled, fresh} {
				renewFill(w, seed+7) // played without an index, as before a first road
				spec := testSpatialSpec()
				spec.W, spec.H = size[0], size[1]
				w.SetSpatial(spec)
				renewFill(w, seed)
			}
			require.Same(t, oldIndex, recycled.Spatial(), "seed %d: the index is built in the old one's memory", seed)
			require.NoError(t, recycled.Spatial().Check(recycled), "seed %d %v", seed, size)
			assert.Equal(t, fresh.Hash(), recycled.Hash(), "seed %d %v", seed, size)
			assert.Equal(t, fresh.LastEntity(), recycled.LastEntity(), "seed %d %v", seed, size)
			for y := range size[1] {
				for x := range size[0] {
					p := geom.Pt(x, y)
					require.Equal(t, fresh.Spatial().At(p), recycled.Spatial().At(p), "seed %d: cell %v", seed, p)
					require.Equal(t, fresh.Spatial().Holders(p, idBarrel), recycled.Spatial().Holders(p, idBarrel), "seed %d: cell %v", seed, p)
				}
			}
			// A second recycling before any index hands the same memory on.
			again := recycled.Recycle().Recycle()
			assert.Same(t, oldIndex, again.SetSpatial(testSpatialSpec()), "seed %d", seed)
		}
	}
}

// TestFlagInAndHoldsAgreeWithHas: the two fast reads of the world as it
// is answer as Has does, for holders, non-holders, ids never spawned and
// ids beyond every page.
func TestFlagInAndHoldsAgreeWithHas(t *testing.T) {
	w := queryWorld()
	tests := []struct {
		name string
		e    Entity
		want bool
	}{
		{"a holder", 2, true},
		{"another holder", 5, true},
		{"an entity without the flag", 3, false},
		{"an id never spawned", 7, false},
		{"an id beyond every page", 1 << 20, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, solid.Has(w, tt.e))
			assert.Equal(t, tt.want, solid.In(w, tt.e), "Flag.In")
			assert.Equal(t, tt.want, w.Holds(solid.ID(), tt.e), "World.Holds")
		})
	}
	assert.True(t, w.Holds(hp.ID(), 6), "Holds answers for data components too")
	assert.False(t, w.Holds(hp.ID(), 7))
}

// TestDataInAgreesWithHas: a data component's In, which asks the index
// alone, answers as Has does for every id of the query world, ids never
// spawned and one beyond every page included.
func TestDataInAgreesWithHas(t *testing.T) {
	w := queryWorld()
	ids := []Entity{1 << 20}
	for e := range w.LastEntity() + 3 {
		ids = append(ids, e)
	}
	holders := 0
	for _, e := range ids {
		want := hp.Has(w, e)
		if want {
			holders++
		}
		assert.Equal(t, want, hp.In(w, e), "entity %d", e)
	}
	require.NotZero(t, holders, "the query world has holders to find")
	require.Less(t, holders, len(ids), "and ids without the component")
}
