package ecs

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

// op is one store operation: set e to v, or remove e when del is true.
type op struct {
	e   Entity
	v   int
	del bool
}

func TestSparseSetOrderAndValues(t *testing.T) {
	tests := []struct {
		name  string
		ops   []op
		order []Entity
		vals  []int
	}{
		{"empty", nil, []Entity{}, []int{}},
		{"inserts keep arrival order", []op{{3, 30, false}, {1, 10, false}, {2, 20, false}},
			[]Entity{3, 1, 2}, []int{30, 10, 20}},
		{"overwrite keeps the place", []op{{3, 30, false}, {1, 10, false}, {3, 33, false}},
			[]Entity{3, 1}, []int{33, 10}},
		{"removal swaps the last into the hole", []op{{1, 10, false}, {2, 20, false}, {3, 30, false}, {4, 40, false}, {1, 0, true}},
			[]Entity{4, 2, 3}, []int{40, 20, 30}},
		{"removing the last just shrinks", []op{{1, 10, false}, {2, 20, false}, {2, 0, true}},
			[]Entity{1}, []int{10}},
		{"removing an absent entity changes nothing", []op{{1, 10, false}, {9, 0, true}},
			[]Entity{1}, []int{10}},
		{"re-adding after removal appends", []op{{1, 10, false}, {2, 20, false}, {1, 0, true}, {1, 11, false}},
			[]Entity{2, 1}, []int{20, 11}},
		{"ids on different pages", []op{{5, 1, false}, {pageSize * 3, 2, false}, {pageSize + 7, 3, false}, {5, 0, true}},
			[]Entity{pageSize + 7, pageSize * 3}, []int{3, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s sparseSet[int]
			for _, o := range tt.ops {
				if o.del {
					s.remove(o.e)
				} else {
					s.set(o.e, o.v)
				}
			}
			assert.Equal(t, tt.order, append([]Entity{}, s.entities()...))
			assert.Equal(t, len(tt.order), s.size())
			for i, e := range tt.order {
				v, ok := s.get(e)
				assert.True(t, ok, "entity %d", e)
				assert.Equal(t, tt.vals[i], v, "entity %d", e)
				assert.True(t, s.has(e))
			}
		})
	}
}

func TestSparseSetRemoveReports(t *testing.T) {
	var s sparseSet[string]
	s.set(4, "a")
	assert.True(t, s.remove(4))
	assert.False(t, s.remove(4))
	assert.False(t, s.remove(1<<20))
	_, ok := s.get(4)
	assert.False(t, ok)
}

func TestSparseIndexReleasesAndReusesPages(t *testing.T) {
	var s sparseIndex
	s.store(pageSize*2+1, 7)
	s.store(pageSize*2+2, 8)
	require.NotSame(t, noPage, s.pages[2])
	assert.Same(t, noPage, s.pages[0], "pages never written are the shared empty one")
	s.clear(pageSize*2 + 1)
	require.NotSame(t, noPage, s.pages[2], "a page with a live slot stays")
	s.clear(pageSize*2 + 2)
	kept := s.pages[2]
	require.NotSame(t, noPage, kept, "the page emptied last stays for a while")
	s.store(pageSize*2+3, 9)
	assert.Same(t, kept, s.pages[2], "and serves again without a fetch")
	s.store(pageSize*4, 1)
	s.clear(pageSize*2 + 3)
	s.clear(pageSize * 4)
	assert.Same(t, noPage, s.pages[2], "an empty page is released when another one empties")
	require.Len(t, s.spare, 1)
	released := s.spare[0]
	s.store(5, 1)
	assert.Same(t, released, s.pages[0], "a released page is reused")
	assert.Equal(t, [pageSize]int32{5: 1}, s.pages[0].slot, "a reused page starts empty")
	assert.Equal(t, page{}, *noPage, "the shared empty page is never written")
}

