package assets

import "unicode/utf8"

const gunsFile = "guns.toml"

// Gun is one kind of gun, as read from guns.toml. Other files name it by ID.
type Gun struct {
	ID   string `toml:"id"`
	Name string `toml:"name"` // display name, capitalised
	// Short is the name the fire prompt uses, at most MaxPromptName
	// characters; "" means Name, which must then be that short.
	Short       string `toml:"short"`
	Description string `toml:"description"` // one or two sentences for the shop and garage
	// Range is how many moves a bullet makes after it appears in the cell
	// next to the gun, so it can reach Range+1 cells away.
	Range     int `toml:"range"`
	Bullets   int `toml:"bullets"`     // bullets per shot
	MsPerCell int `toml:"ms_per_cell"` // animation time of one straight step
	// Spread is the largest offset added to each axis of a bullet's aim
	// point (direction*Range), drawn evenly from -Spread..Spread.
	Spread int `toml:"spread"`
	// BurstPeriodMs is the time between two bullets of one shot; 0 fires
	// them all at once.
	BurstPeriodMs int    `toml:"burst_period_ms"`
	Price         int    `toml:"price"`
	Glyph         Glyph  `toml:"glyph"`          // a bullet flying east or west
	GlyphVertical Glyph  `toml:"glyph_vertical"` // a bullet flying north or south
	Colour        string `toml:"colour"`         // colour role of the bullets
}

// Guns is every gun, in file order.
type Guns struct {
	List []Gun `toml:"gun"`
}

// LoadGuns reads the embedded guns.toml strictly and validates it.
func LoadGuns() (Guns, error) { return loadFile[Guns](gunsFile) }

// Get returns the gun with the given id, and false if there is none.
func (g Guns) Get(id string) (Gun, bool) { return byID(g.List, id) }

func (g Gun) identity() string { return g.ID }

// MaxPromptName is the longest name a gun may have in the fire prompt: four
// sides, each "Right Railgun x20", fit one 80-column line at that length.
const MaxPromptName = 7

// PromptName is the gun's name in the fire prompt: its short name, else
// its name.
func (g Gun) PromptName() string {
	if g.Short != "" {
		return g.Short
	}
	return g.Name
}

// GlyphFor returns the glyph of a bullet whose main axis of travel is
// horizontal or not.
func (g Gun) GlyphFor(horizontal bool) Glyph {
	if horizontal {
		return g.Glyph
	}
	return g.GlyphVertical
}

// Validate reports duplicate or malformed ids, missing names, descriptions
// and glyphs, and numbers a shot cannot work with: no range, no bullets, a
// spread so wide that a bullet could aim at its own gun, negative timings
// and free guns.
func (g Guns) Validate() error {
	var p problems
	if len(g.List) == 0 {
		p.addf("no guns defined")
	}
	eachEntry(&p, "gun", g.List, func(gun Gun, where string) { gun.validate(&p, where) })
	return p.err()
}

func (g Gun) validate(p *problems, where string) {
	p.nonEmpty(where+" name", g.Name)
	p.nonEmpty(where+" description", g.Description)
	if n := utf8.RuneCountInString(g.PromptName()); n > MaxPromptName {
		p.addf("%s short: %q is %d characters, the fire prompt has room for %d (give a shorter short name)", where, g.PromptName(), n, MaxPromptName)
	}
	p.atLeast(where+" range", g.Range, 1)
	p.atLeast(where+" bullets", g.Bullets, 1)
	p.atLeast(where+" ms_per_cell", g.MsPerCell, 1)
	p.within(where+" spread", g.Spread, 0, max(g.Range-1, 0))
	p.atLeast(where+" burst_period_ms", g.BurstPeriodMs, 0)
	p.atLeast(where+" price", g.Price, 1)
	if g.Glyph == 0 || g.GlyphVertical == 0 {
		p.addf("%s needs glyph and glyph_vertical", where)
	}
	p.id(where+" colour", g.Colour)
}
