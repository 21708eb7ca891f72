package assets

import (
	"maps"
	"slices"
)

const coloursFile = "colours.toml"

// Role names how one kind of thing is drawn. The code refers to roles by
// these constants; colours.toml must define exactly these.
type Role string

// The colour roles.
const (
	RoleVan        Role = "van"
	RoleZombie     Role = "zombie"
	RoleCar        Role = "car"
	RoleBike       Role = "bike"
	RoleWreck      Role = "wreck"
	RoleBarrel     Role = "barrel"
	RoleLetter     Role = "letter"
	RoleBloodstain Role = "bloodstain"
	RoleRoad       Role = "road"
	RoleDirt       Role = "dirt"
	RoleAcid       Role = "acid"
	RoleGoal       Role = "goal"
	RoleBullet     Role = "bullet"
	RoleSlug       Role = "slug"
	RoleExplosion  Role = "explosion"
	RoleRemembered Role = "remembered"
	// RoleUnseenGround is ground known from the map but never seen.
	RoleUnseenGround Role = "unseen_ground"
	RoleCursor       Role = "cursor"
	// RoleReach marks the cells a gun can reach while the fire prompt is
	// open: its background and attribute go over what the cell shows.
	RoleReach Role = "reach"
	// RoleInReach draws an enemy or barrel a gun can reach, aiming.
	RoleInReach    Role = "in_reach"
	RoleHealthGood Role = "health_good"
	RoleHealthBad  Role = "health_bad"
	RoleText       Role = "text"
	RoleTextDim    Role = "text_dim"
	RoleTitle      Role = "title"
	RoleSelected   Role = "selected"
	RoleWarning    Role = "warning"
	RoleDanger     Role = "danger"
	RoleGood       Role = "good"
	RoleHUDLabel   Role = "hud_label"
	RoleHUDValue   Role = "hud_value"
)

// Roles lists every colour role.
var Roles = []Role{
	RoleVan, RoleZombie, RoleCar, RoleBike, RoleWreck, RoleBarrel, RoleLetter, RoleBloodstain,
	RoleRoad, RoleDirt, RoleAcid, RoleGoal, RoleBullet, RoleSlug, RoleExplosion, RoleRemembered,
	RoleUnseenGround, RoleCursor, RoleReach, RoleInReach, RoleHealthGood, RoleHealthBad, RoleText, RoleTextDim, RoleTitle, RoleSelected,
	RoleWarning, RoleDanger, RoleGood, RoleHUDLabel, RoleHUDValue,
}

// Tile names a thing on the map whose glyph colours.toml holds.
type Tile string

// The tiles.
const (
	TileVan        Tile = "van"
	TileWreck      Tile = "wreck"
	TileBarrel     Tile = "barrel"
	TileLetter     Tile = "letter"
	TileBloodstain Tile = "bloodstain"
	TileRoad       Tile = "road"
	TileDirt       Tile = "dirt"
	TileAcid       Tile = "acid"
	TileGoal       Tile = "goal"
	TileUnseen     Tile = "unseen" // a cell off the map
	// TileUnknown is ground on the map that the driver has never seen, so
	// whatever stands on it is unknown.
	TileUnknown Tile = "unknown"
)

// Tiles lists every tile.
var Tiles = []Tile{
	TileVan, TileWreck, TileBarrel, TileLetter, TileBloodstain, TileRoad, TileDirt, TileAcid,
	TileGoal, TileUnseen, TileUnknown,
}

// NoColour as a palette index means the terminal's own colour.
const NoColour = -1

// Basic is one of the 16 colours every colour terminal has, numbered as the
// terminal numbers them (0-7 normal, 8-15 bright), or BasicDefault.
type Basic int8

// BasicDefault means the terminal's own colour.
const BasicDefault Basic = -1

// basicNames are the names colours.toml uses, by Basic value.
var basicNames = [16]string{
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
	"bright_black", "bright_red", "bright_green", "bright_yellow",
	"bright_blue", "bright_magenta", "bright_cyan", "bright_white",
}

// String returns the colour's name as colours.toml writes it, or "default".
func (b Basic) String() string {
	if b >= 0 && int(b) < len(basicNames) {
		return basicNames[b]
	}
	return "default"
}

// Bright reports whether b is one of the eight bright colours.
func (b Basic) Bright() bool { return b >= 8 }

// Dark returns b without brightness, for terminals with only eight colours.
func (b Basic) Dark() Basic {
	if b.Bright() {
		return b - 8
	}
	return b
}

func parseBasic(name string) (Basic, bool) {
	i := slices.Index(basicNames[:], name)
	return Basic(i), i >= 0
}

// Attr is the one text attribute a role gets on a terminal without colour.
type Attr uint8

// The attributes.
const (
	AttrNone Attr = iota
	AttrBold
	AttrReverse
	AttrDim
	AttrUnderline
)

var attrNames = [...]string{"none", "bold", "reverse", "dim", "underline"}

// String returns the attribute's name as colours.toml writes it.
func (a Attr) String() string {
	if int(a) < len(attrNames) {
		return attrNames[a]
	}
	return "none"
}

