package assets

import (
	"slices"
	"strings"
)

const enemiesFile = "enemies.toml"

// Movement says what moves an enemy: its own legs or the physics step.
type Movement string

// The ways an enemy moves.
const (
	// MovementWalk steps one cell on the enemy's own turn, so a walker's
	// MaxSpeed (and StartSpeed) must be WalkSpeed: the game has no way to
	// make it walk faster, and a number it would ignore is refused.
	MovementWalk Movement = "walk"
	// MovementDrive is moved east by the physics step at the enemy's
	// current speed, like the van.
	MovementDrive Movement = "drive"
)

// Behaviour names the AI that drives an enemy.
type Behaviour string

// The AIs there are.
const (
	BehaviourWalker Behaviour = "walker" // heads straight for the van
	BehaviourCar    Behaviour = "car"    // pulls level and fires sideways
	BehaviourBike   Behaviour = "bike"   // lines up on a row or column and fires along it
)

// WalkSpeed is the one speed a walker has: a cell on each of its turns.
const WalkSpeed = 1

var (
	movements  = []Movement{MovementWalk, MovementDrive}
	behaviours = []Behaviour{BehaviourWalker, BehaviourCar, BehaviourBike}
)

// Enemy is one kind of enemy, as read from enemies.toml.
type Enemy struct {
	ID               string    `toml:"id"`
	Name             string    `toml:"name"`        // lower case, for "the {enemy}" in messages
	Description      string    `toml:"description"` // shown in look mode
	HP               int       `toml:"hp"`
	Vision           int       `toml:"vision"` // radius in which it notices the van
	Movement         Movement  `toml:"movement"`
	MaxSpeed         int       `toml:"max_speed"`   // cells per round at most
	StartSpeed       int       `toml:"start_speed"` // cells per round when spawned
	BumpDamage       int       `toml:"bump_damage"` // damage points when it runs into the van
	BumpText         TextID    `toml:"bump_text"`   // message logged when it runs into the van
	Behaviour        Behaviour `toml:"behaviour"`
	CanBeRunOver     bool      `toml:"can_be_run_over"`
	RunsOver         bool      `toml:"runs_over"`
	LeavesBloodstain bool      `toml:"leaves_bloodstain"`
	Glyph            Glyph     `toml:"glyph"`
	Map              Glyph     `toml:"map_char"` // its character in ASCII drawings of levels
	Colour           string    `toml:"colour"`   // colour role
	Weapons          []Mount   `toml:"weapon"`
}

// MaxEnemies is how many kinds of enemy the game can number: an entity's
// kind is one byte, shared with the built-in things.
const MaxEnemies = 248

// MapChar returns the enemy's character in ASCII drawings of levels.
func (e Enemy) MapChar() byte { return byte(e.Map) }

// Enemies is every kind of enemy, in file order.
type Enemies struct {
	List []Enemy `toml:"enemy"`
}

// LoadEnemies reads the embedded enemies.toml strictly and validates it.
func LoadEnemies() (Enemies, error) { return loadFile[Enemies](enemiesFile) }

// Get returns the enemy with the given id, and false if there is none.
func (e Enemies) Get(id string) (Enemy, bool) { return byID(e.List, id) }

func (e Enemy) identity() string { return e.ID }

// Gun returns the id of the gun in slot s, and false if the slot is empty.
func (e Enemy) Gun(s Slot) (string, bool) {
	for _, m := range e.Weapons {
		if m.Slot == s {
			return m.Gun, true
		}
	}
	return "", false
}

// Validate reports duplicate or malformed ids, missing names, unknown
// movements and behaviours, stats that are not positive, speeds that do not
// fit their movement and badly mounted guns. Whether guns, texts and colour
// roles exist is checked by Load.
func (e Enemies) Validate() error {
	var p problems
	eachEntry(&p, "enemy", e.List, func(enemy Enemy, where string) { enemy.validate(&p, where) })
	if len(e.List) > MaxEnemies {
		p.addf("%d enemies, at most %d", len(e.List), MaxEnemies)
	}
	chars := map[Glyph]string{}
	for _, t := range BuiltinThings {
		chars[Glyph(t.Char)] = t.ID
	}
	for _, enemy := range e.List {
		if other, ok := chars[enemy.Map]; ok && enemy.Map != 0 {
			p.addf("enemy %q map_char %q is %q's already", enemy.ID, enemy.Map, other)
		}
		chars[enemy.Map] = enemy.ID
	}
	return p.err()
}

func (e Enemy) validate(p *problems, where string) {
	p.nonEmpty(where+" name", e.Name)
	p.nonEmpty(where+" description", e.Description)
	p.atLeast(where+" hp", e.HP, 1)
	p.atLeast(where+" vision", e.Vision, 1)
	p.atLeast(where+" max_speed", e.MaxSpeed, 1)
	p.within(where+" start_speed", e.StartSpeed, 0, e.MaxSpeed)
	p.atLeast(where+" bump_damage", e.BumpDamage, 0)
	p.nonEmpty(where+" bump_text", string(e.BumpText))
	p.id(where+" colour", e.Colour)
	if e.Glyph == 0 {
		p.addf("%s needs a glyph", where)
	}
	if slices.Contains(ReservedIDs, e.ID) {
		p.addf("%s id is a built-in thing's", where)
	}
	if e.Map == 0 || e.Map > '~' || e.Map == ' ' || strings.ContainsRune(ReservedChars, rune(e.Map)) {
		p.addf("%s map_char %q must be a printable ASCII character other than %q", where, e.Map, ReservedChars)
	}
	if !slices.Contains(movements, e.Movement) {
		p.addf("%s movement %q must be one of %v", where, e.Movement, movements)
	}
	if e.Movement == MovementWalk && e.MaxSpeed != WalkSpeed {
		p.addf("%s walks one cell a turn, so max_speed %d must be %d", where, e.MaxSpeed, WalkSpeed)
	}
	if e.Movement == MovementWalk && e.StartSpeed != e.MaxSpeed {
		p.addf("%s walks, so start_speed %d must equal max_speed %d", where, e.StartSpeed, e.MaxSpeed)
	}
	if !slices.Contains(behaviours, e.Behaviour) {
		p.addf("%s behaviour %q must be one of %v", where, e.Behaviour, behaviours)
	}
	validateMounts(p, where, e.Weapons)
}
