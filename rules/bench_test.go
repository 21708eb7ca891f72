package rules_test

import (
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
)

// Rows R1 (a move through the full book and its commit) and R2 (a move
// into a wall) of testdata/bench/SUITE.md, next to a minimal engine
// over dense slices written for the benchmark.

// The benchmark world has the components a real move book looks at.
const (
	bPos ecs.ID = iota
	bHP
	bSpeed
	bSolid
	bAcid
	bDoor
	bBarrel
	bLetter
	bEnemy
	bPlayer
	bMark
	bTotal
)

var (
	bpos    = ecs.DataOf[geom.Point](bPos)
	bhp     = ecs.DataOf[int](bHP)
	bspeed  = ecs.DataOf[int](bSpeed)
	bsolid  = ecs.FlagOf(bSolid)
	bacid   = ecs.FlagOf(bAcid)
	bdoor   = ecs.FlagOf(bDoor)
	bbarrel = ecs.FlagOf(bBarrel)
	bletter = ecs.FlagOf(bLetter)
	benemy  = ecs.FlagOf(bEnemy)
	bplayer = ecs.FlagOf(bPlayer)
	bmark   = ecs.DataOf[int](bMark)
)

const benchW, benchH = 80, 24

// bmove is the action type of the benchmark: move E by one cell.
type bmove struct {
	E   ecs.Entity
	Dir geom.Point
	Do  uint8 // 0 move, 1 open, 2 hurt, 3 pick up, 4 leave
}

func benchWorld() (*ecs.World, ecs.Entity) {
	w := ecs.NewWorld(ecs.MustSchema(
		ecs.DataSpec(bpos, "position", func(h uint64, p geom.Point) uint64 { return ecs.MixInt(ecs.MixInt(h, p.X), p.Y) }),
		ecs.DataSpec(bhp, "hp", ecs.HashInt[int]),
		ecs.DataSpec(bspeed, "speed", ecs.HashInt[int]),
		ecs.FlagSpec(bsolid, "solid"),
		ecs.FlagSpec(bacid, "acid"),
		ecs.FlagSpec(bdoor, "door"),
		ecs.FlagSpec(bbarrel, "barrel"),
		ecs.FlagSpec(bletter, "letter"),
		ecs.FlagSpec(benemy, "enemy"),
		ecs.FlagSpec(bplayer, "player"),
		ecs.DataSpec(bmark, "mark", ecs.HashInt[int]),
	))
	w.SetSpatial(ecs.SpatialSpec{W: benchW, H: benchH, Pos: bpos,
		Counts: []ecs.ID{bSolid, bAcid}, Sets: []ecs.ID{bDoor, bBarrel, bLetter}})
	a := w.NewAction()
	// A wall along the top row, some scenery elsewhere, the van at (10,5).
	for x := range benchW {
		e := a.Spawn()
		bpos.Set(a, e, geom.Pt(x, 0))
		bsolid.Add(a, e)
		if x%7 == 3 {
			e := a.Spawn()
			bpos.Set(a, e, geom.Pt(x, 12))
			bacid.Add(a, e)
		}
	}
	van := a.Spawn()
	bpos.Set(a, van, geom.Pt(10, 1))
	bhp.Set(a, van, 8)
	bspeed.Set(a, van, 2)
	bsolid.Add(a, van)
	bplayer.Add(a, van)
	w.Commit(a)
	return w, van
}

// moveDest returns the entity the action moves and where.
func moveDest(a *ecs.Action) (ecs.Entity, geom.Point, bool) {
	ents, vals := bpos.Pending(a)
	if len(ents) == 0 {
		return 0, geom.Point{}, false
	}
	return ents[0], vals[0], true
}

