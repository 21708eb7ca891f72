package ai

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

// scene parses a drawing and returns its map with the single cells marked
// 'Z' (the zombie) and 'V' (its target), and every 'e' (another enemy).
func scene(t testing.TB, rows ...string) (m *GridMap, self, target geom.Point, others []geom.Point) {
	t.Helper()
	m, err := ParseGrid(rows...)
	require.NoError(t, err)
	zs, vs := Find(rows, 'Z'), Find(rows, 'V')
	require.Len(t, zs, 1, "drawing needs one Z")
	require.Len(t, vs, 1, "drawing needs one V")
	return m, zs[0], vs[0], Find(rows, 'e')
}

func TestZombieStep(t *testing.T) {
	tests := []struct {
		name         string
		rows         []string
		occupyTarget bool // another enemy stands on the target cell
		want         geom.Dir
	}{
		{"open ground walks the long axis", []string{
			"......",
			".Z...V",
			"......",
		}, false, geom.East},
		{"adjacent target is stepped into", []string{
			"...",
			".ZV",
			"...",
		}, false, geom.East},
		{"adjacent target north", []string{
			".V.",
			".Z.",
		}, false, geom.North},
		{"walks around a wreck wall the greedy step hits", []string{
			".......",
			"..#....",
			".Z#..V.",
			"..#....",
			"..###..",
		}, false, geom.North},
		{"goes the short way round", []string{
			".......",
			"..#....",
			"..#....",
			".Z#..V.",
			"..#....",
			".......",
		}, false, geom.South},
		{"other enemies block like wrecks", []string{
			"...#...",
			".Ze..V.",
			"...#...",
			"...#...",
			".......",
		}, false, geom.South},
		{"walled in with the greedy step blocked stays put", []string{
			"###....",
			"#Z#..V.",
			"###....",
		}, false, geom.None},
		{"no path but the greedy step is open walks greedily", []string{
			"#######",
			"#Z..#V.",
			"#######",
		}, false, geom.East},
		{"target held by another enemy waits", []string{
			"....",
			".ZV.",
			"....",
		}, true, geom.None},
	}
	var pf Pathfinder
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, self, target, others := scene(t, tt.rows...)
			if tt.occupyTarget {
				others = append(others, target)
			}
			g := gridOf(m, setOf(others...))
			assert.Equal(t, tt.want, pf.Step(g, self, target), "\n%s", m)
			assert.Equal(t, tt.want, ZombieStep(g, self, target), "fresh Pathfinder")
		})
	}
}

func TestZombieOnItsTargetStaysPut(t *testing.T) {
	m, err := ParseGrid("...", "...")
	require.NoError(t, err)
	assert.Equal(t, geom.None, ZombieStep(gridOf(m, nil), geom.Pt(1, 1), geom.Pt(1, 1)))
}

func TestZombieAtTheEdgeDoesNotWalkOff(t *testing.T) {
	m, err := ParseGrid("...", "...", "...")
	require.NoError(t, err)
	assert.Equal(t, geom.None, ZombieStep(gridOf(m, nil), geom.Pt(2, 0), geom.Pt(5, 0)), "target off the road")
}

func TestZombieGreedyWouldWalkIntoWall(t *testing.T) {
	m, self, target, _ := scene(t,
		".....",
		".Z#V.",
		".....",
	)
	greedy := greedyDir(self, target)
	require.True(t, m.Solid(self.Add(greedy.Vec())), "the original's step must hit the wreck")
	got := ZombieStep(gridOf(m, nil), self, target)
	assert.NotEqual(t, geom.None, got)
	assert.False(t, m.Solid(self.Add(got.Vec())), "step %v walks into a wreck", got)
}

// oracleDist is an independent whole-map breadth-first search from target:
// steps to every open cell, with self allowed and occupied cells blocked.
func oracleDist(m *GridMap, occ map[geom.Point]bool, self, target geom.Point) map[geom.Point]int {
	dist := map[geom.Point]int{target: 0}
	frontier := []geom.Point{target}
	for len(frontier) > 0 {
		var next []geom.Point
		for _, p := range frontier {
			for _, d := range geom.Dirs {
				q := p.Add(d.Vec())
				if _, seen := dist[q]; seen || (q != self && (m.Solid(q) || occ[q])) {
					continue
				}
				dist[q] = dist[p] + 1
				next = append(next, q)
			}
		}
		frontier = next
	}
	return dist
}

// randomField draws a 9x9 field (small enough that the search box covers it
// all) with wrecks, other enemies, a zombie and a target.
func randomField(r *rand.Rand) (rows []string, occ map[geom.Point]bool, self, target geom.Point) {
	const n = 9
	grid := make([][]byte, n)
	for y := range grid {
		grid[y] = []byte(strings.Repeat(".", n))
		for x := range grid[y] {
			switch k := r.IntN(10); {
			case k < 3:
				grid[y][x] = '#'
			case k < 4:
				grid[y][x] = 'e'
			}
		}
	}
	self, target = geom.Pt(r.IntN(n), r.IntN(n)), geom.Pt(r.IntN(n), r.IntN(n))
	grid[self.Y][self.X], grid[target.Y][target.X] = 'Z', 'V'
	occ = map[geom.Point]bool{}
	for y, row := range grid {
		rows = append(rows, string(row))
		for x, c := range row {
			if c == 'e' {
				occ[geom.Pt(x, y)] = true
			}
		}
	}
	return rows, occ, self, target
}

