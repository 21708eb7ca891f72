package config

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"lastpost/assets"
)

// Palettes lists the palettes a player may pick, in the order the
// options screen offers them.
func Palettes() []Palette { return slices.Clone(palettes) }

// SaveOptions writes the options of c (palette, animation speed, log lines
// and the give-up question) into the config file at path and keeps the
// rest of the file: key bindings, colours, comments and the lines of the
// settings that did not change. Like SaveKeys it replaces the file
// atomically, leaves a file that is not a valid config alone, and makes
// the folder if need be.
func SaveOptions(path string, c Config, data *assets.Data) error {
	return rewriteFile(path, func(old []byte) ([]byte, error) { return rewriteOptions(path, old, c, data) })
}

// rewriteOptions returns the config text old with the options of c set in
// it in place: every other byte of the file is kept. A file written in a
// way the options cannot be set in (which the game cannot foresee in every
// case) is refused with the line that stands in the way, and nothing is
// written. The name is used in messages only.
func rewriteOptions(name string, old []byte, c Config, data *assets.Data) ([]byte, error) {
	before, err := Parse(name, old, data)
	if err != nil {
		return nil, fmt.Errorf("%w (the file was left as it was)", err)
	}
	want := before
	want.Palette, want.Animation, want.LogLines, want.ConfirmGiveUp = c.Palette, c.Animation, c.LogLines, c.ConfirmGiveUp
	edits := []struct {
		section, key, value string
		changed             bool
	}{
		{"colours", "palette", tomlString(string(want.Palette)), want.Palette != before.Palette},
		{"animation", "speed", want.Animation.toml(), want.Animation != before.Animation},
		{"display", "log_lines", fmt.Sprint(want.LogLines), want.LogLines != before.LogLines},
		{"play", "confirm_give_up", fmt.Sprint(want.ConfirmGiveUp), want.ConfirmGiveUp != before.ConfirmGiveUp},
	}
	text := string(old)
	for _, e := range edits {
		if !e.changed {
			continue
		}
		var line int
		text, line = setOption(text, e.section, e.key, e.value)
		if _, err := Parse("", []byte(text), data); err != nil {
			return nil, &Error{File: name, Line: line, Key: e.section + "." + e.key, Msg: "the Options screen cannot set this " +
				"as the file is written; change it in the file (the file was left as it was)"}
		}
	}
	if !readsBack([]byte(text), want, data) {
		return nil, &Error{File: name, Msg: "the new options could not be set in place as the file is written; " +
			"change them in the file (the file was left as it was)"}
	}
	return []byte(text), nil
}

// readsBack reports whether text reads as the settings of want.
func readsBack(text []byte, want Config, data *assets.Data) bool {
	got, err := Parse("", text, data)
	if err != nil {
		return false
	}
	got.Path, got.Found, want.Path, want.Found = "", false, "", false
	return reflect.DeepEqual(got, want)
}

// setOption returns text with section.key set to value, changing nothing
// else: the value replaced where the file sets it (the comment after it
// kept), else the setting added where the file writes its table (a
// [section] table, an inline table, dotted keys), else a [section] table
// added at the end. line is the line of the statement it changed or added
// to, 0 for a new table.
func setOption(text, section, key, value string) (string, int) {
	return setIn(text, []string{section}, key, value)
}

// setIn is setOption for a table at any depth: table is its path
// ([keys.gameplay] is {"keys", "gameplay"}).
func setIn(text string, table []string, key, value string) (string, int) {
	stmts := scanStmts(text)
	want := append(slices.Clone(table), key)
	for _, s := range stmts {
		if s.kind == stmtValue && slices.Equal(s.path, want) {
			return text[:s.valStart] + value + text[s.valEnd:], s.line
		}
	}
	for _, s := range stmts {
		if s.kind == stmtValue && slices.Equal(s.path, table) && s.inline(text) {
			return setInline(text, s, key, value), s.line
		}
	}
	if at, line, ok := tableEnd(stmts, table); ok {
		return insertLine(text, at, key+" = "+value), line
	}
	// A table made by dotted keys at the top (section.x = ...) cannot be
	// given a header as well; the setting joins them.
	name := strings.Join(table, ".")
	last := -1
	for i, s := range stmts {
		if s.kind == stmtHeader {
			break
		}
		if s.kind == stmtValue && hasPrefix(s.path, table) {
			last = i
		}
	}
	if last >= 0 {
		return insertLine(text, stmts[last].end, name+"."+key+" = "+value), stmts[last].line
	}
	return insertSection(strings.SplitAfter(text, "\n"), -1, "["+name+"]\n"+key+" = "+value+"\n"), 0
}

// setInline sets key to value in the inline table of statement s.
func setInline(text string, s stmt, key, value string) string {
	entries := inlineEntries(text, s.valStart, s.valEnd)
	for _, e := range entries {
		if slices.Equal(e.key, []string{key}) {
			return text[:e.valStart] + value + text[e.valEnd:]
		}
	}
	entry := key + " = " + value
	if len(entries) == 0 {
		return text[:s.valStart] + "{ " + entry + " }" + text[s.valEnd:]
	}
	at := entries[len(entries)-1].valEnd
	return text[:at] + ", " + entry + text[at:]
}

// tableEnd finds the [path] table among stmts and returns where a new
// setting goes in it: after its last setting, or after its header when it
// has none; line is the header's.
func tableEnd(stmts []stmt, path []string) (at, line int, ok bool) {
	for i, s := range stmts {
		if s.kind != stmtHeader || !slices.Equal(s.path, path) {
			continue
		}
		at = s.end
		for _, body := range stmts[i+1:] {
			if body.kind == stmtHeader {
				break
			}
			if body.kind == stmtValue {
				at = body.end
			}
		}
		return at, s.line, true
	}
	return 0, 0, false
}

// insertLine puts line into text at byte at, the start of a line (or the
// end of a text without a final newline).
func insertLine(text string, at int, line string) string {
	if at > 0 && text[at-1] != '\n' {
		line = "\n" + line
	} else {
		line += "\n"
	}
	return text[:at] + line + text[at:]
}

// toml writes the animation speed as the file gives it.
func (a Animation) toml() string {
	if a.Instant {
		return `"instant"`
	}
	return fmt.Sprintf("%d.%02d", a.Percent/100, a.Percent%100)
}
