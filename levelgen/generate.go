package levelgen

import (
	"math/rand/v2"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

// streamSalt keeps level generation's random stream apart from any other
// stream a caller seeds with the same number.
const streamSalt = 0x4c61_7374_506f_7374 // "LastPost"

// rollRange is the size of each cell's spawn roll: weights are per 1000.
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
	rng := rand.New(rand.NewPCG(seed, uint64(difficulty)+streamSalt))
	w := p.WidthMin + rng.IntN(p.WidthMax-p.WidthMin+1)
	l := &Level{W: w, H: p.Height, Start: p.Start(), Terrain: make([]Terrain, w*p.Height)}
	layTerrain(l, rng, p)
	scatter(l, rng, p, difficulty)
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
// falls in the band.
func layTerrain(l *Level, rng *rand.Rand, p assets.LevelGen) {
	field := newNoiseField(rng, l.W, l.H, p.Acid.Scale)
	band := newAcidBand(field, p.Acid.Low, p.Acid.High)
	for y := range l.H {
		floor := Dirt
		if y >= p.RoadTop && y <= p.RoadBottom {
			floor = Road
		}
		row := l.Terrain[y*l.W : (y+1)*l.W]
		for x := range row {
			row[x] = floor
			if !inStartArea(p, x, y) && band.contains(field.num(x, y)) {
				row[x] = Acid
			}
		}
	}
}

// scatter rolls once for every cell that may hold something: not acid, not
// in the start area and not in the goal column.
func scatter(l *Level, rng *rand.Rand, p assets.LevelGen, difficulty int) {
	dirt := weightsAt(p.Spawn.Dirt, difficulty)
	road := weightsAt(p.Spawn.Road, difficulty)
	for y := range l.H {
		for x := range l.GoalX() {
			t := l.Terrain[y*l.W+x]
			if t == Acid || inStartArea(p, x, y) {
				continue
			}
			weights := &dirt
			if t == Road {
				weights = &road
			}
			if k, ok := pick(weights, rng.IntN(rollRange)); ok {
				l.Spawns = append(l.Spawns, Spawn{Kind: k, At: geom.Pt(x, y)})
			}
		}
	}
}

// weightsAt evaluates a table at one difficulty, indexed by Kind.
func weightsAt(t assets.SpawnTable, difficulty int) [NumKinds]int {
	var out [NumKinds]int
	for i, w := range t.Weights() {
		out[i] = w.At(difficulty)
	}
	return out
}

// pick returns the kind whose slice of 0..999 holds roll, or false when the
// roll falls past every weight.
func pick(weights *[NumKinds]int, roll int) (Kind, bool) {
	for k, w := range weights {
		if roll < w {
			return Kind(k), true
		}
		roll -= w
	}
	return 0, false
}
