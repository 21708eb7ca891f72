package levelgen

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

// tables returns the shipped generation tables, with the legend of the
// shipped enemies.
func tables(t testing.TB) assets.LevelGen {
	t.Helper()
	d, err := assets.Load()
	require.NoError(t, err)
	return d.LevelGen
}

// shippedThings are the things of the shipped tables, in roll order.
var shippedThings = []string{"wreck", "barrel", "letter", "zombie", "car", "bike"}

// seedCase is one (seed, difficulty) pair of the fixed invariant list.
type seedCase struct {
	seed       uint64
	difficulty int
}

// invariantSeeds lists seeds 1-1000, each at difficulty seed%11, and seeds
// 1-100 at every difficulty 0-10.
func invariantSeeds() []seedCase {
	var cases []seedCase
	for s := uint64(1); s <= 1000; s++ {
		cases = append(cases, seedCase{s, int(s % 11)})
	}
	for d := range 11 {
		for s := uint64(1); s <= 100; s++ {
			cases = append(cases, seedCase{s, d})
		}
	}
	return cases
}

// invariantProblems lists every way l breaks the promises of Generate.
func invariantProblems(l *Level, p assets.LevelGen) []string {
	var probs []string
	fail := func(format string, args ...any) { probs = append(probs, fmt.Sprintf(format, args...)) }
	if l.W < p.WidthMin || l.W > p.WidthMax || l.H != p.Height || len(l.Terrain) != l.W*l.H {
		fail("size %dx%d with %d terrain cells", l.W, l.H, len(l.Terrain))
		return probs
	}
	if l.Start != p.Start() {
		fail("start %v, want %v", l.Start, p.Start())
	}
	for y := range l.H {
		onRoad := y >= p.RoadTop && y <= p.RoadBottom
		for x := range l.W {
			at := geom.Pt(x, y)
			t := l.At(at)
			if t != Acid && (t == Road) != onRoad {
				fail("%v is %v", at, t)
			}
			if onRoad && x < p.ClearStart {
				if _, ok := l.SpawnAt(at); ok || t != Road {
					fail("start area cell %v is %v or holds a spawn", at, t)
				}
			}
		}
	}
	last := -1
	for _, s := range l.Spawns {
		switch {
		case s.Thing < 0 || s.Thing >= len(l.Things):
			fail("unknown thing %d at %v", s.Thing, s.At)
			continue
		case !s.At.In(l.W, l.H):
			fail("%v off the map at %v", l.ThingID(s), s.At)
			continue
		case l.At(s.At) == Acid:
			fail("%v on acid at %v", l.ThingID(s), s.At)
		case s.At.X == l.GoalX():
			fail("%v in the goal column at %v", l.ThingID(s), s.At)
		}
		if i := s.At.Y*l.W + s.At.X; i <= last {
			fail("spawn at %v out of row-major order or doubled", s.At)
		} else {
			last = i
		}
	}
	if !Drivable(l) {
		fail("no route from the start to the goal column")
	}
	return probs
}

func TestGenerateInvariants(t *testing.T) {
	p := tables(t)
	minW, maxW := math.MaxInt, 0
	for _, c := range invariantSeeds() {
		l := Generate(c.seed, c.difficulty, p)
		if !assert.Empty(t, invariantProblems(l, p), "seed %d difficulty %d", c.seed, c.difficulty) {
			t.Logf("seed %d difficulty %d:\n%s", c.seed, c.difficulty, l.ASCII())
		}
		minW, maxW = min(minW, l.W), max(maxW, l.W)
	}
	assert.Equal(t, p.WidthMin, minW, "the narrowest width should occur among 2,100 levels")
	assert.Equal(t, p.WidthMax, maxW, "the widest width should occur among 2,100 levels")
}

