package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"lastpost/assets"
	"lastpost/assets/atomicfile"
)

// SaveKeys writes bindings k into the config file at path and keeps the
// rest of the file: every other setting, and the comments and lines
// outside its key tables. Only the actions whose keys differ from the
// embedded defaults are written. The file is replaced atomically (a temp
// file in the same folder, synced, renamed over it, the folder synced), so
// a crash leaves the old file or the new one. A file that is not a valid
// config is left alone and the error says why. The folder is made if need
// be.
func SaveKeys(path string, k assets.Keys, data *assets.Data) error {
	return rewriteFile(path, func(old []byte) ([]byte, error) { return rewriteKeys(path, old, k, data) })
}

// rewriteFile replaces the config file at path, atomically, with what
// rewrite makes of its text (empty when there is no file yet).
func rewriteFile(path string, rewrite func(old []byte) ([]byte, error)) error {
	if path == "" {
		return errors.New("there is no config file to write to")
	}
	old, err := readCapped(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return &Error{File: path, Msg: err.Error()}
	}
	text, err := rewrite(old)
	if err != nil {
		return err
	}
	return writeAtomic(path, text)
}

// rewriteKeys returns the config text old with bindings k in place of its
// own, everything else kept. The name is used in messages only.
func rewriteKeys(name string, old []byte, k assets.Keys, data *assets.Data) ([]byte, error) {
	before, err := Parse(name, old, data)
	if err != nil {
		return nil, fmt.Errorf("%w (the file was left as it was)", err)
	}
	if text, ok := keepingTheRest(old, k, data, before); ok {
		return text, nil
	}
	before.Keys = k
	text, ok := verified(before.encode(data), k, data, before)
	if !ok {
		return nil, &Error{File: name, Msg: "the new keys could not be written in a form the game reads back"}
	}
	return text, nil
}

// keepingTheRest replaces the key tables of old with k and checks that the
// result reads back to k with every other setting as before.
func keepingTheRest(old []byte, k assets.Keys, data *assets.Data, before Config) ([]byte, bool) {
	text := spliceKeys(old, keysTOML(k, data.Keys))
	return verified(text, k, data, before)
}

// verified reads text back and reports whether it binds k and keeps the
// other settings of before.
func verified(text []byte, k assets.Keys, data *assets.Data, before Config) ([]byte, bool) {
	after, err := Parse("", text, data)
	if err != nil || !reflect.DeepEqual(after.Keys, k) {
		return nil, false
	}
	after.Keys, before.Keys = assets.Keys{}, assets.Keys{}
	after.Path, after.Found, before.Path, before.Found = "", false, "", false
	return text, reflect.DeepEqual(after, before)
}

// keysTOML writes the actions of k whose keys differ from def, as
// [keys.gameplay], [keys.menu] and [keys.replay] tables ("" when none differ).
func keysTOML(k, def assets.Keys) string {
	var b strings.Builder
	for _, kc := range keyContexts {
		header := false
		for _, bind := range k.Context(kc.ctx) {
			if reflect.DeepEqual(bind.Keys, def.KeysFor(bind.Action)) {
				continue
			}
			if !header {
				if b.Len() > 0 {
					b.WriteByte('\n')
				}
				fmt.Fprintf(&b, "[keys.%s]\n", kc.name)
				header = true
			}
			fmt.Fprintf(&b, "%s = %s\n", bind.Action, keyArray(bind.Keys))
		}
	}
	return b.String()
}

// keyArray writes keys as a TOML list of key names.
func keyArray(keys []assets.Key) string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = tomlString(k.String())
	}
	return "[" + strings.Join(names, ", ") + "]"
}

// tomlString quotes s as a TOML basic string. Key names are printable, so
// only the quote and the backslash need escaping.
func tomlString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// spliceKeys removes the key tables from text (tables headed [keys] or
// [keys.*], and top-level lines that set keys.*) and puts section where the
// first of them stood, or at the end. Comments and blank lines that end a
// removed table stay, as they usually introduce the next table, unless
// that table is removed too.
func spliceKeys(text []byte, section string) []byte {
	lines := strings.SplitAfter(string(text), "\n")
	var out []string
	at := -1
	var dropped []string // lines of the table being removed
	inKeys, seenHeader := false, false
	// flush ends a removed table; its closing comments stay unless they
	// introduce another key table.
	flush := func(nextIsKeys bool) {
		keep := len(dropped)
		for keep > 0 && isBlankOrComment(dropped[keep-1]) && !nextIsKeys {
			keep--
		}
		out = append(out, dropped[keep:]...)
		dropped = dropped[:0]
	}
	for _, line := range lines {
		trimmed := strings.TrimSpace(line)
		if isHeader(trimmed) {
			next := headerIsKeys(trimmed)
			if inKeys {
				flush(next)
			}
			seenHeader = true
			inKeys = next
		}
		topLevelKeys := !seenHeader && startsWithKeys(trimmed)
		if (inKeys || topLevelKeys) && at < 0 {
			at = len(out)
		}
		switch {
		case inKeys:
			dropped = append(dropped, line)
		case !topLevelKeys:
			out = append(out, line)
		}
	}
	if inKeys {
		flush(false)
	}
	return []byte(insertSection(out, at, section))
}

