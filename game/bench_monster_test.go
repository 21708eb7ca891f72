package game

import (
	"math/rand/v2"
	"testing"

	"github.com/anaseto/gruid"
	"github.com/anaseto/gruid/paths"
	"github.com/anaseto/gruid/rl"
	"github.com/stretchr/testify/require"

	"lastpost/ai"
	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/levelgen"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Rows T3 and T4 of testdata/bench/SUITE.md: the enemy phase of 50
// zombies around the van, and a whole-map distance map, each next to gruid
// v0.22.0 (a test-only dependency) on the same map.
//
// Our enemies have no field of view: nothing in the game blocks sight, so an
// enemy sees the van when it is inside its vision disc (ai.Sees). The
// "vision" rows set that test next to gruid's symmetric shadow casting over
// the same radius, which is the work a game with walls would do instead.
// A zombie needs only the first step of its path (ai.Pathfinder), gruid's
// searches return whole paths.

// mpW and mpH are the fixture's size; mpNPCs zombies stand around the van.
const (
	mpW, mpH = 80, 24
	mpNPCs   = 50
	// mpWrecks is the share of cells, in percent, holding a wreck.
	mpWrecks = 12
	// mpRadius is the zombies' vision in the fixture (8 in the game's
	// data), the suite's field of view radius.
	mpRadius = 10
)

// mpData is the game's data with zombies that see mpRadius cells.
func mpData(tb testing.TB) *assets.Data {
	d := *fxBenchData(tb)
	d.Enemies.List = append([]assets.Enemy(nil), d.Enemies.List...)
	for i := range d.Enemies.List {
		if d.Enemies.List[i].Behaviour == assets.BehaviourWalker {
			d.Enemies.List[i].Vision = mpRadius
		}
	}
	return &d
}

// mpRoad draws the fixture from a fixed seed: wrecks scattered over an
// 80x24 road, the van in the middle and 50 zombies inside mpRadius of it,
// so every one of them sees it, paths to it and acts.
func mpRoad() string { return fxJoin(mpRows()) }

// mpRows is mpRoad's drawing, row by row.
func mpRows() [][]byte {
	const vision = mpRadius
	r := rand.New(rand.NewPCG(80, 24))
	rows := fxBlankRows(mpW, mpH)
	van := geom.Pt(mpW/2, mpH/2)
	// The van keeps a clear ring, so the crowd can reach it.
	clear := func(p geom.Point) bool { return p.Manhattan(van) <= 2 }
	for y := range rows {
		for x := range rows[y] {
			if r.IntN(100) < mpWrecks && !clear(geom.Pt(x, y)) {
				rows[y][x] = '#'
			}
		}
	}
	rows[van.Y][van.X] = '@'
	for placed := 0; placed < mpNPCs; {
		p := geom.Pt(van.X+r.IntN(2*vision+1)-vision, van.Y+r.IntN(2*vision+1)-vision)
		// A cell inside their vision, so they still see the van after the
		// first turn New plays before the van's.
		if p.In(mpW, mpH) && !clear(p) && ai.Sees(p, van, vision-1) && rows[p.Y][p.X] == '.' {
			rows[p.Y][p.X] = 'z'
			placed++
		}
	}
	return rows
}

// mpGame is the fixture as a game waiting for the van's command, the
// zombies in the schedule as New would put them.
func mpGame(tb testing.TB, data *assets.Data, drawn string) *Game {
	tb.Helper()
	level, err := levelgen.Parse(drawn, data.LevelGen.Legend)
	require.NoError(tb, err)
	g := newGame(data, 1)
	g.setLevel(level)
	g.populate()
	g.Run.Phase = act.PhaseRoad
	fxSpeed(g, g.env.Van, 0)
	require.NoError(tb, g.advance())
	return g
}

// mpZombies lists the zombies' places, in the order they act.
func mpZombies(g *Game) []geom.Point {
	var at []geom.Point
	for _, e := range vocab.Enemy.Entities(g.world) {
		at = append(at, vocab.Position.Value(g.world, e))
	}
	return at
}

// mpGrid is the fixture for gruid: wrecks and zombies block, as they block
// our zombies (the van's cell is open).
type mpGrid struct {
	blocked []bool
	nb      paths.Neighbors
}

func newMPGrid(g *Game) *mpGrid {
	m := &mpGrid{blocked: make([]bool, mpW*mpH)}
	for y := range mpH {
		for x := range mpW {
			p := geom.Pt(x, y)
			m.blocked[y*mpW+x] = g.view.Solid(p) || g.enemyAt(p)
		}
	}
	return m
}

func (m *mpGrid) passable(p gruid.Point) bool {
	return p.X >= 0 && p.Y >= 0 && p.X < mpW && p.Y < mpH && !m.blocked[p.Y*mpW+p.X]
}

// Neighbors, Cost and Estimation make mpGrid a gruid Astar and Pather, on
// four directions like our zombies.
func (m *mpGrid) Neighbors(p gruid.Point) []gruid.Point { return m.nb.Cardinal(p, m.passable) }

func (m *mpGrid) Cost(gruid.Point, gruid.Point) int { return 1 }

func (m *mpGrid) Estimation(p, q gruid.Point) int {
	return geom.Abs(p.X-q.X) + geom.Abs(p.Y-q.Y)
}

func gp(p geom.Point) gruid.Point { return gruid.Point{X: p.X, Y: p.Y} }

// perNPC reports the time per zombie.
func perNPC(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/npc")
}

// benchMonsterPhase is T3. ours times a whole round while the van waits:
// each zombie's turn (sight, path, the action through the rule book and
// its commit) and the physics step, on a fresh copy of the fixture every
// time (not timed).
// ours-vision and ours-path time the sight test and the first-step search
// alone on the fixture; gruid-fov, gruid-jps and gruid-astar time gruid's
// shadow casting, jump-point and A* searches from the same zombies to the
// van on the same map.
func benchMonsterPhase(b *testing.B) {
	data := mpData(b)
	vision := mpRadius
	road := mpRoad()
	fixture := mpGame(b, data, road)
	van := vocab.Position.Value(fixture.world, fixture.env.Van)
	zombies := mpZombies(fixture)
	require.Len(b, zombies, mpNPCs)
	grid := newMPGrid(fixture)
	b.Run("MonsterPhase50/ours", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			b.StopTimer()
			g := mpGame(b, data, road)
			b.StartTimer()
			if _, err := g.Do(Command{Kind: CmdWait}); err != nil {
				b.Fatal(err)
			}
		}
		perNPC(b, mpNPCs)
	})
	b.Run("MonsterPhase50/ours-vision", func(b *testing.B) {
		seen := 0
		for b.Loop() {
			for _, z := range zombies {
				if ai.Sees(z, van, vision) {
					seen++
				}
			}
		}
		perNPC(b, mpNPCs)
		sinkInt(b, seen)
	})
	b.Run("MonsterPhase50/ours-path", func(b *testing.B) {
		g := fixture
		b.ReportAllocs()
		for b.Loop() {
			for _, z := range zombies {
				grid := g.walkGrid()
				g.path.Step(&grid, z, van)
			}
		}
		perNPC(b, mpNPCs)
	})
	b.Run("MonsterPhase50/gruid-fov", func(b *testing.B) {
		fov := rl.NewFOV(gruid.NewRange(0, 0, mpW, mpH))
		b.ReportAllocs()
		for b.Loop() {
			for _, z := range zombies {
				fov.SSCVisionMap(gp(z), mpRadius, grid.passable, false)
			}
		}
		perNPC(b, mpNPCs)
	})
	b.Run("MonsterPhase50/gruid-jps", func(b *testing.B) {
		pr := paths.NewPathRange(gruid.NewRange(0, 0, mpW, mpH))
		var path []gruid.Point
		grid.eachPath(b, zombies, func(z geom.Point) {
			path = pr.JPSPath(path[:0], gp(z), gp(van), grid.passable, false)
		})
	})
	b.Run("MonsterPhase50/gruid-astar", func(b *testing.B) {
		pr := paths.NewPathRange(gruid.NewRange(0, 0, mpW, mpH))
		grid.eachPath(b, zombies, func(z geom.Point) { pr.AstarPath(grid, gp(z), gp(van)) })
	})
}

