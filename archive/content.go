package archive

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"lastpost/assets"
)

// contentLine writes a recording's content line: the digest, then the
// extra files' names as long as the line stays within what a reader takes
// (the digest alone decides; the names are for messages).
func contentLine(c assets.Content) string {
	s := recContent + " " + c.Digest
	for _, name := range c.Extra {
		if len(s)+1+len(name) > maxRecLine || strings.ContainsAny(name, " \n") {
			break
		}
		s += " " + name
	}
	return s + "\n"
}

// botContentSeed reads the header lines between the logic line and the
// start line: the bot line if there is one, the content line (from format
// 3 on) and the seed line, whose value it returns.
func (p *recParser) botContentSeed() (string, error) {
	if p.rec.Format < 3 {
		v, err := p.field(recBot, recSeed)
		if err != nil || p.key != recBot {
			return v, err
		}
		if err := p.bot(v); err != nil {
			return "", err
		}
		return p.field(recSeed)
	}
	s, ok, err := p.next()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", p.fail("file ends inside the header: expected %q", recContent)
	}
	if v, isBot := strings.CutPrefix(s, recBot+" "); isBot {
		if err := p.bot(v); err != nil {
			return "", err
		}
		if s, ok, err = p.next(); err != nil {
			return "", err
		}
		if !ok {
			return "", p.fail("file ends inside the header: expected %q", recContent)
		}
	}
	if err := p.content(s); err != nil {
		return "", err
	}
	return p.forkThenSeed()
}

// bot reads a bot line's version.
func (p *recParser) bot(v string) error {
	var err error
	if p.rec.Bot, err = strconv.Atoi(v); err != nil || p.rec.Bot < 1 || strconv.Itoa(p.rec.Bot) != v {
		return p.fail("bad bot version %q", v)
	}
	return nil
}

// content reads "content <digest> [extra file...]".
func (p *recParser) content(s string) error {
	fields := strings.Split(s, " ")
	if fields[0] != recContent || len(fields) < 2 {
		return p.fail("expected %q followed by the content digest, got %q", recContent, s)
	}
	if _, err := parseHash(fields[1]); err != nil {
		return p.fail("content digest %q must be 16 lower-case hex digits", fields[1])
	}
	for _, name := range fields[2:] {
		if name == "" {
			return p.fail("content line %q has an empty file name", s)
		}
	}
	p.rec.Content = assets.Content{Digest: fields[1], Extra: fields[2:]}
	if len(fields) == 2 {
		p.rec.Content.Extra = nil
	}
	p.rec.ContentLine = p.line
	return nil
}

// ContentError says a recording or a save was made with other play data
// than the game has loaded: replaying or continuing it would desync, so it
// is refused, naming both.
type ContentError struct {
	// File and Line locate the recording's content line; Line is 0 for a
	// save.
	File      string
	Line      int
	Made, Has assets.Content
}

// Error names the content the file was made with and the content loaded,
// and how to load the same.
func (e *ContentError) Error() string {
	at := e.File + ": "
	if e.Line > 0 {
		at = fmt.Sprintf("%s:%d: ", e.File, e.Line)
	}
	return fmt.Sprintf("%smade with content %s, but this game loaded content %s: start it with the same -content files",
		at, e.Made, e.Has)
}

// checkContent refuses a recording made with other content than data; a
// format 2 recording, which does not say, passes.
func checkContent(data *assets.Data, rec *Recording) error {
	if rec.Content.Digest == "" || rec.Content.Digest == data.Content.Digest {
		return nil
	}
	return &ContentError{File: rec.File, Line: rec.ContentLine, Made: rec.Content, Has: data.Content}
}

// saveContent reads the content line at the head of a save's body, refuses
// a save made with other content than data, and returns the state after
// it. The body of a save of format 2 has none: it is all state.
func saveContent(data *assets.Data, version int, body []byte) ([]byte, error) {
	if version < 3 {
		return body, nil
	}
	line, state, ok := bytes.Cut(body, []byte("\n"))
	if !ok || !bytes.HasPrefix(line, []byte(recContent+" ")) {
		return nil, errors.New("its body does not begin with a content line")
	}
	fields := strings.Split(string(line), " ")
	if _, err := parseHash(fields[1]); err != nil {
		return nil, fmt.Errorf("its content digest %q must be 16 lower-case hex digits", fields[1])
	}
	made := assets.Content{Digest: fields[1], Extra: fields[2:]}
	if len(made.Extra) == 0 {
		made.Extra = nil
	}
	if made.Digest != data.Content.Digest {
		return nil, &ContentError{File: SaveName, Made: made, Has: data.Content}
	}
	return state, nil
}

// frameVersion reads the version from the header of a framed file that
// decoded, so has a valid header.
func frameVersion(b []byte) int {
	fields := strings.SplitN(string(b[:bytes.IndexByte(b, '\n')]), " ", 3)
	v, _ := strconv.Atoi(fields[1])
	return v
}