func TestZombieStepTakesAShortestPath(t *testing.T) {
	var pf Pathfinder
	for seed := uint64(1); seed <= 400; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		rows, occ, self, target := randomField(r)
		m, err := ParseGrid(rows...)
		require.NoError(t, err)
		if self == target {
			continue
		}
		got := pf.Step(gridOf(m, occ), self, target)
		dist := oracleDist(m, occ, self, target)
		where := fmt.Sprintf("seed %d\n%s", seed, strings.Join(rows, "\n"))
		if d, ok := dist[self]; ok {
			next := self.Add(got.Vec())
			require.NotEqual(t, geom.None, got, where)
			assert.Equal(t, d-1, dist[next], "step %v is not on a shortest path; %s", got, where)
			continue
		}
		greedy := greedyDir(self, target)
		if g := self.Add(greedy.Vec()); m.Solid(g) || occ[g] {
			assert.Equal(t, geom.None, got, where)
		} else {
			assert.Equal(t, greedy, got, where)
		}
	}
}

func TestZombieStepDoesNotAllocate(t *testing.T) {
	m, self, target, others := scene(t,
		"..........",
		"..#.......",
		".Z#.e...V.",
		"..#.......",
		"..###.....",
	)
	g := gridOf(m, setOf(others...))
	var pf Pathfinder
	want := pf.Step(g, self, target)
	allocs := testing.AllocsPerRun(100, func() {
		if pf.Step(g, self, target) != want {
			t.Fatal("step changed between runs")
		}
	})
	assert.Zero(t, allocs)
}

// TestPathfinderBuffersGrowWithRoom frames boxes a little larger each
// time, as a road's searches come: the buffers made for the first box
// hold the next ones up to half again its size, which must neither
// allocate nor lose a cell of the box.
func TestPathfinderBuffersGrowWithRoom(t *testing.T) {
	const w, h = 200, 30
	var pf Pathfinder
	self := geom.Pt(50, 10)
	pf.frame(w, h, self, geom.Pt(60, 12))
	first := pf.bw * pf.bh
	dx := 10
	allocs := testing.AllocsPerRun(5, func() {
		dx++
		pf.frame(w, h, self, geom.Pt(50+dx, 12))
	})
	assert.Zero(t, allocs, "boxes up to %d cells after one of %d", pf.bw*pf.bh, first)
	assert.Greater(t, pf.bw*pf.bh, first)
	assert.GreaterOrEqual(t, len(pf.cells), pf.bw*pf.bh)
	assert.GreaterOrEqual(t, cap(pf.level), pf.bw*pf.bh)
	assert.GreaterOrEqual(t, cap(pf.next), pf.bw*pf.bh)
}

func TestSees(t *testing.T) {
	tests := []struct {
		target geom.Point
		vision int
		want   bool
	}{
		{geom.Pt(7, 0), 8, true},
		{geom.Pt(8, 0), 8, false},
		{geom.Pt(5, 6), 8, true},  // 61 < 64
		{geom.Pt(6, 6), 8, false}, // 72
		{geom.Pt(0, 0), 0, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Sees(geom.Pt(0, 0), tt.target, tt.vision), "%v vision %d", tt.target, tt.vision)
	}
}

// benchField is an 80x30 level with scattered wrecks, the van in the middle
// and 50 zombies spread around it within a zombie's sight.
func benchField() (*GridMap, geom.Point, []geom.Point) {
	r := rand.New(rand.NewPCG(42, 42))
	rows := make([]string, 30)
	for y := range rows {
		row := []byte(strings.Repeat(".", 80))
		for x := range row {
			if r.IntN(100) < 6 {
				row[x] = '#'
			}
		}
		rows[y] = string(row)
	}
	m, _ := ParseGrid(rows...)
	van := geom.Pt(40, 15)
	m.SetSolid(van, false)
	var zombies []geom.Point
	for len(zombies) < 50 {
		p := geom.Pt(van.X+r.IntN(17)-8, van.Y+r.IntN(17)-8)
		if p != van && !m.Solid(p) {
			zombies = append(zombies, p)
		}
	}
	return m, van, zombies
}

func BenchmarkZombieStep(b *testing.B) {
	m, van, zombies := benchField()
	g := gridOf(m, setOf(zombies...))
	var pf Pathfinder
	b.ReportAllocs()
	for b.Loop() {
		for _, z := range zombies {
			pf.Step(g, z, van)
		}
	}
}
