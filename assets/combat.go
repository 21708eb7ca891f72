package assets

import "lastpost/ecs/geom"

const combatFile = "combat.toml"

// Combat holds how damage works, as read from combat.toml.
type Combat struct {
	BulletDamage int `toml:"bullet_damage"`
	// ArmourBreakOffset sets the odds that a damage point on an armoured
	// van breaks a plate: 1 in (armour + ArmourBreakOffset).
	ArmourBreakOffset int       `toml:"armour_break_offset"`
	VehicleMsPerCell  int       `toml:"vehicle_ms_per_cell"` // animation of one physics step
	Explosion         Explosion `toml:"explosion"`
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
