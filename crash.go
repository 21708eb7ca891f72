package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"lastpost/assets"
	"lastpost/assets/atomicfile"
	"lastpost/game"
	"lastpost/ui"
)

// maxCrashReports bounds the numbers tried for a new crash report's name.
const maxCrashReports = 10000

// crashReport is what a crash report says: enough to replay the crash.
type crashReport struct {
	When    time.Time
	Panic   string
	Stack   []byte
	HasRun  bool // the fields below describe a run
	Seed    uint64
	Turn    int // the game's turn count
	Phase   string
	Playing string // the command that was resolving, if any
	Last    string // the last command that finished
	// Recording is the file holding the run's commands up to the crash
	// (RecordedTurns of them), or "" with NoRecording saying why.
	Recording     string
	RecordedTurns int
	NoRecording   string
}

// WriteTo writes the report as text, one fact a line, then the stack.
func (r *crashReport) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	fmt.Fprintf(cw, "Last Post crash report\n\n")
	fmt.Fprintf(cw, "version: %s (logic %d, %s %s/%s)\n", version, game.LogicVersion,
		runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(cw, "time: %s\n", r.When.Format(time.RFC3339))
	fmt.Fprintf(cw, "panic: %s\n", r.Panic)
	if r.HasRun {
		fmt.Fprintf(cw, "seed: %d\nturn: %d\nphase: %s\n", r.Seed, r.Turn, r.Phase)
		fmt.Fprintf(cw, "command being played: %s\n", orNone(r.Playing))
		fmt.Fprintf(cw, "last command played: %s\n", orNone(r.Last))
	}
	switch {
	case r.Recording != "":
		fmt.Fprintf(cw, "recording: %s (%d commands)\n", r.Recording, r.RecordedTurns)
		fmt.Fprintf(cw, "watch it: lastpost -replay %s\n", r.Recording)
		fmt.Fprintf(cw, "check it: lastpost -replay %s -verify\n", r.Recording)
		if r.Playing != "" {
			fmt.Fprintf(cw, "then play: %s\n", r.Playing)
		}
	case r.NoRecording != "":
		fmt.Fprintf(cw, "recording: none (%s)\n", r.NoRecording)
	}
	fmt.Fprintf(cw, "\nstack:\n%s", r.Stack)
	return cw.n, cw.err
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// countWriter counts what reaches w and keeps the first error.
type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

// Write passes p on, unless an earlier write failed.
func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// panicOf takes a recovered value apart: a *ui.Panic carries the stack of
// the goroutine it came from; anything else happened in this one.
func panicOf(r any) (value any, stack []byte) {
	var p *ui.Panic
	if err, ok := r.(error); ok && errors.As(err, &p) {
		return p.Value, p.Stack
	}
	return r, debug.Stack()
}

// crashed handles a panic that reached main's play or replay: the terminal
// is already restored (the front end sees to that), so it closes the
// recording, writes a crash report with a copy of the recording into the
// data dir (or the temp dir), names it on stderr and returns exitCrash.
func (s *session) crashed(r any, stderr io.Writer) int {
	value, stack := panicOf(r)
	s.stopRecording()
	rep := s.report(value, stack)
	path, err := writeCrashReport(s.crashDirs(), rep, s.recordingToCopy())
	if err != nil {
		fmt.Fprintln(stderr, s.data.Texts.Format(assets.CLICrashUnwritten, "error", err, "panic", value))
		fmt.Fprintf(stderr, "%s", stack)
		return exitCrash
	}
	recording := rep.Recording
	if recording == "" {
		recording = path
	}
	fmt.Fprintln(stderr, s.data.Texts.Format(assets.CLICrashed, "report", path, "recording", recording))
	return exitCrash
}

// report gathers what the session knows about the crash.
func (s *session) report(value any, stack []byte) *crashReport {
	rep := &crashReport{When: time.Now(), Panic: fmt.Sprint(value), Stack: stack}
	if s.replaying != nil {
		// The viewer crashed: the recording it showed is the one to replay.
		rep.Recording = s.replaying.File
		rep.RecordedTurns = len(s.replaying.Steps)
		return rep
	}
	if s.game != nil {
		rep.HasRun = true
		rep.Seed, rep.Turn, rep.Phase = s.game.Run.Seed, s.game.Run.Turns, s.game.Phase().String()
	}
	if s.playing != nil {
		rep.Playing = s.playing.String()
	}
	if s.last != nil {
		rep.Last = s.last.String()
	}
	if s.recErr != nil {
		rep.NoRecording = s.recErr.Error()
	}
	return rep
}

// recordingToCopy is the recording a crash report keeps a copy of: the
// run's current.rec, if the run was being recorded. A replay names its own
// file instead.
func (s *session) recordingToCopy() string {
	if s.replaying != nil || s.game == nil || s.recErr != nil {
		return ""
	}
	return s.recordingPath()
}

// crashDirs are where a crash report may go, in order of preference.
func (s *session) crashDirs() []string {
	var dirs []string
	if s.dir != "" {
		dirs = append(dirs, s.dir)
	}
	return append(dirs, os.TempDir())
}

// writeCrashReport writes rep as crash-<n>.txt in the first of dirs that
// takes it, n the lowest number free there, with a copy of the recording
// (if any) beside it as crash-<n>.rec, which the report then names. It
// returns the report's path.
func writeCrashReport(dirs []string, rep *crashReport, recording string) (string, error) {
	var errs []string
	for _, dir := range dirs {
		path, err := writeCrashIn(dir, rep, recording)
		if err == nil {
			return path, nil
		}
		errs = append(errs, err.Error())
	}
	// One line, for the one line on stderr.
	return "", errors.New(strings.Join(errs, "; "))
}

func writeCrashIn(dir string, rep *crashReport, recording string) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	f, n, err := createNumbered(dir)
	if err != nil {
		return "", err
	}
	if recording != "" {
		rep.Recording = crashName(dir, n, ".rec")
		if rep.RecordedTurns, err = copyRecording(recording, rep.Recording); err != nil {
			rep.Recording, rep.NoRecording = "", "could not be copied: "+err.Error()
		}
	}
	_, err = rep.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return f.Name(), err
}

func crashName(dir string, n int, ext string) string {
	return filepath.Join(dir, "crash-"+strconv.Itoa(n)+ext)
}

// createNumbered creates crash-<n>.txt in dir with the lowest n not taken.
func createNumbered(dir string) (*os.File, int, error) {
	for n := 1; n <= maxCrashReports; n++ {
		f, err := os.OpenFile(crashName(dir, n, ".txt"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		switch {
		case err == nil:
			return f, n, nil
		case !errors.Is(err, os.ErrExist):
			return nil, 0, err
		}
	}
	return nil, 0, fmt.Errorf("%s holds %d crash reports already", dir, maxCrashReports)
}

// copyRecording copies the recording at from to to and returns how many
// commands it holds (whole lines after the header, as Recorder writes
// them).
func copyRecording(from, to string) (int, error) {
	b, err := os.ReadFile(from)
	if err != nil {
		return 0, err
	}
	if err := atomicfile.WriteFile(to, b, 0o600); err != nil {
		return 0, err
	}
	rec, err := game.ReadRecording(to, bytes.NewReader(b))
	if err != nil {
		// The copy is kept even if the parser refuses it; only its count
		// is unknown.
		return 0, nil
	}
	return len(rec.Steps), nil
}
