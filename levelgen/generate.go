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
// panics otherwise, since that is a programming error.
func Generate(seed uint64, difficulty int, p assets.LevelGen) *Level {
	if err := p.Validate(); err != nil {
		panic("levelgen: invalid tables: " + err.Error())
	}
	difficulty = max(difficulty, 0)
	pcg := rand.NewPCG(seed, uint64(difficulty)+streamSalt)
	rng := rand.New(pcg)
	w := p.WidthMin + rng.IntN(p.WidthMax-p.WidthMin+1)
	l := &Level{W: w, H: p.Height, Start: p.Start(), Terrain: make([]Terrain, w*p.Height), Things: things(p)}
	layTerrain(l, rng, p)
	scatter(l, pcg, p, difficulty)
	if !Drivable(l) {
		clearRoute(l)
	}
	return l
}

// inStartArea reports whether (x, y) is one of the road cells kept calm
// around the start.
func inStartArea(p assets.LevelGen, x, y int) bool {
	return x < p.ClearStart && y >= p.RoadTop && y <= p.RoadBottom
}

// layTerrain paints road rows, dirt elsewhere, then acid where the noise
// falls in the band, except in the start area.
func layTerrain(l *Level, rng *rand.Rand, p assets.LevelGen) {
	field := newNoiseField(rng, l.W, l.H, p.Acid.Scale)
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
// in the start area and not in the goal column. It draws each roll from the
// generator's source directly, as intN does: the draw rand.Rand.IntN makes.
func scatter(l *Level, src *rand.PCG, p assets.LevelGen, difficulty int) {
	dirt := tableAt(l, p.Spawn.Dirt, difficulty)
	road := tableAt(l, p.Spawn.Road, difficulty)
	// Room for the spawns the likelier table would place on average over
	// every cell, so the list is allocated once rather than grown.
	l.Spawns = make([]Spawn, 0, len(l.Terrain)*max(dirt.total, road.total)/rollRange+1)
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

// tableAt evaluates a table at one difficulty for level l.
func tableAt(l *Level, t assets.SpawnTable, difficulty int) table {
	out := table{weights: make([]int, len(t)), things: make([]int, len(t))}
	for i, e := range t {
		out.weights[i] = e.Weight().At(difficulty)
		out.total += out.weights[i]
		out.things[i] = slices.IndexFunc(l.Things, func(th assets.Thing) bool { return th.ID == e.Thing })
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
