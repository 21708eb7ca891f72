package archive

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"lastpost/assets/atomicfile"
	"lastpost/game"
)

// RecordFormat numbers the layout of a recording file.
const RecordFormat = 1

// The recording's fixed words. A recording reads:
//
//	lastpost-recording 1
//	logic 1
//	seed 42
//	start 5d0c6a1e7f3b2a90
//	1 accelerate 9a3c0d4e5f607182
//	2 fire east 0b1c2d3e4f506172
//	3 steer-up 0b1c2d3e4f506172 refused
//
// The header gives the file format, the logic version, the seed and the
// state hash before the first command (turn 0). Then every command that
// reached the game follows, one per line: the turn number counting from 1,
// the command as Command.String writes it, the state hash after it, and the
// word "refused" when the game refused it (the hash is then unchanged).
const (
	recMagic   = "lastpost-recording"
	recLogic   = "logic"
	recSeed    = "seed"
	recStart   = "start"
	recRefused = "refused"
)

// Limits that keep a hostile or broken file from costing much to read.
const (
	maxRecLine  = 128
	maxRecSteps = 1 << 20
)

// Step is one recorded command with the state hash after it.
type Step struct {
	Line    int // line in the file, for error messages
	Cmd     game.Command
	Hash    uint64
	Refused bool
}

// Recording is a parsed recording file.
type Recording struct {
	File      string // name used in error messages
	Format    int
	Logic     int
	LogicLine int // line of the logic header, for the version error
	Seed      uint64
	Start     uint64 // state hash before the first command
	Steps     []Step
}

// Last returns the state hash after the last step (Start if there is none).
func (r *Recording) Last() uint64 {
	if len(r.Steps) == 0 {
		return r.Start
	}
	return r.Steps[len(r.Steps)-1].Hash
}

// ParseError says where and why a recording cannot be read. Its text is
// "<FILE>:<LINE>: <what is wrong>"; Line is 0 when the file could not be
// opened at all.
type ParseError struct {
	File string
	Line int
	Msg  string
	// Err is the cause when it is one a caller may test for
	// (atomicfile.ErrNotRegular), else nil.
	Err error
}

// Unwrap returns the cause, if any.
func (e *ParseError) Unwrap() error { return e.Err }

// Error writes "<FILE>:<LINE>: <what is wrong>", as compilers do, so
// editors can jump to the line; a file that could not be opened has no
// line to name ("<FILE>: not a regular file").
func (e *ParseError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// hashText writes a state hash as a recording does: 16 lower-case hex digits.
func hashText(h uint64) string { return fmt.Sprintf("%016x", h) }

// parseHash reads 16 hex digits, nothing more or less.
func parseHash(s string) (uint64, error) {
	if len(s) != 16 {
		return 0, fmt.Errorf("state hash %q must be 16 hex digits", s)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return 0, fmt.Errorf("state hash %q must be 16 lower-case hex digits", s)
		}
	}
	return strconv.ParseUint(s, 16, 64)
}

// Recorder writes a recording as play goes. Each line goes out in a single
// Write, so what reached the writer is whole lines up to the last turn; give
// it an unbuffered writer (a file) and a crash keeps everything so far.
type Recorder struct {
	w    io.Writer
	turn int
	buf  []byte
}

// NewRecorder writes the header of a recording of run seed whose state hash
// before any command is start (Game.Hash of a fresh game).
func NewRecorder(w io.Writer, seed, start uint64) (*Recorder, error) {
	if _, err := io.WriteString(w, header(game.LogicVersion, seed, start)); err != nil {
		return nil, err
	}
	return &Recorder{w: w}, nil
}

// resumeRecorder continues a recording that already holds turns steps.
func resumeRecorder(w io.Writer, turns int) *Recorder { return &Recorder{w: w, turn: turns} }

// Turns returns how many commands have been recorded.
func (r *Recorder) Turns() int { return r.turn }

// Record writes one command, whether the game took it, and the state hash
// after it.
func (r *Recorder) Record(c game.Command, took bool, hash uint64) error {
	r.turn++
	r.buf = appendStep(r.buf[:0], r.turn, c, hash, !took)
	_, err := r.w.Write(r.buf)
	return err
}

// appendStep writes one step line: "<turn> <command> <hash>[ refused]\n".
func appendStep(b []byte, turn int, c game.Command, hash uint64, refused bool) []byte {
	b = strconv.AppendInt(b, int64(turn), 10)
	b = append(b, ' ')
	b = append(b, c.String()...)
	b = append(b, ' ')
	b = fmt.Appendf(b, "%016x", hash)
	if refused {
		b = append(b, ' ')
		b = append(b, recRefused...)
	}
	return append(b, '\n')
}

// Do plays c on g and records it. A recording error is returned only when
// the game itself had none. The command is played as the recording will
// replay it, without any direction or index its kind does not take.
func (r *Recorder) Do(g *game.Game, c game.Command) (game.Result, error) {
	c = c.Canonical()
	res, err := g.Do(c)
	if rerr := r.Record(c, res.Took, g.Hash()); err == nil {
		err = rerr
	}
	return res, err
}

// header writes the header lines of a recording.
func header(logic int, seed, start uint64) string {
	return fmt.Sprintf("%s %d\n%s %d\n%s %d\n%s %s\n",
		recMagic, RecordFormat, recLogic, logic, recSeed, seed, recStart, hashText(start))
}

