package assets

import (
	"fmt"
	"strings"
	"unicode"
)

// Special is a key that types no character, or Space, which is named so a
// binding file can show it.
type Special uint8

// The special keys. SpecialNone marks a key that is a character.
const (
	SpecialNone Special = iota
	SpecialUp
	SpecialDown
	SpecialLeft
	SpecialRight
	SpecialEnter
	SpecialEsc
	SpecialTab
	SpecialBackspace
)

// specialNames are the canonical names, as Key.String writes them.
var specialNames = [...]string{
	SpecialUp:        "Up",
	SpecialDown:      "Down",
	SpecialLeft:      "Left",
	SpecialRight:     "Right",
	SpecialEnter:     "Enter",
	SpecialEsc:       "Esc",
	SpecialTab:       "Tab",
	SpecialBackspace: "Backspace",
}

// specialAliases are other spellings ParseKey accepts, in lower case.
var specialAliases = map[string]Special{"return": SpecialEnter, "escape": SpecialEsc}

const (
	spaceName  = "Space"
	ctrlPrefix = "Ctrl-"
)

// ctrlTwins are the Ctrl letters a terminal sends as the same byte as a
// special key, so binding them would silently bind that key too.
var ctrlTwins = map[rune]string{'h': "Backspace", 'i': "Tab", 'm': "Enter"}

// Key is one key press as bindings name it: a special key, a printable
// character (upper case means Shift was held; Space is Rune ' '), or Ctrl
// with a letter (Rune is then the lower-case letter). It knows nothing of any
// terminal library: the UI maps its own events onto it.
type Key struct {
	Special Special
	Rune    rune
	Ctrl    bool
}

// ParseKey reads a key name: "Up", "Down", "Left", "Right", "Enter", "Esc",
// "Space", "Tab", "Backspace" (any case; "Return" and "Escape" also work),
// "Ctrl-X" for a letter X, or a single printable character. It rejects
// anything else, and Ctrl-H, Ctrl-I and Ctrl-M, which terminals cannot tell
// from Backspace, Tab and Enter.
func ParseKey(name string) (Key, error) {
	if r, ok := singleRune(name); ok {
		if !unicode.IsPrint(r) {
			return Key{}, fmt.Errorf("key %q is not a printable character", name)
		}
		return Key{Rune: r}, nil
	}
	if len(name) > len(ctrlPrefix) && strings.EqualFold(name[:len(ctrlPrefix)], ctrlPrefix) {
		return parseCtrl(name, name[len(ctrlPrefix):])
	}
	if s, ok := specialNamed(name); ok {
		return Key{Special: s}, nil
	}
	if strings.EqualFold(name, spaceName) {
		return Key{Rune: ' '}, nil
	}
	return Key{}, fmt.Errorf("unknown key name %q (use Up, Down, Left, Right, Enter, Esc, Space, Tab, Backspace, Ctrl-<letter> or one character)", name)
}

func parseCtrl(name, letter string) (Key, error) {
	r, ok := singleRune(letter)
	r = unicode.ToLower(r)
	if !ok || r < 'a' || r > 'z' {
		return Key{}, fmt.Errorf("key %q: Ctrl- must be followed by one letter", name)
	}
	if twin, clash := ctrlTwins[r]; clash {
		return Key{}, fmt.Errorf("key %q: a terminal sends it as %s; bind %s instead", name, twin, twin)
	}
	return Key{Rune: r, Ctrl: true}, nil
}

func specialNamed(name string) (Special, bool) {
	lower := strings.ToLower(name)
	for s, n := range specialNames {
		if n != "" && strings.ToLower(n) == lower {
			return Special(s), true
		}
	}
	s, ok := specialAliases[lower]
	return s, ok
}

// String returns the key's canonical name, which ParseKey reads back to the
// same key. The zero Key is "(none)".
func (k Key) String() string {
	switch {
	case k.Special != SpecialNone && int(k.Special) < len(specialNames):
		return specialNames[k.Special]
	case k.Ctrl:
		return ctrlPrefix + string(unicode.ToUpper(k.Rune))
	case k.Rune == ' ':
		return spaceName
	case k.Rune != 0:
		return string(k.Rune)
	}
	return "(none)"
}

// IsZero reports whether k is the zero Key, which stands for no key.
func (k Key) IsZero() bool { return k == Key{} }

// UnmarshalText reads a key name with ParseKey.
func (k *Key) UnmarshalText(text []byte) error {
	parsed, err := ParseKey(string(text))
	if err != nil {
		return err
	}
	*k = parsed
	return nil
}

// MarshalText writes the key's canonical name.
func (k Key) MarshalText() ([]byte, error) {
	if k.IsZero() {
		return nil, fmt.Errorf("cannot write the zero key")
	}
	return []byte(k.String()), nil
}
