package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"lastpost/assets"
	"lastpost/assets/atomicfile"
)

// SaveKeys writes bindings k into the config file at path and keeps the
// rest of the file: every other setting, and the comments and lines, those
// inside its key tables too (the bindings are set in place, as the Options
// screen sets its values). Only the actions whose keys differ from the
// embedded defaults are written; with every key back to its default the
// key tables go, and a file whose bindings cannot be set in place (an
// inline table) has its key tables written anew. The file is replaced atomically (a temp
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
	// A save killed half way leaves its temp file; the next one clears it.
	atomicfile.RemoveTemps(path)
	return writeAtomic(path, text)
}

// rewriteKeys returns the config text old with bindings k in place of its
// own, everything else kept. The name is used in messages only.
func rewriteKeys(name string, old []byte, k assets.Keys, data *assets.Data) ([]byte, error) {
	before, err := Parse(name, old, data)
	if err != nil {
		return nil, fmt.Errorf("%w (the file was left as it was)", err)
	}
	if keysTOML(k, data.Keys) != "" {
		// Edited in place, the comments inside the key tables stay.
		if text, ok := keysInPlace(old, before.Keys, k, data.Keys); ok {
			if text, ok := verified([]byte(text), k, data, before); ok {
				return text, nil
			}
		}
	}
	if text, ok := keepingTheRest(old, k, data, before); ok {
		return text, nil
	}
	return nil, &Error{File: name, Msg: "the new keys could not be set in place as the file is written; " +
		"change them in the file (the file was left as it was)"}
}

// keysInPlace returns old with the bindings that differ between from (the
// file's) and to set in place, as the Options screen sets its values: a
// changed action's value replaced where the file sets it (comments kept),
// a newly changed one added to its table, and one back to its default
// removed with its line; a key table left empty loses its header. It
// reports false when an action to remove is not a line of its own (an
// inline table), which the caller rewrites the tables for instead.
func keysInPlace(old []byte, from, to, def assets.Keys) (string, bool) {
	text := string(old)
	for _, kc := range keyContexts {
		for _, bind := range to.Context(kc.ctx) {
			if reflect.DeepEqual(bind.Keys, from.KeysFor(bind.Action)) {
				continue
			}
			if !reflect.DeepEqual(bind.Keys, def.KeysFor(bind.Action)) {
				text, _ = setIn(text, []string{"keys", kc.name}, string(bind.Action), keyArray(bind.Keys))
				continue
			}
			var ok bool
			if text, ok = removeSetting(text, []string{"keys", kc.name, string(bind.Action)}); !ok {
				return "", false
			}
		}
	}
	return dropEmptyKeyTables(text), true
}

// removeSetting returns text without the line that sets path, and false
// if no statement of its own sets it.
func removeSetting(text string, path []string) (string, bool) {
	for _, s := range scanStmts(text) {
		if s.kind == stmtValue && slices.Equal(s.path, path) {
			return text[:s.start] + text[s.end:], true
		}
	}
	return text, false
}

// dropEmptyKeyTables removes the header of each [keys.*] table that sets
// nothing, keeping the comments and blank lines around it.
func dropEmptyKeyTables(text string) string {
	stmts := scanStmts(text)
	var b strings.Builder
	for i, s := range stmts {
		if s.kind == stmtHeader && len(s.path) > 0 && s.path[0] == "keys" && !setsAnything(stmts[i+1:]) {
			continue
		}
		b.WriteString(text[s.start:s.end])
	}
	return b.String()
}

// setsAnything reports whether a value comes before the next header in
// stmts.
func setsAnything(stmts []stmt) bool {
	for _, s := range stmts {
		switch s.kind {
		case stmtHeader:
			return false
		case stmtValue:
			return true
		}
	}
	return false
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
// [keys.*], and top-level settings of keys.*, a value spanning lines or an
// inline table removed whole) and puts section where the first of them
// stood, or at the end. Comments and blank lines that end a removed table
// stay, as they usually introduce the next table, unless that table is
// removed too.
func spliceKeys(text []byte, section string) []byte {
	var out []string
	at := -1
	var dropped []string // statements of the table being removed
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
	for _, st := range scanStmts(string(text)) {
		chunk := string(text[st.start:st.end])
		isKeys := len(st.path) > 0 && st.path[0] == "keys"
		if st.kind == stmtHeader {
			if inKeys {
				flush(isKeys)
			}
			seenHeader = true
			inKeys = isKeys
		}
		topLevelKeys := !seenHeader && st.kind == stmtValue && isKeys
		if (inKeys || topLevelKeys) && at < 0 {
			at = len(out)
		}
		switch {
		case inKeys:
			dropped = append(dropped, chunk)
		case !topLevelKeys:
			out = append(out, chunk)
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

// writeAtomic replaces path with data so that a crash at any moment leaves
// either the old file or the new one. The new file keeps the old one's
// permissions, which the player may have narrowed.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, atomicfile.Mode(path, 0o644))
}
