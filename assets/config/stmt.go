package config

import (
	"slices"
	"strings"
)

// stmtKind says what a statement of a TOML file is.
type stmtKind int

const (
	stmtNone   stmtKind = iota // blank lines and comments
	stmtHeader                 // [table] or [[array of tables]]
	stmtValue                  // key = value
)

// stmt is one statement of a config file, found by a scan that knows only
// as much TOML as it takes to edit a file in place: where statements start
// and end (a value may span lines), the key paths, and where a value
// stands. It runs on files the TOML decoder has accepted.
type stmt struct {
	kind stmtKind
	line int // line where it starts, from 1
	// start and end span its whole lines, the newline after it included.
	start, end int
	// path is a header's table, or a value's full key: its table's path
	// and its dotted key.
	path []string
	// valStart and valEnd span a value as written, without the comment
	// after it.
	valStart, valEnd int
}

// inline reports whether the statement's value is an inline table.
func (s stmt) inline(text string) bool {
	return s.kind == stmtValue && strings.HasPrefix(text[s.valStart:], "{")
}

// scanStmts splits text into statements, each with its full key path.
func scanStmts(text string) []stmt {
	var out []stmt
	var table []string
	line := 1
	for pos := 0; pos < len(text); {
		s := stmt{line: line, start: pos}
		i := skipSpace(text, pos)
		switch {
		case i >= len(text) || text[i] == '#' || text[i] == '\n' || text[i] == '\r':
			s.kind = stmtNone
		case text[i] == '[':
			s.kind = stmtHeader
			i++
			if i < len(text) && text[i] == '[' {
				i++
			}
			s.path, i = scanKey(text, i)
			table = s.path
		default:
			s.kind = stmtValue
			var key []string
			key, i = scanKey(text, i)
			s.path = append(append([]string(nil), table...), key...)
			i = skipSpace(text, i)
			if i < len(text) && text[i] == '=' {
				i++
			}
			s.valStart = skipSpace(text, i)
			s.valEnd = scanValue(text, s.valStart)
			i = s.valEnd
		}
		s.end = lineEnd(text, i)
		line += strings.Count(text[s.start:s.end], "\n")
		out = append(out, s)
		pos = s.end
	}
	return out
}

// lineEnd returns where the line holding i ends, its newline included.
func lineEnd(text string, i int) int {
	if n := strings.IndexByte(text[min(i, len(text)):], '\n'); n >= 0 {
		return min(i, len(text)) + n + 1
	}
	return len(text)
}

func skipSpace(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// scanKey reads a dotted key (bare or quoted parts, spaces around dots)
// from i; it stops at '=', ']' or the end of the line.
func scanKey(text string, i int) ([]string, int) {
	var parts []string
	for {
		i = skipSpace(text, i)
		if i >= len(text) {
			return parts, i
		}
		var part string
		switch text[i] {
		case '"', '\'':
			end := stringEnd(text, i)
			part = unquote(text[i:end])
			i = end
		default:
			j := i
			for j < len(text) && isBareKeyByte(text[j]) {
				j++
			}
			part, i = text[i:j], j
		}
		parts = append(parts, part)
		i = skipSpace(text, i)
		if i >= len(text) || text[i] != '.' {
			return parts, i
		}
		i++
	}
}

func isBareKeyByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// unquote returns a quoted key's name. Keys the game knows need no
// escapes, so an escape is kept as written: such a key matches none.
func unquote(q string) string {
	if len(q) < 2 {
		return q
	}
	return q[1 : len(q)-1]
}

// stringEnd returns the index after the string starting at i: basic or
// literal, on one line or, tripled, on many.
func stringEnd(text string, i int) int {
	q := text[i]
	if triple := strings.Repeat(string(q), 3); strings.HasPrefix(text[i:], triple) {
		j := i + 3
		for {
			n := strings.Index(text[j:], triple)
			if n < 0 {
				return len(text)
			}
			j += n
			if q == '"' && escaped(text, j) {
				j++
				continue
			}
			// A closing run may hold up to two more quotes.
			j += 3
			for k := 0; k < 2 && j < len(text) && text[j] == q; k++ {
				j++
			}
			return j
		}
	}
	for j := i + 1; j < len(text) && text[j] != '\n'; j++ {
		if text[j] == q && (q == '\'' || !escaped(text, j)) {
			return j + 1
		}
	}
	return len(text)
}

// escaped reports whether the byte at j follows an odd run of backslashes.
func escaped(text string, j int) bool {
	n := 0
	for k := j - 1; k >= 0 && text[k] == '\\'; k-- {
		n++
	}
	return n%2 == 1
}

// scanValue returns the index after the value starting at i: a string, an
// array or inline table with what they hold (which may span lines and
// hold comments), or a bare word up to a comment or the end of the line.
func scanValue(text string, i int) int {
	if i >= len(text) {
		return i
	}
	switch text[i] {
	case '"', '\'':
		return stringEnd(text, i)
	case '[', '{':
		return bracketEnd(text, i)
	}
	j := i
	for j < len(text) && text[j] != '#' && text[j] != '\n' && text[j] != ',' && text[j] != '}' && text[j] != ']' {
		j++
	}
	for j > i && (text[j-1] == ' ' || text[j-1] == '\t' || text[j-1] == '\r') {
		j--
	}
	return j
}

// bracketEnd returns the index after the array or inline table opening at i.
func bracketEnd(text string, i int) int {
	depth := 0
	for j := i; j < len(text); {
		switch text[j] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return j + 1
			}
		case '"', '\'':
			j = stringEnd(text, j)
			continue
		case '#':
			j = lineEnd(text, j)
			continue
		}
		j++
	}
	return len(text)
}

// inlineEntry is one key = value of an inline table.
type inlineEntry struct {
	key              []string
	valStart, valEnd int
}

// inlineEntries returns the entries of the inline table spanning
// text[start:end] ("{" to "}").
func inlineEntries(text string, start, end int) []inlineEntry {
	var out []inlineEntry
	i := start + 1
	for {
		i = skipBlank(text, i, end)
		if i >= end-1 {
			return out
		}
		var e inlineEntry
		e.key, i = scanKey(text, i)
		i = skipBlank(text, i, end)
		if i < end && text[i] == '=' {
			i++
		}
		e.valStart = skipBlank(text, i, end)
		e.valEnd = scanValue(text, e.valStart)
		out = append(out, e)
		i = skipBlank(text, e.valEnd, end)
		if i < end && text[i] == ',' {
			i++
		} else if i <= e.valStart {
			return out // nothing read: not a table this scan understands
		}
	}
}

// skipBlank skips spaces, newlines and comments up to end.
func skipBlank(text string, i, end int) int {
	for i < end {
		switch text[i] {
		case ' ', '\t', '\r', '\n':
			i++
		case '#':
			i = lineEnd(text, i)
		default:
			return i
		}
	}
	return i
}

// hasPrefix reports whether path starts with prefix.
func hasPrefix(path, prefix []string) bool {
	return len(path) >= len(prefix) && slices.Equal(path[:len(prefix)], prefix)
}
