package assets

import (
	"maps"

	"github.com/BurntSushi/toml"
)

// WithRole returns a copy of c in which role r is drawn as col, leaving c
// as it was. The player's config file changes colours through it.
func (c Colours) WithRole(r Role, col Colour) Colours {
	out := Colours{roles: maps.Clone(c.roles), tiles: c.tiles}
	if out.roles == nil {
		out.roles = map[Role]Colour{}
	}
	out.roles[r] = col
	return out
}

// KeyLine returns the line of data on which the key path is set: a table
// header naming it, or an assignment under the table that holds it. It
// returns 0 when the key cannot be found. Messages about a file other than
// the embedded ones (the player's config) use it to point at a line.
func KeyLine(data []byte, key []string) int { return keyLine(data, toml.Key(key)) }