// eachPath times search from every zombie, its own cell open meanwhile:
// gruid needs both ends of a path passable, and a zombie blocks the
// others only.
func (m *mpGrid) eachPath(b *testing.B, zombies []geom.Point, search func(z geom.Point)) {
	b.ReportAllocs()
	for b.Loop() {
		for _, z := range zombies {
			m.blocked[z.Y*mpW+z.X] = false
			search(z)
			m.blocked[z.Y*mpW+z.X] = true
		}
	}
	perNPC(b, len(zombies))
}

// benchDistanceMap is T4. The game keeps no distance map: the nearest
// equivalent is a zombie's search when it cannot reach its target, which
// floods every cell it can reach in its search box. ours makes that box the
// whole fixture (zombie and target in opposite corners, the zombie walled
// in by two wrecks); gruid-bfmap and gruid-dijkstra build gruid's whole-map
// maps from the same target.
func benchDistanceMap(b *testing.B) {
	g := mpGame(b, mpData(b), mpWalledRoad())
	grid := newMPGrid(g)
	target := geom.Pt(mpW-1, mpH-1)
	self := geom.Pt(0, 0)
	grid.blocked[target.Y*mpW+target.X] = false
	b.Run("DijkstraMapFull/ours", func(b *testing.B) {
		var pf ai.Pathfinder
		walk := g.walkGrid()
		b.ReportAllocs()
		for b.Loop() {
			pf.Step(&walk, self, target)
		}
	})
	b.Run("DijkstraMapFull/gruid-bfmap", func(b *testing.B) {
		pr := paths.NewPathRange(gruid.NewRange(0, 0, mpW, mpH))
		b.ReportAllocs()
		for b.Loop() {
			pr.BreadthFirstMap(grid, []gruid.Point{gp(target)}, mpW*mpH)
		}
	})
	b.Run("DijkstraMapFull/gruid-dijkstra", func(b *testing.B) {
		pr := paths.NewPathRange(gruid.NewRange(0, 0, mpW, mpH))
		b.ReportAllocs()
		for b.Loop() {
			pr.DijkstraMap(grid, []gruid.Point{gp(target)}, mpW*mpH)
		}
	})
}