// benchBook is a representative move book of twelve rules.
func benchBook() []rules.Rule[bmove] {
	onPos := []ecs.ID{bPos}
	rule := func(name string, concerns []ecs.ID, check func(c *rules.Check[bmove], e ecs.Entity, to geom.Point) rules.Verdict) rules.Rule[bmove] {
		return rules.Rule[bmove]{Name: name, Concerns: concerns, Check: func(c *rules.Check[bmove]) rules.Verdict {
			e, to, ok := moveDest(c.Action)
			if !ok {
				return rules.Accept
			}
			return check(c, e, to)
		}}
	}
	return []rules.Rule[bmove]{
		rule("bounds", onPos, func(c *rules.Check[bmove], _ ecs.Entity, to geom.Point) rules.Verdict {
			if !c.Spatial.In(to) {
				return rules.Reject | rules.Stop
			}
			return rules.Accept
		}),
		rule("collision", onPos, func(c *rules.Check[bmove], _ ecs.Entity, to geom.Point) rules.Verdict {
			if c.Spatial.Any(to, bSolid) {
				return rules.Reject | rules.Stop
			}
			return rules.Accept
		}),
		rule("bump opens door", onPos, func(c *rules.Check[bmove], _ ecs.Entity, to geom.Point) rules.Verdict {
			if d, ok := c.Spatial.First(to, bDoor); ok {
				c.Enqueue(bmove{E: d, Do: 1})
				return rules.Reject
			}
			return rules.Accept
		}),
		rule("push barrel", onPos, func(c *rules.Check[bmove], _ ecs.Entity, to geom.Point) rules.Verdict {
			if b, ok := c.Spatial.First(to, bBarrel); ok {
				c.Enqueue(bmove{E: b, Dir: c.Type.Dir})
			}
			return rules.Accept
		}),
		rule("acid", onPos, func(c *rules.Check[bmove], e ecs.Entity, to geom.Point) rules.Verdict {
			if c.Spatial.Any(to, bAcid) {
				c.EnqueueAfter(bmove{E: e, Do: 2}, 5)
			}
			return rules.Accept
		}),
		rule("pick up letter", onPos, func(c *rules.Check[bmove], e ecs.Entity, to geom.Point) rules.Verdict {
			if l, ok := c.Spatial.First(to, bLetter); ok && bplayer.Has(c.World, e) {
				c.Enqueue(bmove{E: l, Do: 3})
			}
			return rules.Accept
		}),
		rule("goal", onPos, func(c *rules.Check[bmove], e ecs.Entity, to geom.Point) rules.Verdict {
			if to.X == benchW-1 && bplayer.Has(c.After, e) {
				c.Enqueue(bmove{E: e, Do: 4})
			}
			return rules.Accept
		}),
		rule("speed", []ecs.ID{bPos, bSpeed}, func(c *rules.Check[bmove], e ecs.Entity, _ geom.Point) rules.Verdict {
			if s, ok := bspeed.Get(c.After, e); ok && s < 0 {
				return rules.Reject
			}
			return rules.Accept
		}),
		rule("run over", onPos, func(c *rules.Check[bmove], e ecs.Entity, to geom.Point) rules.Verdict {
			for _, o := range c.Spatial.At(to) {
				if benemy.Has(c.World, o) && o != e {
					c.Enqueue(bmove{E: o, Do: 2})
				}
			}
			return rules.Accept
		}),
		rule("alive", []ecs.ID{bPos, bHP}, func(c *rules.Check[bmove], e ecs.Entity, _ geom.Point) rules.Verdict {
			if v, ok := bhp.Get(c.After, e); ok && v <= 0 {
				return rules.Reject
			}
			return rules.Accept
		}),
		{Name: "mark cap", Concerns: []ecs.ID{bMark}, Check: func(c *rules.Check[bmove]) rules.Verdict {
			if ents, vals := bmark.Pending(c.Action); len(ents) > 0 && vals[0] > 99 {
				return rules.Reject
			}
			return rules.Accept
		}},
		{Name: "watcher", Check: func(*rules.Check[bmove]) rules.Verdict { return rules.Accept }},
	}
}

func benchEngine(w *ecs.World) *rules.Engine[bmove] {
	return rules.New(w, benchBook(), rules.Options[bmove]{Build: func(t *bmove, a *ecs.Action) {
		if t.Do == 0 {
			if p, ok := bpos.Get(w, t.E); ok {
				bpos.Set(a, t.E, p.Add(t.Dir))
			}
		}
	}})
}

// denseWorld is the minimal engine's state: dense slices and grids, no
// actions, no views.
type denseWorld struct {
	x, y          []int
	hp, speed     []int
	player, enemy []bool
	solid, acid   []int16 // per cell
	door, barrel  []int32 // per cell: entity+1
	letter        []int32
	occupant      [][]int32
}

type denseRule func(d *denseWorld, e int, to geom.Point) (reject, stop bool)

func (d *denseWorld) cell(p geom.Point) int { return p.Y*benchW + p.X }

func newDense() (*denseWorld, int) {
	n := benchW * benchH
	d := &denseWorld{solid: make([]int16, n), acid: make([]int16, n), door: make([]int32, n),
		barrel: make([]int32, n), letter: make([]int32, n), occupant: make([][]int32, n)}
	add := func(p geom.Point) int {
		d.x, d.y = append(d.x, p.X), append(d.y, p.Y)
		d.hp, d.speed = append(d.hp, 0), append(d.speed, 0)
		d.player, d.enemy = append(d.player, false), append(d.enemy, false)
		e := len(d.x) - 1
		d.occupant[d.cell(p)] = append(d.occupant[d.cell(p)], int32(e))
		return e
	}
	for x := range benchW {
		add(geom.Pt(x, 0))
		d.solid[d.cell(geom.Pt(x, 0))]++
		if x%7 == 3 {
			add(geom.Pt(x, 12))
			d.acid[d.cell(geom.Pt(x, 12))]++
		}
	}
	van := add(geom.Pt(10, 1))
	d.hp[van], d.speed[van], d.player[van] = 8, 2, true
	d.solid[d.cell(geom.Pt(10, 1))]++
	return d, van
}

