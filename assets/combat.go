package assets

import "lastpost/ecs/geom"

const combatFile = "combat.toml"

// Combat holds how damage works, as read from combat.toml.
type Combat struct {
	BulletDamage int `toml:"bullet_damage"`
	// ArmourBreakOffset sets the odds that a damage point on an armoured
	// van breaks a plate: 1 in (armour + ArmourBreakOffset).
	ArmourBreakOffset int `toml:"armour_break_offset"`
	VehicleMsPerCell  int `toml:"vehicle_ms_per_cell"` // animation of one physics step
	// HitWeights say where a damage point lands once the armour is gone.
	HitWeights HitWeights `toml:"hit_weights"`
	Explosion  Explosion  `toml:"explosion"`
}

// HitWeights share out a damage point that meets no armour between the
// van's engine, tyres and hull: each part's share is its weight times the
// points it has left, so a worn part is hit less often, and a part with a
// lower weight less often than the others.
type HitWeights struct {
	Engine int `toml:"engine"`
	Tyres  int `toml:"tyres"`
	Hull   int `toml:"hull"`
}

// VanPart is a part of the van that a damage point can land on.
type VanPart uint8

// The parts a damage point can land on.
const (
	PartEngine VanPart = iota
	PartTyres
	PartHull
)

// Total returns the sum of the three parts' shares, given the points each
// has left: the range a roll for Part is drawn from. It is 0 when nothing
// is left to hit.
func (w HitWeights) Total(engine, tyres, hull int) int {
	return w.Engine*engine + w.Tyres*tyres + w.Hull*hull
}

// Part returns the part that a roll in 0..Total-1 lands on: the engine's
// share first, then the tyres', then the hull's.
func (w HitWeights) Part(engine, tyres, hull, roll int) VanPart {
	switch {
	case roll < w.Engine*engine:
		return PartEngine
	case roll < w.Engine*engine+w.Tyres*tyres:
		return PartTyres
	}
	return PartHull
}

// Explosion describes a barrel going off: fragments that fly outward like
// bullets, one along each of Directions.
type Explosion struct {
	Fragments  int      `toml:"fragments"`
	Range      int      `toml:"range"` // moves each fragment makes
	MsPerCell  int      `toml:"ms_per_cell"`
	Damage     int      `toml:"damage"` // per fragment that hits
	Glyph      Glyph    `toml:"glyph"`
	Colour     string   `toml:"colour"`
	Directions [][2]int `toml:"directions"` // one aim vector (x, y) per fragment
}

// LoadCombat reads the embedded combat.toml strictly and validates it.
func LoadCombat() (Combat, error) { return loadFile[Combat](combatFile) }

// Vectors returns the fragments' aim vectors as points, in file order.
func (e Explosion) Vectors() []geom.Point {
	out := make([]geom.Point, len(e.Directions))
	for i, d := range e.Directions {
		out[i] = geom.Pt(d[0], d[1])
	}
	return out
}

// Validate reports damage and timings that are not positive, armour odds
// that could never break a plate, and an explosion whose direction list does
// not match its fragment count or holds a zero vector.
func (c Combat) Validate() error {
	var p problems
	p.atLeast("bullet_damage", c.BulletDamage, 1)
	p.atLeast("armour_break_offset", c.ArmourBreakOffset, 1)
	p.atLeast("vehicle_ms_per_cell", c.VehicleMsPerCell, 1)
	// A hull that damage could never reach would make the van immortal
	// once its armour, engine and tyres are gone.
	p.atLeast("hit_weights.engine", c.HitWeights.Engine, 0)
	p.atLeast("hit_weights.tyres", c.HitWeights.Tyres, 0)
	p.atLeast("hit_weights.hull", c.HitWeights.Hull, 1)
	e := c.Explosion
	p.atLeast("explosion.fragments", e.Fragments, 1)
	p.atLeast("explosion.range", e.Range, 1)
	p.atLeast("explosion.ms_per_cell", e.MsPerCell, 1)
	p.atLeast("explosion.damage", e.Damage, 1)
	p.id("explosion.colour", e.Colour)
	if e.Glyph == 0 {
		p.addf("explosion needs a glyph")
	}
	if len(e.Directions) != e.Fragments {
		p.addf("explosion.directions has %d vectors, needs one per fragment (%d)", len(e.Directions), e.Fragments)
	}
	for i, d := range e.Directions {
		if d == [2]int{} {
			p.addf("explosion.directions[%d] is the zero vector", i)
		}
	}
	return p.err()
}
