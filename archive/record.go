package archive

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"lastpost/assets"
	"lastpost/assets/atomicfile"
	"lastpost/game"
	"lastpost/rules/act"
)

// RecordFormat numbers the layout of a recording file. Format 3 added the
// content line; format 2 files, without it, are still read (and replayed
// with whatever content is loaded). Format 2 added the bot, resume and end
// lines; format 1 files are refused (their logic version is gone too, so
// they could not be replayed anyway).
const RecordFormat = 3

// oldestRecordFormat is the oldest format still read.
const oldestRecordFormat = 2

// The recording's fixed words. A recording reads:
//
//	lastpost-recording 3
//	logic 4
//	bot 1
//	content 3f0a9c1d2e4b5a68 extra_gun.toml
//	seed 42
//	start 5d0c6a1e7f3b2a90
//	1 accelerate 9a3c0d4e5f607182
//	2 fire east 0b1c2d3e4f506172
//	3 steer-up 1c2d3e4f50617283 refused
//	resume 1c2d3e4f50617283
//	4 wait 2d3e4f5061728394
//	end destroyed 2d3e4f5061728394
//
// The header gives the file format, the logic version, the bot version
// (only in runs the bot played), the content (assets.Content: the digest of
// the play data and the extra files loaded, if any), the seed and the state
// hash before the first command (turn 0). Then every command that reached the game follows,
// one per line: the turn number counting from 1, the command as
// Command.String writes it, the state hash after it, and the word "refused"
// when the game refused it. A resume line says the run was saved and
// continued there, with the hash of the state the save restored. An end line
// closes a finished run with how it ended and its final hash; nothing may
// follow it, and a file without one is a run still in progress or a cut one.
const (
	recMagic   = "lastpost-recording"
	recLogic   = "logic"
	recBot     = "bot"
	recContent = "content"
	recSeed    = "seed"
	recStart   = "start"
	recRefused = "refused"
	recResume  = "resume"
	recEnd     = "end"
)

