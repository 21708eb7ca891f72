// Package config reads the player's config.toml: key bindings, colours,
// animation speed, the size of the message log and the questions the game
// asks. Every setting is optional; what the file leaves out comes from the
// embedded assets. Reading is strict, like the assets' own: a syntax error,
// a value of the wrong type, an unknown key or a value out of range is an
// *Error naming the file, the line (and the column where known) and the key
// path, so the game can refuse to start before it touches the terminal.
//
// A config file looks like this; each section may be left out:
//
//	[keys.gameplay]          # same actions and key names as keys.toml
//	fire = ["f", "F"]
//	[keys.menu]              # also [keys.replay]
//	confirm = ["Enter"]
//
//	[colours]
//	palette = "auto"         # auto, 256, 16, 8 or mono
//	[colours.role.van]       # any role of colours.toml, any of its fields
//	fg = 196
//
//	[animation]
//	speed = 2                # 0.1 to 10 times the real speed, or "instant"
//
//	[display]
//	log_lines = 6            # 1 to 10 lines of messages under the map
//
//	[play]
//	confirm_give_up = false  # ask before giving up a run
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"lastpost/assets"
	"lastpost/assets/atomicfile"
)

// FileName is the config file's name in the per-user config folder.
const FileName = "config.toml"

// Palette is the set of colours the player asks for.
type Palette string

// The palettes. PaletteAuto uses what the terminal says it can show.
const (
	PaletteAuto Palette = "auto"
	Palette256  Palette = "256"
	Palette16   Palette = "16"
	Palette8    Palette = "8"
	PaletteMono Palette = "mono"
)

// palettes lists the palettes in the order messages name them.
var palettes = []Palette{PaletteAuto, Palette256, Palette16, Palette8, PaletteMono}

// Animation is how fast turns are animated.
type Animation struct {
	// Instant skips animation: every turn is drawn resolved.
	Instant bool
	// Percent is the speed in percent of the real one: 200 plays
	// twice as fast, 50 half as fast.
	Percent int
}

// Bounds of the numeric settings.
const (
	minSpeedPercent  = 10
	maxSpeedPercent  = 1000
	minLogLines      = 1
	maxLogLines      = 10
	maxKeysPerAction = 8
)

// Config is every setting, the file's values over the defaults.
type Config struct {
	// Path is the file the settings came from, and where the controls
	// screen writes; "" when there is none.
	Path string
	// Found reports whether the file existed.
	Found bool
	// Keys are the key bindings in force.
	Keys assets.Keys
	// Palette forces a colour depth, or leaves it to the terminal.
	Palette Palette
	// Colours are the embedded colours with the file's changes.
	Colours assets.Colours
	// Animation paces the animation of turns.
	Animation Animation
	// LogLines is how many recent messages show under the map.
	LogLines int
	// ConfirmGiveUp asks before a run is given up.
	ConfirmGiveUp bool
}

// Default returns the settings of a player without a config file: the
// embedded assets' bindings, colours and log size, the terminal's own
// palette, animation at real speed, and every question asked.
func Default(data *assets.Data) Config {
	return Config{
		Keys:          data.Keys,
		Palette:       PaletteAuto,
		Colours:       data.Colours,
		Animation:     Animation{Percent: 100},
		LogLines:      data.Display.LogLines,
		ConfirmGiveUp: true,
	}
}

// DefaultPath returns where the config file lives when -config does not
// say: $XDG_CONFIG_HOME/lastpost/config.toml, or
// ~/.config/lastpost/config.toml. It returns "" if neither folder is known.
func DefaultPath() string {
	if dir := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "lastpost", FileName)
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".config", "lastpost", FileName)
}

// Load reads the config file at path over the defaults of data. A missing
// file (or an empty path) gives the defaults, with Found false. A file that
// cannot be read, or that is not a valid config, is an *Error.
func Load(path string, data *assets.Data) (Config, error) {
	def := Default(data)
	def.Path = path
	if path == "" {
		return def, nil
	}
	text, err := readCapped(path)
	if errors.Is(err, fs.ErrNotExist) {
		return def, nil
	}
	if err != nil {
		return Config{}, &Error{File: path, Msg: err.Error()}
	}
	c, err := Parse(path, text, data)
	if err != nil {
		return Config{}, err
	}
	c.Path, c.Found = path, true
	return c, nil
}

