package game

import (
	"lastpost/rules/act"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Rows T1, T2, R1 and R2 of testdata/bench/SUITE.md, measured on the
// game's real rule book, builders and velocity process, each next to a
// minimal engine over dense slices (fxDense) doing the same work with plain
// function calls, in the same run.

// fxRifle is a test-only gun whose single bullet flies 61 cells, for T1.
const fxRifle = "bench_rifle"

// fxBenchData is the game's data plus fxRifle.
func fxBenchData(tb testing.TB) *assets.Data {
	d := *fxData(tb)
	d.Guns.List = append([]assets.Gun{{ID: fxRifle, Name: "Rifle", Range: 60, Bullets: 1, MsPerCell: 10}},
		d.Guns.List...)
	return &d
}

// fxLanes is how many independent copies of a workload one benchmark road
// holds, so the road is rebuilt (untimed) only every fxLanes resolutions.
const fxLanes = 8

// fxBlankRows returns h rows of w road cells.
func fxBlankRows(w, h int) [][]byte {
	rows := make([][]byte, h)
	for y := range rows {
		rows[y] = []byte(strings.Repeat(".", w))
	}
	return rows
}

func fxJoin(rows [][]byte) string {
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = string(r)
	}
	return fxMap(lines...)
}

// fxBulletLane is where lane i of T1's road starts: 14 rows apart, out of
// reach of each other's fragments.
func fxBulletLane(i int) geom.Point { return geom.Pt(2, 8+14*i) }

// fxBulletGap is how far east of its shooter a lane's barrel stands.
const fxBulletGap = 61

// fxBulletRoad is T1's road: in each lane a car (the shooter), a barrel 61
// cells east of it with zombies all round it but on the bullet's way in,
// and wrecks and letters off the bullet's row. The van waits in a corner.
func fxBulletRoad() string {
	rows := fxBlankRows(80, 8+14*fxLanes)
	rows[0][0] = '@'
	for i := range fxLanes {
		at := fxBulletLane(i)
		rows[at.Y][at.X] = 'c'
		bx := at.X + fxBulletGap
		rows[at.Y][bx] = '0'
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if (dx != 0 || dy != 0) && !(dx == -1 && dy == 0) {
					rows[at.Y+dy][bx+dx] = 'z'
				}
			}
		}
		for x := 5; x < 56; x += 6 {
			rows[at.Y-3][x], rows[at.Y+3][x+3] = '#', '='
		}
	}
	return fxJoin(rows)
}

// fxCascadeBlock is where block i of T2's road has its first barrel.
func fxCascadeBlock(i int) geom.Point { return geom.Pt(8, 8+24*i) }

// fxCascadeRoad is T2's road: in each block, 20 barrels on a 5 x 4 grid, 4
// columns and 3 rows apart, so each one's fragments reach its neighbours;
// blocks are too far apart to set each other off.
func fxCascadeRoad() string {
	rows := fxBlankRows(40, 8+24*fxLanes)
	rows[0][0] = '@'
	for b := range fxLanes {
		at := fxCascadeBlock(b)
		for i := range 5 {
			for j := range 4 {
				rows[at.Y+3*j][at.X+4*i] = '0'
			}
		}
	}
	return fxJoin(rows)
}

// fxTurnCase prepares a fresh game and the fxLanes independent action
// types that each start a resolution to measure. Given a finished game,
// it lays the road out in that game's memory, as a run follows another
// (NewFrom): a benchmark that makes game after game then leaves no road's
// worth of garbage for the collector to chase while it times the next.
type fxTurnCase func(tb testing.TB, old *Game) (*Game, []act.Act)

func fxBulletTurn(data *assets.Data) fxTurnCase {
	road := fxBulletRoad()
	return func(tb testing.TB, old *Game) (*Game, []act.Act) {
		g := fxGameFrom(tb, old, data, 1, road)
		acts := make([]act.Act, fxLanes)
		for i := range acts {
			acts[i] = act.Fire(fxAt(tb, g, fxKind(g, "car"), fxBulletLane(i)), geom.East, fxRifle, 1, 0)
		}
		return g, acts
	}
}

func fxCascadeTurn(data *assets.Data) fxTurnCase {
	road := fxCascadeRoad()
	return func(tb testing.TB, old *Game) (*Game, []act.Act) {
		g := fxGameFrom(tb, old, data, 1, road)
		acts := make([]act.Act, fxLanes)
		for i := range acts {
			acts[i] = act.Explode(fxAt(tb, g, vocab.KindBarrel, fxCascadeBlock(i)), 0)
		}
		return g, acts
	}
}

