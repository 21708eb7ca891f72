package levelgen

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

// streamSalt keeps level generation's random stream apart from any other
// stream a caller seeds with the same number.
const streamSalt = 0x4c61_7374_506f_7374 // "LastPost"

// rollRange is the size of each cell's spawn roll: weights are per 1000.
// It is not a power of two, as intN requires.
const rollRange = 1000

// Generate builds the level for a seed and a difficulty (a negative
// difficulty counts as 0) from the tables p. The same inputs give the same
// level, byte for byte, on every architecture.
//
// The steps, each drawing from one random stream in this order: the width;
// the noise lattice, whose band of values becomes acid (except in the start
// area); one weighted roll per remaining cell, row by row, for what stands
// on it; and last, if wrecks and barrels happen to wall off the goal, the
// removal of those on the cheapest way through.
//
// p must pass Validate, as everything LoadLevelGen returns does; Generate
// panics otherwise, since that is a programming error. A caller that
// makes many levels from the same tables keeps a Generator instead.
func Generate(seed uint64, difficulty int, p assets.LevelGen) *Level {
	g, err := NewGenerator(p)
	if err != nil {
		panic("levelgen: invalid tables: " + err.Error())
	}
	return g.Generate(seed, difficulty)
}

// Generator makes levels from one set of tables: they are checked, and
// what follows from them alone (the things they spawn, each difficulty's
// spawn tables) is worked out, once, not once a level; and the room the
// noise needs is kept from one level to the next. Its levels are the
// package's Generate's, byte for byte: what it keeps never reaches a
// level, which owns everything it holds. A Generator is not safe for use
// by several goroutines at once.
type Generator struct {
	p      assets.LevelGen
	things []assets.Thing
	// tables holds each difficulty's dirt and road tables, made the
	// first time a level of that difficulty is asked for.
	tables []*[2]table
	field  noiseField
	// spawns is the scatter's room; a level gets a copy of its length.
	spawns []Spawn
}

// NewGenerator checks the tables p (see assets.LevelGen.Validate) and
// returns a Generator for them.
func NewGenerator(p assets.LevelGen) (*Generator, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Generator{p: p, things: things(p)}, nil
}

// Generate builds the level for a seed and a difficulty, as the package's
// Generate does with the Generator's tables.
func (g *Generator) Generate(seed uint64, difficulty int) *Level {
	p := g.p
	difficulty = max(difficulty, 0)
	pcg := rand.NewPCG(seed, uint64(difficulty)+streamSalt)
	rng := rand.New(pcg)
	w := p.WidthMin + rng.IntN(p.WidthMax-p.WidthMin+1)
	l := &Level{W: w, H: p.Height, Start: p.Start(), Terrain: make([]Terrain, w*p.Height), Things: slices.Clone(g.things)}
	g.field.reset(pcg, l.W, l.H, p.Acid.Scale)
	layTerrain(l, &g.field, p)
	tabs := g.tablesAt(difficulty)
	l.Spawns = g.spawns[:0]
	scatter(l, pcg, p, &tabs[0], &tabs[1])
	g.spawns, l.Spawns = l.Spawns, slices.Clone(l.Spawns)
	if !Drivable(l) {
		clearRoute(l)
	}
	return l
}

// tablesAt returns the dirt and road tables at difficulty, made once.
func (g *Generator) tablesAt(difficulty int) *[2]table {
	if difficulty >= len(g.tables) {
		g.tables = append(g.tables, make([]*[2]table, difficulty+1-len(g.tables))...)
	}
	if g.tables[difficulty] == nil {
		g.tables[difficulty] = &[2]table{
			tableAt(g.things, g.p.Spawn.Dirt, difficulty),
			tableAt(g.things, g.p.Spawn.Road, difficulty),
		}
	}
	return g.tables[difficulty]
}

// inStartArea reports whether (x, y) is one of the road cells kept calm
// around the start.
func inStartArea(p assets.LevelGen, x, y int) bool {
	return x < p.ClearStart && y >= p.RoadTop && y <= p.RoadBottom
}