// The causes an end line gives beyond the game's own (act.CauseDestroyed,
// act.CauseAbandoned): the bot stops a run at its victory or at its turn
// limit, where the game itself would carry on.
const (
	EndWon    = "won"
	EndCapped = "capped"
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

// Resume is a resume line: the run was saved after the first After steps
// and continued from the save, whose state hash was Hash.
type Resume struct {
	Line  int
	After int
	Hash  uint64
}

// End is the end line of a finished run: how it ended and its final hash.
type End struct {
	Line  int
	Cause string
	Hash  uint64
}

// Recording is a parsed recording file.
type Recording struct {
	File      string // name used in error messages
	Format    int
	Logic     int
	LogicLine int // line of the logic header, for the version error
	Bot       int // game.BotVersion of a run the bot played, else 0
	Seed      uint64
	Start     uint64 // state hash before the first command
	StartLine int    // line of the start header, for a desync at command 0
	Steps     []Step
	Resumes   []Resume // in file order
	End       *End     // nil for a run in progress (or a cut file)

	// Content is the play data the run was made with; its Digest is ""
	// in a format 2 file, which does not say.
	Content     assets.Content
	ContentLine int // line of the content header, for the content error
	// Fork says the run was played on from another recording's commands
	// (the replay viewer's take the wheel); nil for a fresh run.
	Fork *Fork
}

// Cut keeps the first n steps and the resume lines among them, and drops
// the end line: what the recording held when the run stood after turn n.
func (r *Recording) Cut(n int) {
	r.Steps = r.Steps[:n]
	keep := r.Resumes[:0]
	for _, res := range r.Resumes {
		if res.After <= n {
			keep = append(keep, res)
		}
	}
	r.Resumes, r.End = keep, nil
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

// NewRecorder writes the header of a recording of g's run, which has not
// begun: its content, its seed and its state hash before any command.
func NewRecorder(w io.Writer, g *game.Game) (*Recorder, error) {
	return newRecorder(w, 0, g)
}

// NewBotRecorder is NewRecorder for a run the bot plays: the header names
// game.BotVersion, so the corpus knows which bot made it.
func NewBotRecorder(w io.Writer, g *game.Game) (*Recorder, error) {
	return newRecorder(w, game.BotVersion, g)
}

func newRecorder(w io.Writer, bot int, g *game.Game) (*Recorder, error) {
	if _, err := io.WriteString(w, header(RecordFormat, game.LogicVersion, bot, g.Data().Content, nil, g.Run.Seed, g.Hash())); err != nil {
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

// Resume writes a resume line: the run goes on from a save whose state
// hash is hash.
func (r *Recorder) Resume(hash uint64) error {
	r.buf = appendResume(r.buf[:0], hash)
	_, err := r.w.Write(r.buf)
	return err
}

// End writes the end line of g's run, which has ended or which the caller
// stops for good. Nothing may be recorded after it.
func (r *Recorder) End(g *game.Game) error {
	r.buf = appendEnd(r.buf[:0], EndCause(g), g.Hash())
	_, err := r.w.Write(r.buf)
	return err
}

// EndCause is how g's run ended, as an end line words it: the game's cause
// once the run is over, EndWon for a won run stopped at its camp, and
// EndCapped for any other run stopped short.
func EndCause(g *game.Game) string {
	switch {
	case g.Phase() == act.PhaseOver:
		return g.Run.Cause
	case g.Run.Won:
		return EndWon
	}
	return EndCapped
}

func appendResume(b []byte, hash uint64) []byte {
	return fmt.Appendf(b, "%s %016x\n", recResume, hash)
}

func appendEnd(b []byte, cause string, hash uint64) []byte {
	return fmt.Appendf(b, "%s %s %016x\n", recEnd, cause, hash)
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

// Do plays c on g and records it, unless the run was already over. A
// recording error is returned only when
// the game itself had none. The command is played as the recording will
// replay it, without any direction or index its kind does not take.
func (r *Recorder) Do(g *game.Game, c game.Command) (game.Result, error) {
	c = c.Canonical()
	res, err := g.Do(c)
	if errors.Is(err, game.ErrRunOver) {
		// Nothing reached the game: a finished run takes no more lines.
		return res, err
	}
	if rerr := r.Record(c, res.Took, g.Hash()); err == nil {
		err = rerr
	}
	return res, err
}

// header writes the header lines of a recording in the given format; bot 0
// writes no bot line, format 2 no content line and a nil fork no fork line.
func header(format, logic, bot int, content assets.Content, fork *Fork, seed, start uint64) string {
	s := fmt.Sprintf("%s %d\n%s %d\n", recMagic, format, recLogic, logic)
	if bot != 0 {
		s += fmt.Sprintf("%s %d\n", recBot, bot)
	}
	if format >= 3 {
		s += contentLine(content)
	}
	s += forkLine(fork)
	return s + fmt.Sprintf("%s %d\n%s %s\n", recSeed, seed, recStart, hashText(start))
}

// WriteTo writes the recording in its file format, as a Recorder would
// have; the versions written are the recording's own.
func (r *Recording) WriteTo(w io.Writer) (int64, error) {
	format := r.Format
	if format == 0 {
		format = RecordFormat
	}
	b := []byte(header(format, r.Logic, r.Bot, r.Content, r.Fork, r.Seed, r.Start))
	resumes := r.Resumes
	for i := 0; i <= len(r.Steps); i++ {
		for len(resumes) > 0 && resumes[0].After == i {
			b = appendResume(b, resumes[0].Hash)
			resumes = resumes[1:]
		}
		if i < len(r.Steps) {
			st := r.Steps[i]
			b = appendStep(b, i+1, st.Cmd, st.Hash, st.Refused)
		}
	}
	if r.End != nil {
		b = appendEnd(b, r.End.Cause, r.End.Hash)
	}
	n, err := w.Write(b)
	return int64(n), err
}

// LoadRecording reads a recording file; a name ending in ".gz" is
// decompressed first. Every failure is a *ParseError.
func LoadRecording(path string) (*Recording, error) {
	rec := &Recording{File: path}
	if err := streamRecording(path, rec, (*keepAll)(rec)); err != nil {
		return nil, err
	}
	return rec, nil
}

// streamRecording reads the recording file at path as readRecording does,
// decompressing a name ending in ".gz". Every failure is a *ParseError.
func streamRecording(path string, rec *Recording, sink recSink) error {
	f, err := atomicfile.OpenRegular(path)
	if errors.Is(err, atomicfile.ErrNotRegular) {
		return &ParseError{File: path, Msg: atomicfile.ErrNotRegular.Error(), Err: atomicfile.ErrNotRegular}
	}
	if err != nil {
		return &ParseError{File: path, Msg: openProblem(err)}
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return &ParseError{File: path, Line: 1, Msg: "not a gzip file: " + err.Error()}
		}
		defer z.Close()
		r = z
	}
	return readRecording(rec, r, sink)
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
	rec := &Recording{File: name}
	if err := readRecording(rec, r, (*keepAll)(rec)); err != nil {
		return nil, err
	}
	return rec, nil
}

// readRecording parses the recording r into rec's header and End, and
// hands each step and resume line to sink as it is read, so a reader that
// needs no more than one at a time holds no more.
func readRecording(rec *Recording, r io.Reader, sink recSink) error {
	p := recParser{rec: rec, sc: bufio.NewScanner(r), sink: sink}
	p.sc.Buffer(make([]byte, 0, maxRecLine+2), maxRecLine+2)
	if err := p.header(); err != nil {
		return err
	}
	sink.begin(rec)
	return p.steps()
}

// recSink takes the lines of a recording's body as they are read: begin
// once the header is read, then each step and resume line in file order.
type recSink interface {
	begin(rec *Recording)
	step(st Step)
	resume(r Resume)
}

// keepAll is the sink that keeps every line in the recording.
type keepAll Recording

func (k *keepAll) begin(*Recording) {}
func (k *keepAll) step(st Step)     { k.Steps = append(k.Steps, st) }
func (k *keepAll) resume(r Resume)  { k.Resumes = append(k.Resumes, r) }

// recParser reads one recording line by line.
type recParser struct {
	rec  *Recording
	sc   *bufio.Scanner
	line int
	key  string // the key of the last header line read
	sink recSink
	// The steps and resume lines read so far.
	nsteps, nresumes int
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

// field reads a header line "<key> <value>" and returns the value. With
// two keys the first is optional: p.key says which one the line has.
func (p *recParser) field(keys ...string) (string, error) {
	key := keys[len(keys)-1]
	s, ok, err := p.next()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", p.fail("file ends inside the header: expected %q", key)
	}
	k, v, found := strings.Cut(s, " ")
	if !found || !slices.Contains(keys, k) || v == "" || strings.Contains(v, " ") {
		return "", p.fail("expected %q followed by one value, got %q", key, s)
	}
	p.key = k
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
	if p.rec.Format, err = strconv.Atoi(v); err != nil || p.rec.Format < oldestRecordFormat || p.rec.Format > RecordFormat {
		return p.fail("recording format %q is not supported (this build reads %d to %d)", v, oldestRecordFormat, RecordFormat)
	}
	if v, err = p.field(recLogic); err != nil {
		return err
	}
	if p.rec.Logic, err = strconv.Atoi(v); err != nil || p.rec.Logic < 0 {
		return p.fail("bad logic version %q", v)
	}
	p.rec.LogicLine = p.line
	if v, err = p.botContentSeed(); err != nil {
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
	p.rec.StartLine = p.line
	return nil
}

func (p *recParser) steps() error {
	for {
		s, ok, err := p.next()
		if err != nil || !ok {
			return err
		}
		if p.rec.End != nil {
			return p.fail("nothing may follow the end line (line %d)", p.rec.End.Line)
		}
		if p.nsteps+p.nresumes >= maxRecSteps {
			return p.fail("more than %d lines", maxRecSteps)
		}
		if k, v, _ := strings.Cut(s, " "); k == recResume || k == recEnd {
			if err := p.mark(k, v); err != nil {
				return err
			}
			continue
		}
		st, err := p.step(s)
		if err != nil {
			return err
		}
		p.nsteps++
		p.sink.step(st)
	}
}

// mark parses the rest of a resume line ("<hash>") or of an end line
// ("<cause> <hash>").
func (p *recParser) mark(key, rest string) error {
	if key == recResume {
		h, err := parseHash(rest)
		if err != nil {
			return p.fail("resume: %v", err)
		}
		p.nresumes++
		p.sink.resume(Resume{Line: p.line, After: p.nsteps, Hash: h})
		return nil
	}
	cause, hash, ok := strings.Cut(rest, " ")
	switch cause {
	case act.CauseDestroyed, act.CauseAbandoned, act.CauseStranded, act.CauseRetired, EndWon, EndCapped:
	default:
		return p.fail("expected \"end <cause> <hash>\" with cause %s, %s, %s, %s, %s or %s, got %q",
			act.CauseDestroyed, act.CauseAbandoned, act.CauseStranded, act.CauseRetired, EndWon, EndCapped, key+" "+rest)
	}
	if !ok {
		return p.fail("end: no state hash")
	}
	h, err := parseHash(hash)
	if err != nil {
		return p.fail("end: %v", err)
	}
	p.rec.End = &End{Line: p.line, Cause: cause, Hash: h}
	return nil
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
	want := p.nsteps + 1
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