// fxTurnWork resolves every lane's turn of the case with the trace on and
// returns how many actions the first took and how many of them were
// committed.
func fxTurnWork(tb testing.TB, mk fxTurnCase) (actions, commits int, g *Game) {
	g, acts := mk(tb, nil)
	for i, act := range acts {
		tr := fxResolve(tb, g, act)
		if i > 0 {
			// Entity ids, and so the order of simultaneous moves, differ
			// between lanes, which may change a few duplicate actions.
			require.InDelta(tb, actions, len(tr.Records), float64(actions)/50,
				"lane %d does the same work as lane 0", i)
			continue
		}
		actions = len(tr.Records)
		for _, r := range tr.Records {
			if r.Committed {
				commits++
			}
		}
	}
	g.SetTracing(false)
	return actions, commits, g
}

// TestBenchTurnWorkloads checks the benchmark workloads do what their rows
// say: each bullet flies its 61 cells and blows its barrel up, killing the
// zombies round it; each cascade sets off all 20 barrels; the dense engine
// does the same.
func TestBenchTurnWorkloads(t *testing.T) {
	skipUnderRace(t)
	data := fxBenchData(t)
	actions, commits, g := fxTurnWork(t, fxBulletTurn(data))
	require.Zero(t, fxCount(g, vocab.KindBarrel), "\n%s", fxDump(g))
	require.Zero(t, fxCount(g, fxKind(g, "zombie")), "\n%s", fxDump(g))
	require.Equal(t, fxLanes, fxCount(g, fxKind(g, "car")), "no lane hurts another")
	t.Logf("T1: %d actions, %d commits", actions, commits)

	d := fxDenseBullet()
	d.run()
	require.Equal(t, fxLanes-1, d.count(fxDBarrel), "the dense engine blows up lane 0's barrel")
	require.Equal(t, 7*(fxLanes-1), d.count(fxDZombie), "and kills its zombies")

	actions, commits, g = fxTurnWork(t, fxCascadeTurn(data))
	require.Zero(t, fxCount(g, vocab.KindBarrel), "\n%s", fxDump(g))
	t.Logf("T2: %d actions, %d commits", actions, commits)
	again, acts := fxCascadeTurn(data)(t, g)
	assert.Len(t, fxResolve(t, again, acts[0]).Records, actions,
		"a cascade laid out in a finished game's memory does the same work")

	d = fxDenseCascade()
	d.run()
	require.Equal(t, 20*(fxLanes-1), d.count(fxDBarrel), "the dense engine sets off block 0")
}

// TestCascadeActionMix pins what T2's cascade is made of, the figures its
// profile is read against: every barrel of the block goes off once and is
// never asked again (the fragments that strike a barrel at the same instant
// as the first are spent on it without a second explosion), every shard of
// fragments (act.Blast) ends once, spent on a hit or in the last step its
// range allows, with no end of its own after a last step, no shard steps
// more than its range, and there are no more shards than fragments.
func TestCascadeActionMix(t *testing.T) {
	data := fxBenchData(t)
	g, acts := fxCascadeTurn(data)(t, nil)
	tr := fxResolve(t, g, acts[0])
	const barrels = 20
	ex := data.Combat.Explosion
	fragments := barrels * len(ex.Directions)
	kinds := map[string][2]int{} // action name: committed, refused
	ends := map[string]int{}     // shard: ends committed
	var stepped []string
	for _, r := range tr.Records {
		name, rest, _ := strings.Cut(r.Action, "(")
		n := kinds[name]
		if r.Committed {
			n[0]++
		} else {
			n[1]++
		}
		kinds[name] = n
		e, _, _ := strings.Cut(strings.TrimSuffix(rest, ")"), " ")
		switch {
		case (name == "Destroy" || name == "LastStep") && r.Committed:
			ends[e]++
		case name == "Move":
			stepped = append(stepped, e)
		}
	}
	assert.Equal(t, barrels, kinds["Explode"][0], "each barrel goes off once")
	assert.Zero(t, kinds["Explode"][1], "no barrel is asked to go off twice")
	spent, lastSteps := kinds["Destroy"], kinds["LastStep"]
	shards := len(ends)
	assert.Equal(t, shards, spent[0]+lastSteps[0], "each shard ends once: spent on a hit or in its last step")
	for _, e := range stepped {
		assert.Equal(t, 1, ends[e], "shard %s stepped, and ends once", e)
	}
	assert.Zero(t, spent[1], "no shard ends twice")
	assert.Equal(t, spent[0], lastSteps[1]+kinds["Move"][1], "a shard is spent apart only where a step of it was refused")
	assert.LessOrEqual(t, kinds["Move"][0]+lastSteps[0], shards*ex.Range, "no shard steps beyond its range")
	assert.LessOrEqual(t, shards, fragments, "no more shards than fragments")
	assert.GreaterOrEqual(t, shards, barrels*act.NewBlast(&ex).Starts(), "every blast spawns its shards")
	t.Logf("T2, one block: %d actions, %d shards of %d fragments; committed and refused by kind: %v",
		len(tr.Records), shards, fragments, kinds)
}