// layTerrain paints road rows, dirt elsewhere, then acid where the noise
// falls in the band, except in the start area.
func layTerrain(l *Level, field *noiseField, p assets.LevelGen) {
	band := newAcidBand(field, p.Acid.Low, p.Acid.High)
	for y := range l.H {
		floor, calm := Dirt, 0
		if y >= p.RoadTop && y <= p.RoadBottom {
			floor, calm = Road, min(p.ClearStart, l.W)
		}
		row := l.Terrain[y*l.W : (y+1)*l.W]
		field.paintRow(y, row, floor, band)
		for x := range row[:calm] {
			row[x] = floor
		}
	}
}

// things lists the things the tables spawn, with their legend entries.
// Validate has checked that the legend, once filled, has them all; a thing
// missing from an empty legend is drawn '?' and does not block.
func things(p assets.LevelGen) []assets.Thing {
	ids := p.Spawn.Things()
	out := make([]assets.Thing, len(ids))
	for i, id := range ids {
		t, ok := p.Thing(id)
		if !ok {
			t = assets.Thing{ID: id, Char: '?'}
		}
		out[i] = t
	}
	return out
}

// table is a spawn table evaluated at one difficulty: the weight of each
// entry, in roll order, and the index in the level's Things it places.
type table struct {
	weights []int
	things  []int
	total   int // the sum of the weights: a roll at or past it places nothing
}

// scatter rolls once for every cell that may hold something: not acid, not
// in the start area and not in the goal column, and appends what the rolls
// place to l's spawns. It draws each roll from the generator's source
// directly, as intN does: the draw rand.Rand.IntN makes.
func scatter(l *Level, src *rand.PCG, p assets.LevelGen, dirtTable, roadTable *table) {
	// Copies on the stack, as the loop below was tuned with: reading them
	// through the pointers cost the loop a spill a cell.
	dirt, road := *dirtTable, *roadTable
	for y := range l.H {
		// layTerrain gave the row one floor, road or dirt, where it is
		// not acid: the row's table is the floor's.
		calm, tab := 0, &dirt
		if y >= p.RoadTop && y <= p.RoadBottom {
			calm, tab = p.ClearStart, &road
		}
		total := tab.total
		// The cells west of the goal column, from the end of the calm.
		row := l.Terrain[y*l.W : y*l.W+l.GoalX()]
		first := min(calm, len(row))
		for i, t := range row[first:] {
			if t == Acid {
				continue
			}
			// intN(src, rollRange), written out: a call in this loop
			// would make it save and restore its registers every cell.
			roll, lo := bits.Mul64(src.Uint64(), rollRange)
			if lo < rollRange {
				roll = redrawN(src, rollRange, roll, lo)
			}
			// Most rolls fall past every weight and leave the cell empty.
			if int(roll) >= total {
				continue
			}
			if entry, ok := pick(tab.weights, int(roll)); ok {
				l.Spawns = append(l.Spawns, Spawn{Thing: tab.things[entry], At: geom.Pt(first+i, y)})
			}
		}
	}
}

// intN returns a number in [0, n), for n > 0 not a power of two, as
// rand.New(src).IntN(n) does on every architecture: the high word of a
// random word times n, drawn again while the low word falls among the few
// values that would bias it (Lemire's method, as math/rand/v2 does it).
// Calling the PCG directly spares a roll the two calls through rand.Rand
// and its Source interface: a road rolls a few thousand times.
func intN(src *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		hi = redrawN(src, n, hi, lo)
	}
	return hi
}

// redrawN finishes intN in the rare case the first draw may be biased.
func redrawN(src *rand.PCG, n, hi, lo uint64) uint64 {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(src.Uint64(), n)
	}
	return hi
}

// tableAt evaluates a table at one difficulty for a level of these things.
func tableAt(things []assets.Thing, t assets.SpawnTable, difficulty int) table {
	out := table{weights: make([]int, len(t)), things: make([]int, len(t))}
	for i, e := range t {
		out.weights[i] = e.Weight().At(difficulty)
		out.total += out.weights[i]
		out.things[i] = slices.IndexFunc(things, func(th assets.Thing) bool { return th.ID == e.Thing })
	}
	return out
}

// pick returns the index of the entry whose slice of 0..999 holds roll, or
// false when the roll falls past every weight.
func pick(weights []int, roll int) (int, bool) {
	for i, w := range weights {
		if roll < w {
			return i, true
		}
		roll -= w
	}
	return 0, false
}