func TestGenerateIsDeterministic(t *testing.T) {
	p := tables(t)
	for s := uint64(1); s <= 30; s++ {
		d := int(s % 11)
		a, b := Generate(s, d, p), Generate(s, d, p)
		assert.Equal(t, a, b, "seed %d difficulty %d", s, d)
		assert.Equal(t, a.ASCII(), b.ASCII(), "seed %d difficulty %d", s, d)
		assert.Equal(t, a.Hash(), b.Hash(), "seed %d difficulty %d", s, d)
	}
}

func TestSeedsAndDifficultiesGiveDifferentLevels(t *testing.T) {
	p := tables(t)
	seen := map[uint64]seedCase{}
	for s := uint64(1); s <= 50; s++ {
		for d := range 4 {
			h := Generate(s, d, p).Hash()
			prev, dup := seen[h]
			assert.False(t, dup, "seed %d difficulty %d repeats seed %d difficulty %d", s, d, prev.seed, prev.difficulty)
			seen[h] = seedCase{s, d}
		}
	}
}

func TestNegativeDifficultyCountsAsZero(t *testing.T) {
	p := tables(t)
	assert.Equal(t, Generate(7, 0, p).Hash(), Generate(7, -3, p).Hash())
}

func TestGeneratePanicsOnInvalidTables(t *testing.T) {
	p := tables(t)
	p.WidthMin = p.WidthMax + 1
	assert.Panics(t, func() { Generate(1, 0, p) })
}

// TestSpawnMeansFollowTheTables generates many levels at several
// difficulties and checks each thing's count against what the tables
// predict for the cells that were rolled: the sum of weight/1000 over every
// cell that gets a roll. Route repair may clear a few solids, which the
// tolerance allows for.
func TestSpawnMeansFollowTheTables(t *testing.T) {
	p := tables(t)
	const levels = 100
	for _, difficulty := range []int{0, 1, 2, 4, 6, 9, 12} {
		got, want := map[string]float64{}, map[string]float64{}
		for s := uint64(1); s <= levels; s++ {
			l := Generate(s, difficulty, p)
			for id, n := range l.Counts() {
				got[id] += float64(n)
			}
			dirt := tableAt(l.Things, p.Spawn.Dirt, difficulty)
			road := tableAt(l.Things, p.Spawn.Road, difficulty)
			for y := range l.H {
				for x := range l.GoalX() {
					tr := l.Terrain[y*l.W+x]
					if tr == Acid || inStartArea(p, x, y) {
						continue
					}
					tab := &dirt
					if tr == Road {
						tab = &road
					}
					for i, w := range tab.weights {
						want[l.Things[tab.things[i]].ID] += float64(w) / rollRange
					}
				}
			}
		}
		for _, id := range shippedThings {
			w, g := want[id]/levels, got[id]/levels
			// 15% of the mean, or four standard errors of a Poisson count
			// for the rare things, whichever is wider.
			tol := max(0.15*w, 4*math.Sqrt(w/levels))
			assert.InDelta(t, w, g, tol, "%v per level at difficulty %d", id, difficulty)
		}
	}
}

func TestAcidCoversAboutATenthOfTheMap(t *testing.T) {
	p := tables(t)
	acid, cells := 0, 0
	for s := uint64(1); s <= 300; s++ {
		l := Generate(s, 0, p)
		for _, tr := range l.Terrain {
			if tr == Acid {
				acid++
			}
		}
		cells += len(l.Terrain)
	}
	frac := float64(acid) / float64(cells)
	assert.GreaterOrEqual(t, frac, 0.09)
	assert.LessOrEqual(t, frac, 0.15)
}

// onlyThing returns tables in which every eligible cell holds thing id.
func onlyThing(p assets.LevelGen, id string) assets.LevelGen {
	set := func(t assets.SpawnTable) assets.SpawnTable {
		out := make(assets.SpawnTable, len(t))
		for i, e := range t {
			out[i] = assets.SpawnEntry{Thing: e.Thing, Den: 1}
			if e.Thing == id {
				out[i].Base = 1000
			}
		}
		return out
	}
	p.Spawn.Dirt = set(p.Spawn.Dirt)
	p.Spawn.Road = set(p.Spawn.Road)
	return p
}