// fxBenchTurn times whole resolutions, one lane after another; setting a
// road up is not timed.
func fxBenchTurn(b *testing.B, mk fxTurnCase) {
	actions, _, _ := fxTurnWork(b, mk)
	g, acts := mk(b, nil)
	next := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if next == len(acts) {
			b.StopTimer()
			g, acts = mk(b, g)
			next = 0
			b.StartTimer()
		}
		g.engine.Enqueue(acts[next])
		next++
		if err := g.engine.Resolve(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(actions), "actions/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(actions), "ns/action")
}

// fxBenchDense times the dense engine on one lane of the same workload.
func fxBenchDense(b *testing.B, mk func() *fxDense) {
	d := mk()
	d.run()
	actions := d.actions
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		d := mk()
		b.StartTimer()
		d.run()
	}
	b.StopTimer()
	b.ReportMetric(float64(actions), "actions/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(actions), "ns/action")
}

// BenchmarkTurn holds T1 (a bullet turn ending in an explosion) and T2 (a
// 20-barrel cascade), each with the dense baseline, then T3 and T4
// (bench_monster_test.go).
func BenchmarkTurn(b *testing.B) {
	data := fxBenchData(b)
	b.Run("BulletChain/ours", func(b *testing.B) { fxBenchTurn(b, fxBulletTurn(data)) })
	b.Run("BulletChain/dense", func(b *testing.B) { fxBenchDense(b, fxDenseBullet) })
	b.Run("ExplosionCascade/ours", func(b *testing.B) { fxBenchTurn(b, fxCascadeTurn(data)) })
	b.Run("ExplosionCascade/dense", func(b *testing.B) { fxBenchDense(b, fxDenseCascade) })
	benchMonsterPhase(b)
	benchDistanceMap(b)
}

// BenchmarkRules holds R1 (the van's lane change through the full book and
// its commit, back and forth) and R2 (a lane change into a wreck,
// refused), each with the dense baseline.
func BenchmarkRules(b *testing.B) {
	road := fxMap(
		"..........#..=....",
		"..........@.......",
		".....z........c...",
		"..........0.......",
	)
	data := fxData(b)
	lane := func(b *testing.B, dirs [2]geom.Dir) {
		g := fxGameWith(b, data, 1, road)
		start := fxVanAt(g)
		i := 0
		step := func() {
			g.engine.Enqueue(act.Lane(g.env.Van, dirs[i%2]))
			i++
			if err := g.engine.Resolve(); err != nil {
				b.Fatal(err)
			}
		}
		for range 100 {
			step()
		}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			step()
		}
		b.StopTimer()
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(g.Rules())), "ns/rule")
		moved := fxVanAt(g) != start
		if dirs[0] == geom.North && moved {
			b.Fatal("the van moved through a wreck")
		}
		if dirs[0] == geom.South && moved != (i%2 == 1) {
			b.Fatal("the lane changes were not committed")
		}
	}
	dense := func(b *testing.B, dirs [2]geom.Dir) {
		d := fxDenseRoad(road)
		van := d.find(fxDVan)
		start := d.pos[van]
		i := 0
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			d.lane(van, dirs[i%2].Vec())
			i++
		}
		b.StopTimer()
		moved := d.pos[van] != start
		if dirs[0] == geom.North && moved || dirs[0] == geom.South && moved != (i%2 == 1) {
			b.Fatal("the dense engine disagrees")
		}
	}
	back := [2]geom.Dir{geom.South, geom.North}
	wreck := [2]geom.Dir{geom.North, geom.North}
	b.Run("MoveAccepted/ours", func(b *testing.B) { lane(b, back) })
	b.Run("MoveAccepted/dense", func(b *testing.B) { dense(b, back) })
	b.Run("MoveRejected/ours", func(b *testing.B) { lane(b, wreck) })
	b.Run("MoveRejected/dense", func(b *testing.B) { dense(b, wreck) })
}