// Colour is how one role is drawn on each kind of terminal.
type Colour struct {
	FG         int   // 256-colour index
	BG         int   // 256-colour index, or NoColour
	Fallback   Basic // foreground on a 16-colour terminal
	FallbackBG Basic // background on a 16-colour terminal, or BasicDefault
	Mono       Attr  // attribute on a terminal without colour
}

// missingRole is drawn for a role that colours.toml lacks: loud, so the
// mistake shows on screen (Load refuses such a file anyway).
var missingRole = Colour{FG: 201, BG: NoColour, Fallback: 13, FallbackBG: BasicDefault, Mono: AttrReverse}

// TileStyle is a map tile's glyph and colour role.
type TileStyle struct {
	Glyph Glyph
	Role  Role
}

// Colours holds every role's colours and every tile's look, as read from
// colours.toml.
type Colours struct {
	roles map[Role]Colour
	tiles map[Tile]TileStyle
}

// LoadColours reads the embedded colours.toml strictly and validates it.
func LoadColours() (Colours, error) {
	var spec coloursSpec
	if err := loadEmbedded(coloursFile, &spec); err != nil {
		return Colours{}, err
	}
	c, _ := spec.build()
	return c, nil
}

// Role returns the colours of role r. A role the file lacks gets a loud
// magenta, so the gap shows.
func (c Colours) Role(r Role) Colour {
	if col, ok := c.roles[r]; ok {
		return col
	}
	return missingRole
}

// Has reports whether role r is defined.
func (c Colours) Has(r Role) bool {
	_, ok := c.roles[r]
	return ok
}

// Tile returns the glyph and colour role of tile t. A tile the file lacks
// is a '?' in the missing-role colour.
func (c Colours) Tile(t Tile) TileStyle {
	if s, ok := c.tiles[t]; ok {
		return s
	}
	return TileStyle{Glyph: '?', Role: "missing"}
}

// coloursSpec is colours.toml as written.
type coloursSpec struct {
	Role map[string]roleSpec `toml:"role"`
	Tile map[string]tileSpec `toml:"tile"`
}

type roleSpec struct {
	FG         *int   `toml:"fg"`
	BG         *int   `toml:"bg"`
	Fallback   string `toml:"fallback"`
	FallbackBG string `toml:"fallback_bg"`
	Mono       string `toml:"mono"`
}

type tileSpec struct {
	Glyph  Glyph  `toml:"glyph"`
	Colour string `toml:"colour"`
}

// Validate reports unknown and missing roles and tiles, palette indexes
// outside 0..255, unknown colour and attribute names, a background without
// its fallback (or the other way round), and tiles without a glyph or with
// an undefined role.
func (s coloursSpec) Validate() error {
	_, p := s.build()
	return p.err()
}

// build turns the file into Colours and lists what is wrong with it.
func (s coloursSpec) build() (Colours, *problems) {
	p := &problems{}
	c := Colours{roles: map[Role]Colour{}, tiles: map[Tile]TileStyle{}}
	for _, name := range slices.Sorted(maps.Keys(s.Role)) {
		if !slices.Contains(Roles, Role(name)) {
			p.unknownKey("role", name)
			continue
		}
		c.roles[Role(name)] = s.Role[name].colour(p, "role "+name)
	}
	for _, r := range Roles {
		if !c.Has(r) {
			p.addf("role %s is missing", r)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(s.Tile)) {
		if !slices.Contains(Tiles, Tile(name)) {
			p.unknownKey("tile", name)
			continue
		}
		c.tiles[Tile(name)] = s.Tile[name].style(p, c, "tile "+name)
	}
	for _, t := range Tiles {
		if _, ok := c.tiles[t]; !ok {
			p.addf("tile %s is missing", t)
		}
	}
	return c, p
}

func (r roleSpec) colour(p *problems, where string) Colour {
	col := Colour{FG: NoColour, BG: NoColour, FallbackBG: BasicDefault}
	if r.FG == nil {
		p.addf("%s needs fg", where)
	} else {
		p.within(where+" fg", *r.FG, 0, 255)
		col.FG = *r.FG
	}
	if r.BG != nil {
		p.within(where+" bg", *r.BG, 0, 255)
		col.BG = *r.BG
	}
	col.Fallback = basicNamed(p, where+" fallback", r.Fallback)
	if (r.BG != nil) != (r.FallbackBG != "") {
		p.addf("%s must give both bg and fallback_bg, or neither", where)
	}
	if r.FallbackBG != "" {
		col.FallbackBG = basicNamed(p, where+" fallback_bg", r.FallbackBG)
	}
	i := slices.Index(attrNames[:], r.Mono)
	if i < 0 {
		p.addf("%s mono %q must be one of %v", where, r.Mono, attrNames)
	}
	col.Mono = Attr(max(i, 0))
	return col
}

func basicNamed(p *problems, field, name string) Basic {
	b, ok := parseBasic(name)
	if !ok {
		p.addf("%s %q must be one of %v", field, name, basicNames)
		return BasicDefault
	}
	return b
}

func (t tileSpec) style(p *problems, c Colours, where string) TileStyle {
	if t.Glyph == 0 {
		p.addf("%s needs a glyph", where)
	}
	if !c.Has(Role(t.Colour)) {
		p.addf("%s colour %q is not a defined role", where, t.Colour)
	}
	return TileStyle{Glyph: t.Glyph, Role: Role(t.Colour)}
}