func TestTableEntriesMapToThings(t *testing.T) {
	p := tables(t)
	for _, id := range shippedThings {
		t.Run(id, func(t *testing.T) {
			q := onlyThing(p, id)
			l := Generate(3, 0, q)
			eligible := 0
			for y := range l.H {
				for x := range l.GoalX() {
					if l.At(geom.Pt(x, y)) != Acid && !inStartArea(q, x, y) {
						eligible++
					}
				}
			}
			want := map[string]int{id: eligible}
			got := l.Counts()
			if thing, _ := p.Thing(id); thing.Solid {
				// A wall of solids is cut open along one route.
				assert.Less(t, got[id], eligible)
				assert.Greater(t, got[id], eligible-l.W-l.H)
				got[id] = eligible
			}
			assert.Equal(t, want, got)
			assert.True(t, Drivable(l), "\n%s", l.ASCII())
		})
	}
}

func TestLevelAccessors(t *testing.T) {
	l, err := Parse(""+
		",,,z\n"+
		"@~.#\n", tables(t).Legend)
	require.NoError(t, err)
	assert.Equal(t, 3, l.GoalX())
	assert.Equal(t, Dirt, l.At(geom.Pt(0, 0)))
	assert.Equal(t, Acid, l.At(geom.Pt(1, 1)))
	assert.Equal(t, Road, l.At(geom.Pt(0, 1)))
	for _, off := range []geom.Point{{X: -1, Y: 0}, {X: 4, Y: 0}, {X: 0, Y: 2}, {X: 0, Y: -1}} {
		assert.Equal(t, Void, l.At(off), "%v", off)
	}
	s, ok := l.SpawnAt(geom.Pt(3, 1))
	assert.True(t, ok)
	assert.Equal(t, Spawn{Thing: 0, At: geom.Pt(3, 1)}, s)
	assert.Equal(t, "wreck", l.ThingID(s))
	_, ok = l.SpawnAt(geom.Pt(2, 1))
	assert.False(t, ok)
	assert.Equal(t, map[string]int{"wreck": 1, "zombie": 1}, l.Counts())
}

func TestNames(t *testing.T) {
	names := map[string]bool{}
	for _, tr := range []Terrain{Void, Dirt, Road, Acid} {
		names[tr.String()] = true
	}
	assert.Len(t, names, 4, "every terrain has its own name")
	assert.Equal(t, "Terrain(9)", Terrain(9).String())
}

func TestASCIIRoundTrips(t *testing.T) {
	p := tables(t)
	for s := uint64(1); s <= 40; s++ {
		l := Generate(s, int(s%11), p)
		back, err := Parse(l.ASCII(), p.Legend)
		require.NoError(t, err, "seed %d", s)
		assert.Equal(t, l.ASCII(), back.ASCII(), "seed %d", s)
		assert.Equal(t, l.Spawns, back.Spawns, "seed %d", s)
		assert.Equal(t, l.Start, back.Start, "seed %d", s)
	}
}

func TestParseRejectsBadMaps(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"empty", "", "empty"},
		{"ragged", "@..\n..\n", "line 2"},
		{"no start", "...\n...\n", "no start"},
		{"two starts", "@..\n..@\n", "second start"},
		{"unknown character", "@.X\n", "column 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.text, tables(t).Legend)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// BenchmarkGenerator is BenchmarkGenerate through one kept Generator, as
// the game makes its roads.
func BenchmarkGenerator(b *testing.B) {
	g, err := NewGenerator(tables(b))
	require.NoError(b, err)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		g.Generate(seed, int(seed%11))
	}
}

func BenchmarkGenerate(b *testing.B) {
	p := tables(b)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		Generate(seed, int(seed%11), p)
	}
}