// The dense baseline: entities as indices into parallel slices, cells as a
// slice of occupants, the rules as plain code in one function per action,
// and the same timing as the game (bullets and fragments step when due,
// fragments start at once, a diagonal step takes 1.414 times as long).

// fxDKind is what a dense entity is.
type fxDKind uint8

const (
	fxDNone fxDKind = iota
	fxDVan
	fxDZombie
	fxDCar
	fxDWreck
	fxDBarrel
	fxDLetter
	fxDBullet
	fxDFragment
	fxDStain
)

type fxDense struct {
	w, h    int
	kind    []fxDKind
	pos     []geom.Point
	hp      []int
	line    []geom.Line
	ms      []int
	moves   []int
	next    []int
	cell    [][]int32 // entities per cell
	dirs    [][2]int
	acid    []bool
	movers  []int32 // entities that have had a velocity, in start order
	pending []int32
	now     int
	actions int
}

func fxDenseRoad(drawn string) *fxDense {
	lines := strings.Split(drawn, "\n")
	d := &fxDense{w: len(lines[0]), h: len(lines)}
	d.cell = make([][]int32, d.w*d.h)
	d.acid = make([]bool, d.w*d.h)
	kinds := map[byte]fxDKind{'@': fxDVan, 'z': fxDZombie, 'c': fxDCar, '#': fxDWreck, '0': fxDBarrel, '=': fxDLetter}
	hps := map[fxDKind]int{fxDVan: 8, fxDZombie: 2, fxDCar: 5}
	for y, l := range lines {
		for x := range len(l) {
			if k, ok := kinds[l[x]]; ok {
				d.spawn(k, geom.Pt(x, y), hps[k])
			}
		}
	}
	d.dirs = fxDenseDirs[:]
	return d
}

// fxDenseDirs are the explosion's 32 aim vectors, as in combat.toml.
var fxDenseDirs = [32][2]int{
	{10, 0}, {9, 1}, {9, 3}, {8, 5}, {7, 7}, {5, 8}, {3, 9}, {1, 9},
	{0, 10}, {-1, 9}, {-3, 9}, {-5, 8}, {-7, 7}, {-8, 5}, {-9, 3}, {-9, 1},
	{-10, 0}, {-9, -1}, {-9, -3}, {-8, -5}, {-7, -7}, {-5, -8}, {-3, -9}, {-1, -9},
	{0, -10}, {1, -9}, {3, -9}, {5, -8}, {7, -7}, {8, -5}, {9, -3}, {9, -1},
}

// fxDenseBullet is T1 on the dense engine: lane 0's car fires.
func fxDenseBullet() *fxDense {
	d := fxDenseRoad(fxBulletRoad())
	b := d.spawn(fxDBullet, fxBulletLane(0), 0)
	d.fly(b, geom.Pt(1, 0), 10, fxBulletGap)
	return d
}

// fxDenseCascade is T2 on the dense engine: block 0's first barrel goes.
func fxDenseCascade() *fxDense {
	d := fxDenseRoad(fxCascadeRoad())
	d.explode(d.cell[d.at(fxCascadeBlock(0))][0])
	return d
}

func (d *fxDense) at(p geom.Point) int { return p.Y*d.w + p.X }

func (d *fxDense) spawn(k fxDKind, p geom.Point, hp int) int32 {
	e := int32(len(d.kind))
	d.kind = append(d.kind, k)
	d.pos = append(d.pos, p)
	d.hp = append(d.hp, hp)
	d.line = append(d.line, geom.Line{})
	d.ms = append(d.ms, 0)
	d.moves = append(d.moves, 0)
	d.next = append(d.next, -1)
	c := d.at(p)
	d.cell[c] = append(d.cell[c], e)
	return e
}

func (d *fxDense) fly(e int32, aim geom.Point, ms, moves int) {
	d.line[e], d.ms[e], d.moves[e], d.next[e] = geom.NewLine(aim), ms, moves, d.now
	d.movers = append(d.movers, e)
}