// mpWalledRoad is the fixture with wrecks on the two cells next to the
// top-left corner, so a zombie's search from there can never reach the
// corner and must flood all it can.
func mpWalledRoad() string {
	rows := mpRows()
	rows[0][1], rows[1][0] = '#', '#'
	return fxJoin(rows)
}

// sinkInt keeps a benchmark's result alive.
func sinkInt(b *testing.B, v int) {
	if v == -1 {
		b.Log(v)
	}
}

// TestMonsterPhaseWorkload checks T3's fixture does what its row says:
// every zombie sees the van and finds a first step or is boxed in by the
// crowd, and T4's search never reaches its walled-in zombie.
func TestMonsterPhaseWorkload(t *testing.T) {
	vision := mpRadius
	g := mpGame(t, mpData(t), mpRoad())
	van := vocab.Position.Value(g.world, g.env.Van)
	zombies := mpZombies(g)
	require.Len(t, zombies, mpNPCs)
	moving := 0
	for _, z := range zombies {
		require.True(t, ai.Sees(z, van, vision), "zombie at %v cannot see the van at %v", z, van)
		grid := g.walkGrid()
		if g.path.Step(&grid, z, van) != geom.None {
			moving++
		}
	}
	require.Greater(t, moving, mpNPCs*3/4, "most zombies find a way:\n%s", fxDump(g))
	walled := mpGame(t, mpData(t), mpWalledRoad())
	grid := walled.walkGrid()
	var pf ai.Pathfinder
	require.Equal(t, geom.None, pf.Step(&grid, geom.Pt(0, 0), geom.Pt(mpW-1, mpH-1)), "\n%s", fxDump(walled))
}
