package assets

import (
	"errors"
	"fmt"
	"slices"

	"lastpost/ecs/geom"
)

const levelGenFile = "levelgen.toml"

// Bounds that keep a level generator's arithmetic small and its maps sane.
const (
	maxLevelSide  = 4096 // the largest width or height a level may have
	maxAcidScale  = 16   // keeps the exact integer noise inside int64
	noiseRange    = 1000 // the noise runs from -noiseRange to noiseRange
	rollsPerTable = 1000 // each cell's roll is in 0..rollsPerTable-1
)

// LevelGen holds every number of level generation, as read from
// levelgen.toml. Use LoadLevelGen to read and check it.
type LevelGen struct {
	WidthMin   int         `toml:"width_min"`   // narrowest level, in cells
	WidthMax   int         `toml:"width_max"`   // widest level, in cells
	Height     int         `toml:"height"`      // rows in every level
	RoadTop    int         `toml:"road_top"`    // first road row
	RoadBottom int         `toml:"road_bottom"` // last road row
	StartX     int         `toml:"start_x"`     // column where the van starts
	StartY     int         `toml:"start_y"`     // row where the van starts
	ClearStart int         `toml:"clear_start"` // road cells with x below this stay clear
	Acid       AcidNoise   `toml:"acid"`
	Spawn      SpawnTables `toml:"spawn"`
	// Legend is every thing the tables may spawn, with the character the
	// generator's ASCII drawings use for it: the built-in things and the
	// enemies. Load fills it from enemies.toml; it is not in levelgen.toml.
	Legend []Thing `toml:"-"`
}

// Thing is one sort of thing a level can hold: its id (a built-in thing's
// or an enemy's), the character ASCII drawings of levels use for it, and
// whether it blocks the van's way.
type Thing struct {
	ID    string
	Char  byte
	Solid bool
}

// BuiltinThings are the things of a level that are not enemies, with their
// characters: wrecks and barrels block the way, letters are picked up.
var BuiltinThings = []Thing{{"wreck", '#', true}, {"barrel", '0', true}, {"letter", '=', false}}

// ReservedIDs are the ids of every built-in thing, which no enemy may take
// because saves and spawn tables name things by id.
var ReservedIDs = []string{"none", "van", "wreck", "barrel", "letter", "bullet", "fragment", "bloodstain"}

// ReservedChars are the characters of the level drawings that are not
// things: road, dirt, acid and the start.
const ReservedChars = ".,~@"

// AcidNoise describes the gradient noise that lays out acid pools.
type AcidNoise struct {
	Scale int `toml:"scale"` // cells between two lattice points
	Low   int `toml:"low"`   // acid when noise is above this (per mille)...
	High  int `toml:"high"`  // ...and at most this (per mille)
}

// SpawnTables holds one spawn table for dirt cells and one for road cells.
type SpawnTables struct {
	Dirt SpawnTable `toml:"dirt"`
	Road SpawnTable `toml:"road"`
}

// SpawnTable lists the things a cell can hold with their weights, in the
// order a cell's roll tries them. It is a list, not a TOML table, so the
// order is the file's and generation is the same on every run.
type SpawnTable []SpawnEntry

// SpawnEntry is one thing of a spawn table (a built-in thing's id or an
// enemy's) and its weight per 1000 rolls at difficulty d:
// Base + min(Num*d/Den, Cap), with integer division.
type SpawnEntry struct {
	Thing string `toml:"thing"`
	Base  int    `toml:"base"`
	Num   int    `toml:"num"`
	Den   int    `toml:"den"`
	Cap   int    `toml:"cap"`
}

// Weight returns the entry's weight as a function of the difficulty.
func (e SpawnEntry) Weight() SpawnWeight {
	return SpawnWeight{Base: e.Base, Num: e.Num, Den: e.Den, Cap: e.Cap}
}

// Things returns the ids of every thing the tables spawn, each once, in
// the order they first appear: the dirt table's, then the road table's.
func (t SpawnTables) Things() []string {
	var ids []string
	for _, table := range []SpawnTable{t.Dirt, t.Road} {
		for _, e := range table {
			if !slices.Contains(ids, e.Thing) {
				ids = append(ids, e.Thing)
			}
		}
	}
	return ids
}

// Thing returns the legend's entry for id, and false if it has none.
func (g LevelGen) Thing(id string) (Thing, bool) {
	for _, t := range g.Legend {
		if t.ID == id {
			return t, true
		}
	}
	return Thing{}, false
}

// SpawnWeight is a weight per 1000 that grows with the difficulty d as
// Base + min(Num*d/Den, Cap), with integer division.
type SpawnWeight struct {
	Base int `toml:"base"`
	Num  int `toml:"num"`
	Den  int `toml:"den"`
	Cap  int `toml:"cap"`
}

// LoadLevelGen reads the embedded levelgen.toml strictly and validates it.
func LoadLevelGen() (LevelGen, error) {
	var v LevelGen
	if err := decodeEmbedded(levelGenFile, &v); err != nil {
		return LevelGen{}, err
	}
	if err := v.Validate(); err != nil {
		return LevelGen{}, fmt.Errorf("%s: %w", levelGenFile, err)
	}
	return v, nil
}

// Start returns the cell where the van starts.
func (g LevelGen) Start() geom.Point { return geom.Pt(g.StartX, g.StartY) }