// TestIntNDrawsAsRandIntN checks the spawn roll's direct draw against
// rand.Rand.IntN (through Uint64N, the same draw, which takes ranges past
// the ints) on two generators seeded alike, for the roll's range and for
// ranges so large that the redraw for bias runs often.
func TestIntNDrawsAsRandIntN(t *testing.T) {
	for _, n := range []uint64{rollRange, 3, 7, 1_000_003, 3 << 61, 1<<63 + 1} {
		for seed := uint64(1); seed <= 5; seed++ {
			ours, theirs := rand.NewPCG(seed, n), rand.New(rand.NewPCG(seed, n))
			for i := range 20_000 {
				if want, got := theirs.Uint64N(n), intN(ours, n); got != want {
					require.Equal(t, want, got, "n %d seed %d draw %d", n, seed, i)
				}
			}
		}
	}
}

// TestHashIsFNV1aOfTheLevel checks Hash against the standard library's
// FNV-1a over the bytes its doc names, on generated levels of many widths
// and on a tiny parsed one, so the unrolled loops cover every remainder.
func TestHashIsFNV1aOfTheLevel(t *testing.T) {
	p := tables(t)
	levels := []*Level{mustParse(t, "@.~", "..#")}
	for s := uint64(1); s <= 24; s++ {
		levels = append(levels, Generate(s, int(s%11), p))
	}
	for i, l := range levels {
		f := fnv.New64a()
		word := func(v int) { _ = binary.Write(f, binary.LittleEndian, int64(v)) }
		for _, v := range []int{l.W, l.H, l.Start.X, l.Start.Y} {
			word(v)
		}
		for _, c := range l.Terrain {
			_, _ = f.Write([]byte{byte(c)})
		}
		for _, s := range l.Spawns {
			_, _ = f.Write([]byte{byte(s.Thing)})
			word(s.At.X)
			word(s.At.Y)
		}
		assert.Equal(t, f.Sum64(), l.Hash(), "level %d (%dx%d)", i, l.W, l.H)
	}
}

// TestRowsHaveOneFloor checks what the scatter takes each row's table
// from: on a generated level, every cell of a road row that is not acid is
// road, and every such cell of another row is dirt.
func TestRowsHaveOneFloor(t *testing.T) {
	p := tables(t)
	for seed := uint64(1); seed <= 40; seed++ {
		l := Generate(seed, int(seed%11), p)
		for y := range l.H {
			floor := Dirt
			if y >= p.RoadTop && y <= p.RoadBottom {
				floor = Road
			}
			for x := range l.W {
				if got := l.At(geom.Pt(x, y)); got != Acid {
					require.Equal(t, floor, got, "seed %d at %d,%d", seed, x, y)
				}
			}
		}
	}
}

// TestGeneratorMakesGeneratesLevels checks that a Generator kept for many
// levels, of shuffled seeds and difficulties (so widths and tables change
// from one to the next and its kept room is reused at every size), makes
// each level Generate makes afresh; and that the levels share nothing with
// it or with each other.
func TestGeneratorMakesGeneratesLevels(t *testing.T) {
	p := tables(t)
	g, err := NewGenerator(p)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(3, 4))
	var made []*Level
	for i := range 60 {
		seed, difficulty := r.Uint64(), r.IntN(14)-1
		got, want := g.Generate(seed, difficulty), Generate(seed, difficulty, p)
		require.Equal(t, want, got, "level %d: seed %d difficulty %d", i, seed, difficulty)
		made = append(made, got)
	}
	// Made again afterwards, the first levels are unchanged: nothing the
	// generator reuses is theirs.
	r = rand.New(rand.NewPCG(3, 4))
	for i := range made {
		seed, difficulty := r.Uint64(), r.IntN(14)-1
		require.Equal(t, Generate(seed, difficulty, p), made[i], "level %d made again", i)
	}
}

// TestNewGeneratorRefusesBadTables checks that the tables are checked once,
// when the Generator is made.
func TestNewGeneratorRefusesBadTables(t *testing.T) {
	p := tables(t)
	p.WidthMin = 0
	_, err := NewGenerator(p)
	require.Error(t, err)
	require.Panics(t, func() { Generate(1, 0, p) })
}