// TestSparseIndexTableGrowsOnce stores an id in each of the first
// minPages pages of a fresh index, as a run's climbing ids do: the page
// table is made once, so the stores allocate the pages and one table.
func TestSparseIndexTableGrowsOnce(t *testing.T) {
	var s sparseIndex
	e := Entity(0)
	allocs := testing.AllocsPerRun(1, func() {
		s = sparseIndex{}
		for p := range minPages {
			e = Entity(p*pageSize + 1)
			s.store(e, 1)
		}
	})
	assert.Equal(t, float64(minPages+1), allocs)
	assert.Equal(t, int32(1), s.load(e))
	assert.Len(t, s.pages, minPages)
}

func TestSparseIndexLargeIDs(t *testing.T) {
	var s sparseIndex
	s.store(5, 1)
	// On 32-bit platforms a careless int conversion would wrap these to
	// page 0 and find entity 5's slot.
	for _, e := range []Entity{1<<42 + 5, 1<<32 + 5, 1<<63 + 5, ^Entity(0)} {
		assert.Zero(t, s.load(e), "entity %d", e)
	}
	assert.Panics(t, func() { s.store(MaxEntity+1, 1) })
	assert.NotPanics(t, func() { s.store(MaxEntity, 1) })
	assert.Equal(t, int32(1), s.load(MaxEntity))
}

func TestSchemaValidation(t *testing.T) {
	a, b := DataOf[int](0), DataOf[int](1)
	tests := []struct {
		name  string
		specs []Spec
		ok    bool
	}{
		{"dense ids", []Spec{DataSpec(a, "a", nil), FlagSpec(FlagOf(1), "b")}, true},
		{"empty", nil, true},
		{"gap in ids", []Spec{DataSpec(a, "a", nil), DataSpec(DataOf[int](2), "c", nil)}, false},
		{"shared id", []Spec{DataSpec(a, "a", nil), DataSpec(a, "b", nil)}, false},
		{"repeated name", []Spec{DataSpec(a, "a", nil), DataSpec(b, "a", nil)}, false},
		{"empty name", []Spec{DataSpec(a, "", nil)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := NewSchema(tt.specs...)
			if !tt.ok {
				assert.Error(t, err)
				assert.Panics(t, func() { MustSchema(tt.specs...) })
				return
			}
			require.NoError(t, err)
			assert.Equal(t, len(tt.specs), s.Len())
		})
	}
	s := testSchema()
	id, ok := s.Lookup("barrel")
	assert.True(t, ok)
	assert.Equal(t, idBarrel, id)
	_, ok = s.Lookup("nothing")
	assert.False(t, ok)
	assert.Equal(t, "hp", s.Name(idHP))
	assert.Equal(t, KindProp, s.Kind(idTag))
	assert.Equal(t, KindFlag, s.Kind(idSolid))
	assert.NotEmpty(t, s.Name(200), "an unknown id still gets a name for messages")
}

func TestMask(t *testing.T) {
	m := MaskOf(0, 63, 64, 255)
	for _, id := range []ID{0, 63, 64, 255} {
		assert.True(t, m.Has(id), "id %d", id)
	}
	for _, id := range []ID{1, 62, 65, 128, 254} {
		assert.False(t, m.Has(id), "id %d", id)
	}
	o := MaskOf(5, 255)
	assert.True(t, m.Intersects(&o))
	o = MaskOf(5, 200)
	assert.False(t, m.Intersects(&o))
}

// TestHoldsRefs pins which value types a delta must zero once applied.
func TestHoldsRefs(t *testing.T) {
	type plain struct {
		A int
		B [2]float64
		C geom.Point
	}
	type withString struct {
		A int
		S string
	}
	tests := []struct {
		name string
		typ  reflect.Type
		want bool
	}{
		{"int", reflect.TypeFor[int](), false},
		{"bool", reflect.TypeFor[bool](), false},
		{"point", reflect.TypeFor[geom.Point](), false},
		{"struct of numbers and arrays", reflect.TypeFor[plain](), false},
		{"empty struct", reflect.TypeFor[struct{}](), false},
		{"empty array of strings", reflect.TypeFor[[0]string](), false},
		{"string", reflect.TypeFor[string](), true},
		{"struct with a string", reflect.TypeFor[withString](), true},
		{"array of strings", reflect.TypeFor[[4]string](), true},
		{"slice", reflect.TypeFor[[]int](), true},
		{"pointer", reflect.TypeFor[*int](), true},
		{"map", reflect.TypeFor[map[int]int](), true},
		{"interface", reflect.TypeFor[any](), true},
		{"func", reflect.TypeFor[func()](), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, holdsRefs(tt.typ))
		})
	}
}

