package config

import (
	"fmt"
	"strings"
)

// maxKeyShown bounds how much of a key path a message repeats, so a
// hostile file with an enormous key cannot make an enormous message.
const maxKeyShown = 80

// Error is one problem with a config file: the file, where in it (Line and
// Col are 0 when unknown), the key path it concerns ("" for none) and what
// is wrong. Its text is a single line:
//
//	config.toml:12:9: keys.gameplay.fire: unknown key name "ff" (...)
type Error struct {
	File string
	Line int
	Col  int
	Key  string
	Msg  string
}

// Error writes FILE[:LINE[:COL]]: [KEY: ]MESSAGE on one line.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	if e.Key != "" {
		b.WriteString(shorten(e.Key))
		b.WriteString(": ")
	}
	b.WriteString(oneLine(e.Msg))
	return b.String()
}

// shorten cuts s to maxKeyShown runes, marking the cut.
func shorten(s string) string {
	r := []rune(s)
	if len(r) <= maxKeyShown {
		return s
	}
	return string(r[:maxKeyShown]) + "..."
}

// maxMsgShown bounds the length of a message, for the same reason.
const maxMsgShown = 300

// oneLine puts a message on one line and bounds its length.
func oneLine(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	if r := []rune(s); len(r) > maxMsgShown {
		return string(r[:maxMsgShown]) + "..."
	}
	return s
}

// quote writes a value from the file for a message: quoted, and cut short
// if it is long.
func quote(s string) string {
	const most = 40
	if r := []rune(s); len(r) > most {
		return fmt.Sprintf("%q...", string(r[:most]))
	}
	return fmt.Sprintf("%q", s)
}
