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
	"slices"
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
// unknown-key message can point at it. It follows table headers, dotted keys
// and one-line inline tables, and falls back to the first line starting with
// the key's last part. It returns 0 when the key cannot be found in the text.
func keyLine(data []byte, key toml.Key) int {
	if len(key) == 0 {
		return 0
	}
	lines := strings.Split(string(data), "\n")
	if n := scopedKeyLine(lines, key); n > 0 {
		return n
	}
	last := key[len(key)-1]
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, last) || strings.HasPrefix(trimmed, `"`+last+`"`) ||
			strings.HasPrefix(trimmed, "["+strings.Join(key, ".")) {
			return i + 1
		}
	}
	return 0
}

// scopedKeyLine finds a header that names key, or a line that assigns the
// rest of key under a header that names its beginning.
func scopedKeyLine(lines []string, key toml.Key) int {
	var table []string
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if header, ok := tableHeader(trimmed); ok {
			if slices.Equal(header, key) {
				return i + 1
			}
			table = header
			continue
		}
		if len(table) < len(key) && slices.Equal(table, key[:len(table)]) && assigns(trimmed, key[len(table):]) {
			return i + 1
		}
	}
	return 0
}

// tableHeader returns the key path of a [table] or [[array]] header line.
func tableHeader(line string) ([]string, bool) {
	if !strings.HasPrefix(line, "[") {
		return nil, false
	}
	end := strings.Index(line, "]")
	if end < 0 {
		return nil, false
	}
	parts := strings.Split(strings.Trim(line[:end], "[ "), ".")
	for i, part := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(part), `"'`)
	}
	return parts, true
}

// assigns reports whether text starts by assigning the key path rest, as a
// plain key, a dotted key or a key inside a one-line inline table.
func assigns(text string, rest []string) bool {
	after, ok := cutKey(text, rest[0])
	if !ok {
		return false
	}
	if len(rest) == 1 {
		return strings.HasPrefix(after, "=")
	}
	if strings.HasPrefix(after, ".") {
		return assigns(strings.TrimSpace(after[1:]), rest[1:])
	}
	if !strings.HasPrefix(after, "=") {
		return false
	}
	value := strings.TrimSpace(after[1:])
	for _, sep := range []string{"{", ","} {
		for _, piece := range strings.Split(value, sep)[1:] {
			if assigns(strings.TrimSpace(piece), rest[1:]) {
				return true
			}
		}
	}
	return false
}

// cutKey removes a leading bare or quoted key name from text and returns the
// rest without leading spaces. It reports false unless the name is followed
// by '=', '.' or a space, so "van" does not match "vane".
func cutKey(text, name string) (string, bool) {
	for _, form := range []string{name, `"` + name + `"`, "'" + name + "'"} {
		rest, ok := strings.CutPrefix(text, form)
		if !ok {
			continue
		}
		if rest == "" || !strings.ContainsAny(rest[:1], "=. \t") {
			continue
		}
		return strings.TrimSpace(rest), true
	}
	return "", false
}