// readCapped reads a whole regular file of at most maxFileSize bytes, and
// words the usual failures without repeating the file's name. A FIFO, a
// device or a folder is refused unread: opening it could block for ever.
func readCapped(path string) ([]byte, error) {
	b, err := atomicfile.ReadRegular(path, maxFileSize)
	var big *atomicfile.TooLargeError
	switch {
	case err == nil, errors.Is(err, fs.ErrNotExist):
		return b, err
	case errors.Is(err, atomicfile.ErrNotRegular):
		return nil, atomicfile.ErrNotRegular
	case errors.As(err, &big):
		return nil, fmt.Errorf("is larger than %d KiB; a config file is a few lines", maxFileSize>>10)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "open" {
		return nil, fmt.Errorf("cannot be opened: %v", pe.Err)
	}
	return nil, fmt.Errorf("cannot be read: %v", unwrapPath(err))
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Parse reads a config file's text over the defaults of data. The name is
// used in messages only. Every failure is an *Error.
func Parse(name string, text []byte, data *assets.Data) (Config, error) {
	if len(text) > maxFileSize {
		return Config{}, &Error{File: name, Msg: fmt.Sprintf("is larger than %d KiB; a config file is a few lines", maxFileSize>>10)}
	}
	if err := checkShape(name, text); err != nil {
		return Config{}, err
	}
	doc, err := decode(name, text, data)
	if err != nil {
		return Config{}, err
	}
	c := Default(data)
	for _, s := range doc.settings {
		s.value.apply(&c, s.key)
	}
	if err := doc.checkBindings(c.Keys); err != nil {
		return Config{}, err
	}
	return c, nil
}

// Apply returns a copy of data that uses the config's key bindings,
// colours and message log size, leaving data as it was.
func (c *Config) Apply(data *assets.Data) *assets.Data {
	d := *data
	d.Keys = c.Keys
	d.Colours = c.Colours
	d.Display.LogLines = c.LogLines
	return &d
}

// SetKeys returns bindings k with action a of context ctx bound to keys,
// leaving k and its slices as they were.
func SetKeys(k assets.Keys, ctx assets.Context, a assets.Action, keys []assets.Key) assets.Keys {
	set := func(list []assets.Binding) []assets.Binding {
		out := make([]assets.Binding, len(list))
		copy(out, list)
		for i := range out {
			if out[i].Action == a {
				out[i].Keys = append([]assets.Key(nil), keys...)
			}
		}
		return out
	}
	switch ctx {
	case assets.ContextMenu:
		k.Menu = set(k.Menu)
	case assets.ContextReplay:
		k.Replay = set(k.Replay)
	default:
		k.Gameplay = set(k.Gameplay)
	}
	return k
}

// keyContext is one table of bindings: its name in the file and its
// context.
type keyContext struct {
	name string
	ctx  assets.Context
}

// keyContexts lists the tables of bindings in file order.
var keyContexts = []keyContext{
	{"gameplay", assets.ContextGameplay}, {"menu", assets.ContextMenu}, {"replay", assets.ContextReplay},
}

// contextNamed returns the context whose table is called name.
func contextNamed(name string) assets.Context {
	for _, kc := range keyContexts {
		if kc.name == name {
			return kc.ctx
		}
	}
	return assets.ContextGameplay
}

// LoadFor reads the player's config file: the one file names (the -config
// flag), which must exist, or else the one in the per-user config folder,
// if there is one. A file with a mistake in it is an error naming the
// file, the line and the key, so the game stops before it touches the
// terminal.
func LoadFor(file string, data *assets.Data) (*Config, error) {
	path := file
	if path == "" {
		path = DefaultPath()
	}
	c, err := Load(path, data)
	if err != nil {
		return nil, err
	}
	if file != "" && !c.Found {
		return nil, fmt.Errorf("%s: no such file (-config needs a file that exists; an empty one will do)", file)
	}
	return &c, nil
}