func denseBook() []denseRule {
	return []denseRule{
		func(d *denseWorld, _ int, to geom.Point) (bool, bool) { return !to.In(benchW, benchH), true },
		func(d *denseWorld, _ int, to geom.Point) (bool, bool) { return d.solid[d.cell(to)] > 0, true },
		func(d *denseWorld, _ int, to geom.Point) (bool, bool) { return d.door[d.cell(to)] != 0, false },
		func(d *denseWorld, _ int, to geom.Point) (bool, bool) {
			_ = d.barrel[d.cell(to)] != 0
			return false, false
		},
		func(d *denseWorld, _ int, to geom.Point) (bool, bool) {
			_ = d.acid[d.cell(to)] > 0
			return false, false
		},
		func(d *denseWorld, e int, to geom.Point) (bool, bool) {
			_ = d.letter[d.cell(to)] != 0 && d.player[e]
			return false, false
		},
		func(d *denseWorld, e int, to geom.Point) (bool, bool) {
			_ = to.X == benchW-1 && d.player[e]
			return false, false
		},
		func(d *denseWorld, e int, _ geom.Point) (bool, bool) { return d.speed[e] < 0, false },
		func(d *denseWorld, e int, to geom.Point) (bool, bool) {
			for _, o := range d.occupant[d.cell(to)] {
				_ = d.enemy[o]
			}
			return false, false
		},
		func(d *denseWorld, e int, _ geom.Point) (bool, bool) { return d.hp[e] <= 0, false },
		func(*denseWorld, int, geom.Point) (bool, bool) { return false, false },
		func(*denseWorld, int, geom.Point) (bool, bool) { return false, false },
	}
}

// move is the minimal engine: check every rule, then write the position
// and the cell occupancy.
func (d *denseWorld) move(book []denseRule, e int, dir geom.Point) bool {
	from := geom.Pt(d.x[e], d.y[e])
	to := from.Add(dir)
	rejected := false
	for _, r := range book {
		rej, stop := r(d, e, to)
		rejected = rejected || rej
		if rej && stop {
			break
		}
	}
	if rejected {
		return false
	}
	d.x[e], d.y[e] = to.X, to.Y
	c, f := d.cell(to), d.cell(from)
	d.solid[f]--
	d.solid[c]++
	occ := d.occupant[f]
	for i, o := range occ {
		if int(o) == e {
			d.occupant[f] = append(occ[:i], occ[i+1:]...)
			break
		}
	}
	d.occupant[c] = append(d.occupant[c], int32(e))
	return true
}

// BenchmarkRules holds R1 (an accepted move, back and forth along a row)
// and R2 (a move into the wall, rejected).
func BenchmarkRules(b *testing.B) {
	west, north := geom.Pt(-1, 0), geom.Pt(0, -1)
	perRule := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/12, "ns/rule")
	}
	b.Run("MoveAccepted/ours", func(b *testing.B) {
		w, van := benchWorld()
		e := benchEngine(w)
		i := 0
		step := func() {
			dir := east
			if i%2 == 1 {
				dir = west
			}
			i++
			e.Enqueue(bmove{E: van, Dir: dir})
			if err := e.Resolve(); err != nil {
				b.Fatal(err)
			}
		}
		for range 100 {
			step()
		}
		before := bpos.Value(w, van)
		for b.Loop() {
			step()
		}
		perRule(b)
		if i%2 == 1 && bpos.Value(w, van) == before || i%2 == 0 && bpos.Value(w, van) != before {
			b.Fatal("the moves were not committed")
		}
	})
	b.Run("MoveAccepted/dense", func(b *testing.B) {
		d, van := newDense()
		book := denseBook()
		i := 0
		for b.Loop() {
			dir := east
			if i%2 == 1 {
				dir = west
			}
			i++
			if !d.move(book, van, dir) {
				b.Fatal("rejected")
			}
		}
		perRule(b)
	})
	b.Run("MoveRejected/ours", func(b *testing.B) {
		w, van := benchWorld()
		e := benchEngine(w)
		hash := w.Hash()
		for b.Loop() {
			e.Enqueue(bmove{E: van, Dir: north})
			if err := e.Resolve(); err != nil {
				b.Fatal(err)
			}
		}
		perRule(b)
		if w.Hash() != hash {
			b.Fatal("a rejected move changed the state")
		}
	})
	b.Run("MoveRejected/dense", func(b *testing.B) {
		d, van := newDense()
		book := denseBook()
		for b.Loop() {
			if d.move(book, van, north) {
				b.Fatal("accepted")
			}
		}
		perRule(b)
	})
}