// WriteTo writes the recording in its file format, as a Recorder would
// have; the logic version written is the recording's own.
func (r *Recording) WriteTo(w io.Writer) (int64, error) {
	b := []byte(header(r.Logic, r.Seed, r.Start))
	for i, st := range r.Steps {
		b = appendStep(b, i+1, st.Cmd, st.Hash, st.Refused)
	}
	n, err := w.Write(b)
	return int64(n), err
}

// LoadRecording reads a recording file; a name ending in ".gz" is
// decompressed first. Every failure is a *ParseError.
func LoadRecording(path string) (*Recording, error) {
	f, err := atomicfile.OpenRegular(path)
	if errors.Is(err, atomicfile.ErrNotRegular) {
		return nil, &ParseError{File: path, Msg: atomicfile.ErrNotRegular.Error(), Err: atomicfile.ErrNotRegular}
	}
	if err != nil {
		return nil, &ParseError{File: path, Msg: openProblem(err)}
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, &ParseError{File: path, Line: 1, Msg: "not a gzip file: " + err.Error()}
		}
		defer z.Close()
		r = z
	}
	return ReadRecording(path, r)
}

// openProblem words a failure to open a file without repeating its name.
func openProblem(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return "cannot open: " + pe.Err.Error()
	}
	return "cannot open: " + err.Error()
}

// ReadRecording parses a recording strictly: the header in order, then
// numbered steps from 1 with no gaps, each in the canonical form Recorder
// writes. It never panics and reads at most maxRecSteps lines of at most
// maxRecLine bytes. name is used in error messages.
func ReadRecording(name string, r io.Reader) (*Recording, error) {
	p := recParser{rec: &Recording{File: name}, sc: bufio.NewScanner(r)}
	p.sc.Buffer(make([]byte, 0, maxRecLine+2), maxRecLine+2)
	if err := p.header(); err != nil {
		return nil, err
	}
	if err := p.steps(); err != nil {
		return nil, err
	}
	return p.rec, nil
}

// recParser reads one recording line by line.
type recParser struct {
	rec  *Recording
	sc   *bufio.Scanner
	line int
}

func (p *recParser) fail(format string, args ...any) error {
	return &ParseError{File: p.rec.File, Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

// next reads the next line; ok is false at the end of the file.
func (p *recParser) next() (string, bool, error) {
	if !p.sc.Scan() {
		p.line++
		if err := p.sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return "", false, p.fail("line longer than %d bytes", maxRecLine)
			}
			return "", false, p.fail("cannot read: %v", err)
		}
		return "", false, nil
	}
	p.line++
	s := p.sc.Text()
	if len(s) > maxRecLine {
		return "", false, p.fail("line longer than %d bytes", maxRecLine)
	}
	return s, true, nil
}

// field reads a header line "<key> <value>" and returns the value.
func (p *recParser) field(key string) (string, error) {
	s, ok, err := p.next()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", p.fail("file ends inside the header: expected %q", key)
	}
	k, v, found := strings.Cut(s, " ")
	if !found || k != key || v == "" || strings.Contains(v, " ") {
		return "", p.fail("expected %q followed by one value, got %q", key, s)
	}
	return v, nil
}

func (p *recParser) header() error {
	v, err := p.field(recMagic)
	if err != nil {
		if pe, ok := err.(*ParseError); ok && pe.Line == 1 {
			pe.Msg = "not a Last Post recording (no " + recMagic + " line)"
		}
		return err
	}
	if p.rec.Format, err = strconv.Atoi(v); err != nil || p.rec.Format != RecordFormat {
		return p.fail("recording format %q is not supported (this build reads %d)", v, RecordFormat)
	}
	if v, err = p.field(recLogic); err != nil {
		return err
	}
	if p.rec.Logic, err = strconv.Atoi(v); err != nil || p.rec.Logic < 0 {
		return p.fail("bad logic version %q", v)
	}
	p.rec.LogicLine = p.line
	if v, err = p.field(recSeed); err != nil {
		return err
	}
	if p.rec.Seed, err = strconv.ParseUint(v, 10, 64); err != nil {
		return p.fail("bad seed %q", v)
	}
	if v, err = p.field(recStart); err != nil {
		return err
	}
	if p.rec.Start, err = parseHash(v); err != nil {
		return p.fail("%v", err)
	}
	return nil
}

func (p *recParser) steps() error {
	for {
		s, ok, err := p.next()
		if err != nil || !ok {
			return err
		}
		if len(p.rec.Steps) >= maxRecSteps {
			return p.fail("more than %d turns", maxRecSteps)
		}
		st, err := p.step(s)
		if err != nil {
			return err
		}
		p.rec.Steps = append(p.rec.Steps, st)
	}
}

// step parses "<turn> <command...> <hash> [refused]".
func (p *recParser) step(s string) (Step, error) {
	st := Step{Line: p.line}
	fields := strings.Split(s, " ")
	if n := len(fields); n > 0 && fields[n-1] == recRefused {
		st.Refused = true
		fields = fields[:n-1]
	}
	if len(fields) < 3 {
		return st, p.fail("expected \"<turn> <command> <hash>\", got %q", s)
	}
	want := len(p.rec.Steps) + 1
	if fields[0] != strconv.Itoa(want) {
		return st, p.fail("expected turn %d, got %q", want, fields[0])
	}
	text := strings.Join(fields[1:len(fields)-1], " ")
	c, err := game.ParseCommand(text)
	if err != nil {
		return st, p.fail("%v", err)
	}
	if c.String() != text {
		return st, p.fail("command %q is not written the way a recording writes it (%q)", text, c.String())
	}
	st.Cmd = c
	if st.Hash, err = parseHash(fields[len(fields)-1]); err != nil {
		return st, p.fail("%v", err)
	}
	return st, nil
}