// TestSparseIndexStoreAgreesWithTheGeneralWay pins store's short way for an
// id whose page is in use: over random stores and clears on a few pages,
// an index written by store must hold the same codes, page counts, pages
// and page holders as one written by storeNew, the way with every check.
func TestSparseIndexStoreAgreesWithTheGeneralWay(t *testing.T) {
	for _, seed := range testSeeds {
		r := rand.New(rand.NewPCG(seed, 11))
		fast, slow := &sparseIndex{held: newPageHolders(3), id: 2}, &sparseIndex{held: newPageHolders(3), id: 2}
		codes := map[Entity]int32{}
		for step := range testsize.Steps(3000) {
			e := Entity(r.IntN(4*pageSize)) + 1
			if k, ok := codes[e]; ok && r.IntN(2) == 0 {
				require.Equal(t, k, fast.load(e))
				fast.clear(e)
				slow.clear(e)
				delete(codes, e)
			} else {
				v := int32(1 + r.IntN(1000))
				fast.store(e, v)
				slow.storeNew(e, v)
				codes[e] = v
			}
			require.Equal(t, len(slow.pages), len(fast.pages), "seed %d step %d", seed, step)
			for p := range fast.pages {
				f, s := fast.pages[p], slow.pages[p]
				require.Equal(t, s.used, f.used, "seed %d step %d page %d", seed, step, p)
				require.Equal(t, s.slot, f.slot, "seed %d step %d page %d", seed, step, p)
				require.Equal(t, s == noPage, f == noPage, "seed %d step %d page %d", seed, step, p)
			}
			require.Equal(t, slow.held.words, fast.held.words, "seed %d step %d", seed, step)
		}
	}
}

// TestUnplaceAgreesWithRemove removes random entities of an index's
// placements, spread over a few pages, with unplace in one index and the
// set's remove in its twin, and compares the two after each: the same
// order, the same values, the same code and the value set for every
// entity, and the same pages released (an emptied page goes back as
// remove gives it back).
func TestUnplaceAgreesWithRemove(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 17))
	for round := range testsize.Steps(40) {
		var s, twin Spatial
		got, want := &s.placed, &twin.placed
		placed := map[Entity]placement{}
		for i := range 1 + r.IntN(pageSize) {
			e := Entity(1 + r.IntN(4*pageSize))
			pl := placement{cell: int32(i), counted: uint64(r.IntN(8)), listed: uint64(round)}
			got.set(e, pl)
			want.set(e, pl)
			placed[e] = pl
		}
		for len(want.dense) > 0 {
			e := want.dense[r.IntN(len(want.dense))]
			if r.IntN(4) == 0 {
				e = want.dense[len(want.dense)-1]
			}
			s.unplace(e, got.index.load(e))
			require.True(t, want.remove(e))
			require.True(t, slices.Equal(want.dense, got.dense), "round %d", round)
			require.True(t, slices.Equal(want.vals, got.vals), "round %d", round)
			require.Zero(t, got.index.load(e), "round %d", round)
			for _, x := range want.dense {
				if v, _ := got.get(x); want.index.load(x) != got.index.load(x) || v != placed[x] {
					require.Equal(t, want.index.load(x), got.index.load(x), "round %d entity %d", round, x)
					require.Equal(t, placed[x], v, "round %d entity %d", round, x)
				}
			}
			require.Equal(t, len(want.index.pages), len(got.index.pages), "round %d", round)
			for p := range want.index.pages {
				if (want.index.pages[p] == noPage) != (got.index.pages[p] == noPage) {
					require.Failf(t, "pages differ", "round %d page %d", round, p)
				}
			}
		}
	}
}