// insertSection puts section into lines at index at (at the end if at is
// negative), with a blank line between it and what follows.
func insertSection(lines []string, at int, section string) string {
	if section == "" {
		if at < 0 {
			return strings.Join(lines, "")
		}
		// Where the tables were, one blank line is enough.
		before, rest := strings.Join(lines[:at], ""), strings.Join(lines[at:], "")
		if (before == "" || strings.HasSuffix(before, "\n\n")) && strings.HasPrefix(rest, "\n") {
			rest = rest[1:]
		}
		return before + rest
	}
	if at < 0 {
		body := strings.Join(lines, "")
		switch {
		case body == "":
			return section
		case !strings.HasSuffix(body, "\n"):
			body += "\n"
		}
		return body + "\n" + section
	}
	rest := strings.Join(lines[at:], "")
	if rest != "" && !strings.HasPrefix(rest, "\n") {
		section += "\n"
	}
	return strings.Join(lines[:at], "") + section + rest
}

func isBlankOrComment(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "#")
}

func isHeader(trimmed string) bool { return strings.HasPrefix(trimmed, "[") }

// headerIsKeys reports whether a [table] or [[array]] header names keys or
// a table inside it.
func headerIsKeys(trimmed string) bool {
	name := strings.TrimLeft(trimmed, "[ \t")
	return startsWithKeys(name)
}

// startsWithKeys reports whether a key path or an assignment starts with
// the key keys.
func startsWithKeys(s string) bool {
	for _, form := range []string{"keys", `"keys"`, "'keys'"} {
		if rest, ok := strings.CutPrefix(s, form); ok && rest != "" && strings.ContainsAny(rest[:1], ".= \t]") {
			return true
		}
	}
	return false
}

// encode writes the whole config in canonical form: every setting that
// differs from the defaults of data. SaveKeys falls back on it when the
// file's key tables cannot be replaced in place.
func (c *Config) encode(data *assets.Data) []byte {
	def := Default(data)
	var b bytes.Buffer
	section := func(s string) {
		if s == "" {
			return
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(s)
	}
	section(keysTOML(c.Keys, def.Keys))
	section(c.coloursTOML(def))
	if c.Animation != def.Animation {
		section("[animation]\nspeed = " + c.Animation.toml() + "\n")
	}
	if c.LogLines != def.LogLines {
		section(fmt.Sprintf("[display]\nlog_lines = %d\n", c.LogLines))
	}
	if c.ConfirmGiveUp != def.ConfirmGiveUp {
		section(fmt.Sprintf("[play]\nconfirm_give_up = %t\n", c.ConfirmGiveUp))
	}
	return b.Bytes()
}

// toml writes the animation speed as the file gives it.
func (a Animation) toml() string {
	if a.Instant {
		return `"instant"`
	}
	return fmt.Sprintf("%d.%02d", a.Percent/100, a.Percent%100)
}

// coloursTOML writes the palette and every role that differs from def.
func (c *Config) coloursTOML(def Config) string {
	var b strings.Builder
	if c.Palette != def.Palette {
		fmt.Fprintf(&b, "[colours]\npalette = %s\n", tomlString(string(c.Palette)))
	}
	for _, r := range assets.Roles {
		col := c.Colours.Role(r)
		if col == def.Colours.Role(r) {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "[colours.role.%s]\nfg = %d\nbg = %s\nfallback = %s\nfallback_bg = %s\nmono = %s\n",
			r, col.FG, bgTOML(col.BG), tomlString(col.Fallback.String()),
			tomlString(col.FallbackBG.String()), tomlString(col.Mono.String()))
	}
	return b.String()
}

func bgTOML(index int) string {
	if index == assets.NoColour {
		return `"default"`
	}
	return fmt.Sprint(index)
}

// writeAtomic replaces path with data so that a crash at any moment leaves
// either the old file or the new one. The new file keeps the old one's
// permissions, which the player may have narrowed.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, atomicfile.Mode(path, 0o644))
}