// Validate reports every value that would make generation fail or produce
// nonsense: inverted ranges, a road or start outside the map, a start area
// that reaches the goal column, a noise band outside the noise's range, and
// negative weights or tables whose weights could add up to more than 1000,
// and things a table names twice or (once Load has filled the legend) that
// are neither built in nor enemies.
func (g LevelGen) Validate() error {
	errs := g.validateSize()
	errs = append(errs, g.validateRoadAndStart()...)
	errs = append(errs, g.Acid.validate()...)
	errs = append(errs, g.Spawn.Dirt.validate("spawn.dirt", g.Legend)...)
	errs = append(errs, g.Spawn.Road.validate("spawn.road", g.Legend)...)
	return errors.Join(errs...)
}

func (g LevelGen) validateSize() []error {
	var errs []error
	if g.WidthMin < 2 || g.WidthMax > maxLevelSide || g.WidthMin > g.WidthMax {
		errs = append(errs, fmt.Errorf("width_min %d and width_max %d must satisfy 2 <= min <= max <= %d",
			g.WidthMin, g.WidthMax, maxLevelSide))
	}
	if g.Height < 1 || g.Height > maxLevelSide {
		errs = append(errs, fmt.Errorf("height %d must be in 1..%d", g.Height, maxLevelSide))
	}
	return errs
}

func (g LevelGen) validateRoadAndStart() []error {
	var errs []error
	if g.RoadTop < 0 || g.RoadTop > g.RoadBottom || g.RoadBottom >= g.Height {
		errs = append(errs, fmt.Errorf("road rows %d..%d must be an ascending range inside 0..%d",
			g.RoadTop, g.RoadBottom, g.Height-1))
	}
	if g.StartY < g.RoadTop || g.StartY > g.RoadBottom {
		errs = append(errs, fmt.Errorf("start_y %d must be a road row (%d..%d)", g.StartY, g.RoadTop, g.RoadBottom))
	}
	if g.StartX < 0 || g.StartX >= g.ClearStart {
		errs = append(errs, fmt.Errorf("start_x %d must be in 0..clear_start-1 (clear_start is %d)", g.StartX, g.ClearStart))
	}
	if g.ClearStart >= g.WidthMin {
		errs = append(errs, fmt.Errorf("clear_start %d must be below width_min %d so the goal column can hold the goal",
			g.ClearStart, g.WidthMin))
	}
	return errs
}

func (a AcidNoise) validate() []error {
	var errs []error
	if a.Scale < 1 || a.Scale > maxAcidScale {
		errs = append(errs, fmt.Errorf("acid.scale %d must be in 1..%d", a.Scale, maxAcidScale))
	}
	if a.Low < -noiseRange || a.Low >= a.High || a.High > noiseRange {
		errs = append(errs, fmt.Errorf("acid band %d < noise <= %d must satisfy -%d <= low < high <= %d",
			a.Low, a.High, noiseRange, noiseRange))
	}
	return errs
}

func (t SpawnTable) validate(table string, legend []Thing) []error {
	var errs []error
	highest := 0
	for i, e := range t {
		// Named only for a message: a road's generation checks its tables,
		// and they are almost always right.
		where := func() string { return fmt.Sprintf("%s entry %d (%q)", table, i+1, e.Thing) }
		if !isID(e.Thing) {
			errs = append(errs, fmt.Errorf("%s: thing must be an id", where()))
		}
		if slices.ContainsFunc(t[:i], func(o SpawnEntry) bool { return o.Thing == e.Thing }) {
			errs = append(errs, fmt.Errorf("%s: thing is listed twice", where()))
		}
		if len(legend) > 0 && !slices.ContainsFunc(legend, func(th Thing) bool { return th.ID == e.Thing }) {
			errs = append(errs, fmt.Errorf("%s: thing is neither %v nor an enemy of %s", where(), builtinIDs(), enemiesFile))
		}
		w := e.Weight()
		if err := w.validate(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", where(), err))
		}
		highest += w.Highest()
	}
	if highest > rollsPerTable {
		errs = append(errs, fmt.Errorf("%s: weights can add up to %d, more than %d", table, highest, rollsPerTable))
	}
	return errs
}

// builtinIDs lists the ids of BuiltinThings, for messages.
func builtinIDs() []string {
	ids := make([]string, len(BuiltinThings))
	for i, t := range BuiltinThings {
		ids[i] = t.ID
	}
	return ids
}

func (w SpawnWeight) validate() error {
	if w.Base < 0 || w.Num < 0 || w.Cap < 0 || w.Den < 1 {
		return fmt.Errorf("base %d, num %d and cap %d must not be negative and den %d must be at least 1",
			w.Base, w.Num, w.Cap, w.Den)
	}
	return nil
}

// At returns the weight at difficulty d. A negative d counts as 0.
func (w SpawnWeight) At(d int) int {
	// int64 keeps a large difficulty from overflowing a 32-bit int.
	growth := int64(w.Num) * int64(max(d, 0)) / int64(w.Den)
	return w.Base + int(min(growth, int64(w.Cap)))
}

// Highest returns the largest weight w takes at any difficulty.
func (w SpawnWeight) Highest() int {
	if w.Num == 0 {
		return w.Base
	}
	return w.Base + w.Cap
}