func (d *fxDense) remove(e int32) {
	c := d.at(d.pos[e])
	for i, o := range d.cell[c] {
		if o == e {
			d.cell[c] = append(d.cell[c][:i], d.cell[c][i+1:]...)
			break
		}
	}
	d.kind[e], d.next[e] = fxDNone, -1
}

func (d *fxDense) find(k fxDKind) int32 {
	for i, x := range d.kind {
		if x == k {
			return int32(i)
		}
	}
	return -1
}

func (d *fxDense) count(k fxDKind) int {
	n := 0
	for _, x := range d.kind {
		if x == k {
			n++
		}
	}
	return n
}

// run moves everything due, instant by instant, until nothing moves.
func (d *fxDense) run() {
	for {
		best, live := -1, d.movers[:0]
		for _, e := range d.movers {
			if t := d.next[e]; t >= 0 {
				live = append(live, e)
				if best < 0 || t < best {
					best = t
				}
			}
		}
		d.movers = live
		if best < 0 {
			return
		}
		d.now = best
		for _, e := range d.movers {
			if t := d.next[e]; t >= 0 && t <= d.now {
				d.step(e)
			}
		}
	}
}

// step is one move of a projectile with the game's rules for it: bounds,
// what it hits, wrecks for bullets, letters for fragments, motion's end.
func (d *fxDense) step(e int32) {
	d.actions++
	to := d.pos[e].Add(d.line[e].Step())
	if !to.In(d.w, d.h) {
		d.remove(e)
		return
	}
	for _, o := range d.cell[d.at(to)] {
		switch d.kind[o] {
		case fxDBarrel:
			d.remove(e)
			d.explode(o)
			return
		case fxDVan, fxDZombie, fxDCar:
			d.remove(e)
			d.hurt(o)
			return
		case fxDWreck:
			if d.kind[e] == fxDBullet {
				d.remove(e)
				return
			}
		}
	}
	if d.kind[e] == fxDFragment {
		for _, o := range d.cell[d.at(to)] {
			if d.kind[o] == fxDLetter {
				d.remove(o)
			}
		}
	}
	c := d.at(d.pos[e])
	for i, o := range d.cell[c] {
		if o == e {
			d.cell[c] = append(d.cell[c][:i], d.cell[c][i+1:]...)
			break
		}
	}
	step := to.Sub(d.pos[e])
	d.pos[e] = to
	d.cell[d.at(to)] = append(d.cell[d.at(to)], e)
	ms := d.ms[e]
	if step.X != 0 && step.Y != 0 {
		ms = ms * 1414 / 1000
	}
	d.moves[e]--
	d.next[e] = d.now + ms
	if d.moves[e] == 0 {
		d.remove(e)
	}
}

func (d *fxDense) hurt(e int32) {
	d.actions++
	d.hp[e]--
	if d.hp[e] > 0 {
		return
	}
	p, k := d.pos[e], d.kind[e]
	d.remove(e)
	if k == fxDZombie {
		d.spawn(fxDStain, p, 0)
	}
}

func (d *fxDense) explode(e int32) {
	d.actions++
	p := d.pos[e]
	d.remove(e)
	for _, v := range d.dirs {
		f := d.spawn(fxDFragment, p, 0)
		d.fly(f, geom.Pt(v[0], v[1]), 50, 6)
	}
}

// lane is R1/R2's move: one cell sideways through bounds, letters, acid,
// run-over, collision, van collision and goal, as plain code. It reports
// whether the move was made, and what it set off (letters taken, acid
// entered, the goal reached) goes into pending as the game's follow-ons do.
func (d *fxDense) lane(e int32, dir geom.Point) bool {
	d.actions++
	to := d.pos[e].Add(dir)
	if !to.In(d.w, d.h) {
		return false
	}
	c := d.at(to)
	d.pending = d.pending[:0]
	for _, o := range d.cell[c] {
		switch d.kind[o] {
		case fxDWreck, fxDBarrel, fxDCar:
			return false
		case fxDLetter:
			d.pending = append(d.pending, o)
		case fxDZombie:
			d.pending = append(d.pending, o)
		}
	}
	if d.acid[c] || to.X >= d.w-1 {
		d.pending = append(d.pending, e)
	}
	from := d.at(d.pos[e])
	for i, o := range d.cell[from] {
		if o == e {
			d.cell[from] = append(d.cell[from][:i], d.cell[from][i+1:]...)
			break
		}
	}
	d.pos[e] = to
	d.cell[c] = append(d.cell[c], e)
	return true
}
