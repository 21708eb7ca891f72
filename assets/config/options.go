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
// it, or the whole config written out afresh when they cannot be set in
// place. The name is used in messages only.
func rewriteOptions(name string, old []byte, c Config, data *assets.Data) ([]byte, error) {
	before, err := Parse(name, old, data)
	if err != nil {
		return nil, fmt.Errorf("%w (the file was left as it was)", err)
	}
	want := before
	want.Palette, want.Animation, want.LogLines, want.ConfirmGiveUp = c.Palette, c.Animation, c.LogLines, c.ConfirmGiveUp
	text := string(old)
	if want.Palette != before.Palette {
		text = setValue(text, "colours", "palette", tomlString(string(want.Palette)))
	}
	if want.Animation != before.Animation {
		text = setValue(text, "animation", "speed", want.Animation.toml())
	}
	if want.LogLines != before.LogLines {
		text = setValue(text, "display", "log_lines", fmt.Sprint(want.LogLines))
	}
	if want.ConfirmGiveUp != before.ConfirmGiveUp {
		text = setValue(text, "play", "confirm_give_up", fmt.Sprint(want.ConfirmGiveUp))
	}
	if readsBack([]byte(text), want, data) {
		return []byte(text), nil
	}
	if fresh := want.encode(data); readsBack(fresh, want, data) {
		return fresh, nil
	}
	return nil, &Error{File: name, Msg: "the new options could not be written in a form the game reads back"}
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

// setValue returns text with key set to value in table [section]: the
// line that sets it replaced, else a line added under the table's header,
// else the table added at the end.
func setValue(text, section, key, value string) string {
	lines := strings.SplitAfter(text, "\n")
	set := key + " = " + value + "\n"
	in := false
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if isHeader(trimmed) {
			if in {
				return strings.Join(slices.Insert(lines, i, set), "")
			}
			in = strings.ReplaceAll(trimmed, " ", "") == "["+section+"]"
			continue
		}
		if rest, ok := strings.CutPrefix(trimmed, key); in && ok && strings.HasPrefix(strings.TrimLeft(rest, " \t"), "=") {
			lines[i] = set
			return strings.Join(lines, "")
		}
	}
	body := strings.Join(lines, "")
	if in {
		if body != "" && !strings.HasSuffix(body, "\n") {
			body += "\n"
		}
		return body + set
	}
	return insertSection(lines, -1, "["+section+"]\n"+set)
}
