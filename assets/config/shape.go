package config

import "bytes"

// Bounds on the shape of a config file, checked before the TOML parser
// sees it: the parser's time and memory grow much faster than the file
// with deep nesting and long dotted keys, and no real config needs either.
const (
	// maxFileSize bounds what Load reads; a real config is a few kilobytes.
	maxFileSize = 256 << 10
	// maxDepth bounds the brackets and braces open at once.
	maxDepth = 16
	// maxDots bounds the dots outside strings and comments on one line:
	// the parts of a dotted key, and the dots of numbers.
	maxDots = 32
)

// shapeScanner walks a file byte by byte, skipping strings and comments,
// and stops at the first place where the file is shaped beyond the bounds.
type shapeScanner struct {
	text            []byte
	i, line, lineAt int
	depth, dots     int
}

// checkShape reports nesting deeper than maxDepth and lines with more than
// maxDots dots outside strings, naming the line and column.
func checkShape(name string, text []byte) error {
	s := shapeScanner{text: text, line: 1}
	for s.i < len(text) {
		if msg := s.step(); msg != "" {
			return &Error{File: name, Line: s.line, Col: s.i - s.lineAt + 1, Msg: msg}
		}
	}
	return nil
}

// step reads one token's worth of the file and says what is wrong, if
// anything.
func (s *shapeScanner) step() string {
	c := s.text[s.i]
	switch c {
	case '\n':
		s.newline()
	case '#':
		s.skipComment()
		return ""
	case '"', '\'':
		s.skipString(c)
		return ""
	case '[', '{':
		s.depth++
		if s.depth > maxDepth {
			return "lists and tables are nested too deep (at most 16 levels)"
		}
	case ']', '}':
		s.depth = max(s.depth-1, 0)
	case '.':
		s.dots++
		if s.dots > maxDots {
			return "too many dotted parts on one line (at most 32)"
		}
	}
	s.i++
	return ""
}

func (s *shapeScanner) newline() {
	s.line++
	s.lineAt = s.i + 1
	s.dots = 0
}

// skipComment moves to the end of the line, leaving the newline.
func (s *shapeScanner) skipComment() {
	if end := bytes.IndexByte(s.text[s.i:], '\n'); end >= 0 {
		s.i += end
		return
	}
	s.i = len(s.text)
}

// skipString moves past a string that opens at s.i with quote q: a basic
// or literal string ends at its quote or the end of the line, a triple-
// quoted one at its closing triple, counting the lines it spans. In basic
// strings a backslash hides the next byte.
func (s *shapeScanner) skipString(q byte) {
	width := 1
	if bytes.HasPrefix(s.text[s.i:], []byte{q, q, q}) {
		width = 3
	}
	triple := width == 3
	s.i += width
	for s.i < len(s.text) {
		c := s.text[s.i]
		switch {
		case c == '\\' && q == '"':
			if s.i+1 < len(s.text) && s.text[s.i+1] == '\n' {
				s.i++
				s.newline()
			}
			s.i += 2
			continue
		case c == '\n' && !triple:
			return
		case c == '\n':
			s.newline()
		case c == q && (!triple || bytes.HasPrefix(s.text[s.i:], []byte{q, q, q})):
			s.i += width
			return
		}
		s.i++
	}
}
