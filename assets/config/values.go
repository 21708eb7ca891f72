package config

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/BurntSushi/toml"

	"lastpost/assets"
)

// ctrlC is the key that always quits; binding it would do nothing.
var ctrlC = assets.Key{Rune: 'c', Ctrl: true}

// keyList is the keys of one action: a list of key names.
type keyList []assets.Key

func (l *keyList) UnmarshalTOML(v any) error {
	items, ok := v.([]any)
	if !ok {
		return fmt.Errorf(`must be a list of key names, like ["f", "Space"], not %s`, describe(v))
	}
	switch {
	case len(items) == 0:
		return fmt.Errorf("must name at least one key")
	case len(items) > maxKeysPerAction:
		return fmt.Errorf("lists %d keys; at most %d are allowed", len(items), maxKeysPerAction)
	}
	keys := make(keyList, 0, len(items))
	for _, item := range items {
		name, ok := item.(string)
		if !ok {
			return fmt.Errorf(`key names must be strings in quotes, like "f", not %s`, describe(item))
		}
		k, err := assets.ParseKey(name)
		switch {
		case err != nil:
			return err
		case k == ctrlC:
			return fmt.Errorf("Ctrl-C always quits the game and cannot be bound")
		case slices.Contains(keys, k):
			return fmt.Errorf("lists the key %s twice", k)
		}
		keys = append(keys, k)
	}
	*l = keys
	return nil
}

func (l *keyList) apply(c *Config, key toml.Key) {
	c.Keys = SetKeys(c.Keys, contextNamed(key[1]), assets.Action(key[2]), *l)
}

// paletteValue is a palette name; the numeric ones may be given as
// numbers.
type paletteValue Palette

func (p *paletteValue) UnmarshalTOML(v any) error {
	name, _ := v.(string)
	if n, isInt := v.(int64); isInt {
		name = strconv.FormatInt(n, 10)
	}
	if slices.Contains(palettes, Palette(name)) {
		*p = paletteValue(name)
		return nil
	}
	return fmt.Errorf(`must be "auto", "256", "16", "8" or "mono", not %s`, describe(v))
}

func (p *paletteValue) apply(c *Config, _ toml.Key) { c.Palette = Palette(*p) }

// colourIndex is a 256-colour palette index; orDefault also allows
// "default", the terminal's own colour.
type colourIndex struct {
	orDefault bool
	index     int
}

func (ci *colourIndex) UnmarshalTOML(v any) error {
	if s, ok := v.(string); ok && ci.orDefault && s == "default" {
		ci.index = assets.NoColour
		return nil
	}
	n, ok := v.(int64)
	if !ok || n < 0 || n > 255 {
		if ci.orDefault {
			return fmt.Errorf(`must be a colour number from 0 to 255 or "default", not %s`, describe(v))
		}
		return fmt.Errorf("must be a colour number from 0 to 255, not %s", describe(v))
	}
	ci.index = int(n)
	return nil
}

func (ci *colourIndex) apply(c *Config, key toml.Key) {
	changeRole(c, key, func(col *assets.Colour) {
		if key[3] == "bg" {
			col.BG = ci.index
		} else {
			col.FG = ci.index
		}
	})
}

// changeRole changes the colours of the role a colours.role.<role>.<field>
// key names.
func changeRole(c *Config, key toml.Key, change func(col *assets.Colour)) {
	role := assets.Role(key[2])
	col := c.Colours.Role(role)
	change(&col)
	c.Colours = c.Colours.WithRole(role, col)
}

// basicValue is one of the 16 basic colour names; orDefault also allows
// "default".
type basicValue struct {
	orDefault bool
	colour    assets.Basic
}

func (b *basicValue) UnmarshalTOML(v any) error {
	name, _ := v.(string)
	if b.orDefault && name == "default" {
		b.colour = assets.BasicDefault
		return nil
	}
	for c := assets.Basic(0); c < 16; c++ {
		if name == c.String() {
			b.colour = c
			return nil
		}
	}
	names := make([]string, 0, 17)
	for c := assets.Basic(0); c < 16; c++ {
		names = append(names, c.String())
	}
	if b.orDefault {
		names = append(names, "default")
	}
	return fmt.Errorf("must be %s, not %s", orList(names), describe(v))
}

func (b *basicValue) apply(c *Config, key toml.Key) {
	changeRole(c, key, func(col *assets.Colour) {
		if key[3] == "fallback_bg" {
			col.FallbackBG = b.colour
		} else {
			col.Fallback = b.colour
		}
	})
}

// attrValue is the attribute a role gets without colour.
type attrValue assets.Attr

func (a *attrValue) UnmarshalTOML(v any) error {
	name, _ := v.(string)
	var names []string
	for at := assets.AttrNone; at <= assets.AttrUnderline; at++ {
		if name == at.String() {
			*a = attrValue(at)
			return nil
		}
		names = append(names, at.String())
	}
	return fmt.Errorf("must be %s, not %s", orList(names), describe(v))
}

func (a *attrValue) apply(c *Config, key toml.Key) {
	changeRole(c, key, func(col *assets.Colour) { col.Mono = assets.Attr(*a) })
}

// speedValue is the animation speed: a multiple of the real speed, or
// "instant".
type speedValue Animation

func (s *speedValue) UnmarshalTOML(v any) error {
	var x float64
	switch v := v.(type) {
	case string:
		if v == "instant" {
			*s = speedValue{Instant: true}
			return nil
		}
	case int64:
		x = float64(v)
	case float64:
		x = v
	}
	percent := math.Round(float64(x * 100))
	if !(percent >= minSpeedPercent && percent <= maxSpeedPercent) { // NaN fails both
		return fmt.Errorf(`must be a number from 0.1 to 10 (times the real speed) or "instant", not %s`, describe(v))
	}
	*s = speedValue{Percent: int(percent)}
	return nil
}

func (s *speedValue) apply(c *Config, _ toml.Key) { c.Animation = Animation(*s) }

// linesValue is the number of message lines under the map.
type linesValue int

func (l *linesValue) UnmarshalTOML(v any) error {
	n, ok := v.(int64)
	if !ok || n < minLogLines || n > maxLogLines {
		return fmt.Errorf("must be a whole number from %d to %d, not %s", minLogLines, maxLogLines, describe(v))
	}
	*l = linesValue(n)
	return nil
}

func (l *linesValue) apply(c *Config, _ toml.Key) { c.LogLines = int(*l) }

// flagValue is a yes-or-no setting.
type flagValue bool

func (f *flagValue) UnmarshalTOML(v any) error {
	b, ok := v.(bool)
	if !ok {
		return fmt.Errorf("must be true or false, not %s", describe(v))
	}
	*f = flagValue(b)
	return nil
}

func (f *flagValue) apply(c *Config, _ toml.Key) { c.ConfirmGiveUp = bool(*f) }

// describe names a value from the file for a message.
func describe(v any) string {
	switch v := v.(type) {
	case string:
		return quote(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	case []any:
		return "a list"
	case map[string]any:
		return "a table"
	case []map[string]any:
		return "a list of tables"
	}
	return "a date or time"
}
