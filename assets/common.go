package assets

import (
	"fmt"
	"unicode"

	"lastpost/ecs/geom"
)

// Glyph is the single character that stands for something on the map. It
// is written in TOML as a one-character string.
type Glyph rune

// firstWideRune is where the East Asian wide scripts start; glyphs must stay
// below it so every map cell is exactly one terminal column wide.
const firstWideRune = 0x2E80

// UnmarshalText reads a glyph from a one-character string. It rejects empty
// strings, longer strings, control and combining characters and characters
// that a terminal draws two columns wide.
func (g *Glyph) UnmarshalText(text []byte) error {
	r, ok := singleRune(string(text))
	if !ok {
		return fmt.Errorf("glyph %q must be exactly one character", text)
	}
	if !unicode.IsPrint(r) || unicode.Is(unicode.Mn, r) || r >= firstWideRune {
		return fmt.Errorf("glyph %q must be a printable, one-column character", text)
	}
	*g = Glyph(r)
	return nil
}

// MarshalText writes the glyph as a one-character string.
func (g Glyph) MarshalText() ([]byte, error) { return []byte(string(rune(g))), nil }

// String returns the glyph as a one-character string.
func (g Glyph) String() string { return string(rune(g)) }

// Slot is one of the four gun mounts of a vehicle. Every vehicle faces East,
// so each slot always fires the same compass direction.
type Slot uint8

// The four slots, in the order the garage lists them. The zero value is no
// slot at all, so a missing slot in a file is caught.
const (
	SlotNone Slot = iota
	SlotFront
	SlotRear
	SlotLeft
	SlotRight
)

// Slots lists the four slots in garage order.
var Slots = [4]Slot{SlotFront, SlotRear, SlotLeft, SlotRight}

var slotNames = [...]string{SlotNone: "none", SlotFront: "front", SlotRear: "rear", SlotLeft: "left", SlotRight: "right"}

// Dir returns the direction the slot fires in: front East, rear West, left
// North and right South.
func (s Slot) Dir() geom.Dir {
	switch s {
	case SlotFront:
		return geom.East
	case SlotRear:
		return geom.West
	case SlotLeft:
		return geom.North
	case SlotRight:
		return geom.South
	}
	return geom.None
}

// SlotFor returns the slot that fires in direction d, or SlotNone.
func SlotFor(d geom.Dir) Slot {
	for _, s := range Slots {
		if s.Dir() == d {
			return s
		}
	}
	return SlotNone
}

// String returns the slot's name as the data files write it: front, rear,
// left or right.
func (s Slot) String() string {
	if int(s) < len(slotNames) {
		return slotNames[s]
	}
	return fmt.Sprintf("slot(%d)", uint8(s))
}

// UnmarshalText reads front, rear, left or right.
func (s *Slot) UnmarshalText(text []byte) error {
	for _, c := range Slots {
		if string(text) == c.String() {
			*s = c
			return nil
		}
	}
	return fmt.Errorf("slot %q must be front, rear, left or right", text)
}

// MarshalText writes the slot's name.
func (s Slot) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Mount puts one gun, named by its id in guns.toml, in one slot.
type Mount struct {
	Gun  string `toml:"gun"`
	Slot Slot   `toml:"slot"`
}

// validateMounts checks that every mount names a gun and a slot and that no
// slot holds two guns. Whether the gun exists is checked by Load, which sees
// guns.toml too.
func validateMounts(p *problems, owner string, mounts []Mount) {
	used := map[Slot]bool{}
	for i, m := range mounts {
		p.id(fmt.Sprintf("%s gun %d", owner, i+1), m.Gun)
		if m.Slot == SlotNone {
			p.addf("%s gun %q needs a slot", owner, m.Gun)
			continue
		}
		if used[m.Slot] {
			p.addf("%s has two guns in the %s slot", owner, m.Slot)
		}
		used[m.Slot] = true
	}
}
