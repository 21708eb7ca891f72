package assets

import "fmt"

const vanFile = "van.toml"

// Van holds the mail van's starting state and the tables that turn engine
// and tyre damage into handicaps, as read from van.toml. Use LoadVan (or
// Load) to read and check it.
type Van struct {
	HP                int `toml:"hp"`                 // hit points, refilled at every camp
	Engine            int `toml:"engine"`             // full engine points
	Tyres             int `toml:"tyres"`              // full tyre count
	Armour            int `toml:"armour"`             // armour level at the start
	MaxArmour         int `toml:"max_armour"`         // highest armour level there is
	StartSpeed        int `toml:"start_speed"`        // cells per round at the start
	InventoryCapacity int `toml:"inventory_capacity"` // items the van carries
	Vision            int `toml:"vision"`             // radius the driver sees, in cells
	AcidTyreChance    int `toml:"acid_tyre_chance"`   // percent per acid cell entered

	// MaxSpeedByEngine is the top speed for each engine value from 0 to
	// Engine. Use MaxSpeed to read it.
	MaxSpeedByEngine []int `toml:"max_speed_by_engine"`
	// SteerChanceByTyres is the percent chance of a lane change working for
	// each tyre count from 0 to Tyres. Use SteerChance to read it.
	SteerChanceByTyres []int `toml:"steer_chance_by_tyres"`

	StartGuns []Mount `toml:"start_gun"` // guns mounted in a new game
}

// LoadVan reads the embedded van.toml strictly and validates it.
func LoadVan() (Van, error) { return loadFile[Van](vanFile) }

// MaxSpeed returns the top speed with the given engine points. Values below
// 0 count as 0 and values above the full engine as full.
func (v Van) MaxSpeed(engine int) int {
	return clampedEntry(v.MaxSpeedByEngine, engine)
}

// SteerChance returns the percent chance that a lane change works with the
// given number of tyres, clamped to 0..Tyres like MaxSpeed.
func (v Van) SteerChance(tyres int) int {
	return clampedEntry(v.SteerChanceByTyres, tyres)
}

// clampedEntry returns table[i] with i clamped into the table, or 0 for an
// empty table.
func clampedEntry(table []int, i int) int {
	if len(table) == 0 {
		return 0
	}
	return table[min(max(i, 0), len(table)-1)]
}

// Validate reports every value that would break the van: stats that are not
// positive, armour outside 0..max_armour, a start speed above the top speed,
// percentages outside 0..100, speed and steering tables of the wrong length
// or that get better as the van gets worse, and badly mounted start guns.
func (v Van) Validate() error {
	var p problems
	p.atLeast("hp", v.HP, 1)
	p.atLeast("engine", v.Engine, 1)
	p.atLeast("tyres", v.Tyres, 1)
	p.atLeast("max_armour", v.MaxArmour, 0)
	p.within("armour", v.Armour, 0, v.MaxArmour)
	p.atLeast("inventory_capacity", v.InventoryCapacity, 1)
	p.atLeast("vision", v.Vision, 1)
	p.within("acid_tyre_chance", v.AcidTyreChance, 0, 100)
	validateTable(&p, "max_speed_by_engine", v.MaxSpeedByEngine, v.Engine+1, 0, 1<<10)
	validateTable(&p, "steer_chance_by_tyres", v.SteerChanceByTyres, v.Tyres+1, 0, 100)
	if v.MaxSpeed(v.Engine) < 1 {
		p.addf("max_speed_by_engine must let a full engine move the van")
	}
	p.within("start_speed", v.StartSpeed, 0, v.MaxSpeed(v.Engine))
	validateMounts(&p, "start_gun", v.StartGuns)
	return p.err()
}

// validateTable checks that a table indexed by a stat has one entry per
// stat value, that every entry lies in lo..hi, and that it never drops as
// the stat grows (more engine or tyres is never worse).
func validateTable(p *problems, field string, table []int, length, lo, hi int) {
	if len(table) != length {
		p.addf("%s has %d entries, needs %d (one for each value from 0 to full)", field, len(table), length)
	}
	for i, v := range table {
		p.within(fmt.Sprintf("%s[%d]", field, i), v, lo, hi)
		if i > 0 && v < table[i-1] {
			p.addf("%s[%d] is %d, below the entry before it (%d)", field, i, v, table[i-1])
		}
	}
}
