package archive

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"lastpost/assets/atomicfile"
	"lastpost/game"
)

// maxCrashReports bounds the numbers tried for a new crash report's name.
const maxCrashReports = 10000

// CrashReport is what a crash report says: enough to replay the crash.
type CrashReport struct {
	// Version is the program's version; the logic version is added.
	Version string
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
func (r *CrashReport) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	fmt.Fprintf(cw, "Last Post crash report\n\n")
	fmt.Fprintf(cw, "version: %s (logic %d, %s %s/%s)\n", r.Version, game.LogicVersion,
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
		// A crashed run has no end line, so the check accepts a run in progress.
		fmt.Fprintf(cw, "check it: lastpost -replay %s -verify -partial\n", r.Recording)
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

// WriteCrashReport writes rep as crash-<n>.txt in the first of dirs that
// takes it, n the lowest number free there, with a copy of the recording
// (if any) beside it as crash-<n>.rec, which the report then names. It
// returns the report's path.
func WriteCrashReport(dirs []string, rep *CrashReport, recording string) (string, error) {
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

func writeCrashIn(dir string, rep *CrashReport, recording string) (string, error) {
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

// maxCopiedRecording bounds the recording a crash report copies: far
// above any run's, and small enough to hold in memory while crashing.
const maxCopiedRecording = 64 << 20

// copyRecording copies the recording at from to to and returns how many
// commands it holds (whole lines after the header, as Recorder writes
// them).
func copyRecording(from, to string) (int, error) {
	b, err := atomicfile.ReadRegular(from, maxCopiedRecording)
	if err != nil {
		return 0, err
	}
	if err := atomicfile.WriteFile(to, b, 0o600); err != nil {
		return 0, err
	}
	rec, err := ReadRecording(to, bytes.NewReader(b))
	if err != nil {
		// The copy is kept even if the parser refuses it; only its count
		// is unknown.
		return 0, nil
	}
	return len(rec.Steps), nil
}
