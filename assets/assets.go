// Package assets holds the game's data, embedded TOML files (guns, enemies,
// the van, shop stock, level generation tables, key bindings, colours and
// every sentence a player reads), and decodes them strictly: a syntax error,
// a wrong type or an unknown key is an error naming the file, the line and the
// key, never a silent default.
package assets

import (
	"embed"
	"errors"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"
)

//go:embed *.toml
var files embed.FS

// ReadFile returns the raw bytes of one embedded data file.
func ReadFile(name string) ([]byte, error) {
	return files.ReadFile(name)
}

// DecodeStrict decodes TOML text into v. The name is used in messages only.
// It fails on syntax errors, type mismatches and keys that v has no field for,
// and each message names the file, the line (and column where known) and the
// key path.
func DecodeStrict(name string, data []byte, v any) error {
	md, err := toml.Decode(string(data), v)
	if err != nil {
		return describeTOMLError(name, err)
	}
	if undecoded := md.Undecoded(); len(undecoded) > 0 {
		key := undecoded[0]
		return fmt.Errorf("%s:%d: unknown key %q", name, keyLine(data, key), key.String())
	}
	return nil
}

// decodeEmbedded decodes one embedded file strictly into v.
func decodeEmbedded(name string, v any) error {
	data, err := files.ReadFile(name)
	if err != nil {
		return fmt.Errorf("assets: %w", err)
	}
	return DecodeStrict(name, data, v)
}

func describeTOMLError(name string, err error) error {
	var perr toml.ParseError
	if errors.As(err, &perr) {
		msg := perr.Message
		if msg == "" {
			msg = perr.Error()
		}
		key := ""
		if len(perr.LastKey) > 0 {
			key = fmt.Sprintf(" (key %q)", perr.LastKey)
		}
		return fmt.Errorf("%s:%d:%d: %s%s", name, perr.Position.Line, perr.Position.Col, msg, key)
	}
	return fmt.Errorf("%s: %v", name, err)
}

// keyLine finds the line on which the last part of key is assigned, so an
// unknown-key message can point at it. It returns 0 when the key cannot be
// found in the text.
func keyLine(data []byte, key toml.Key) int {
	if len(key) == 0 {
		return 0
	}
	last := key[len(key)-1]
	for i, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, last) || strings.HasPrefix(trimmed, `"`+last+`"`) ||
			strings.HasPrefix(trimmed, "["+strings.Join(key, ".")) {
			return i + 1
		}
	}
	return 0
}
