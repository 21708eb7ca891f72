package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"lastpost/assets"
	"lastpost/game"
)

// Exit codes of the headless modes.
const (
	exitOK     = 0
	exitFailed = 1 // a desync, or the rules broke down during autoplay
	exitBad    = 2 // bad arguments, an unreadable recording or unloadable data
)

// runHeadless handles the modes that need no terminal: `-replay FILE
// -verify` and `-autoplay N [-seed S] [-record DIR]`. It reports whether
// args asked for one of them and, if so, the exit code; everything it says
// goes to standard output. Any other arguments are left to the caller.
func runHeadless(args []string) (handled bool, exitCode int) {
	if !hasFlag(args, "verify") && !hasFlag(args, "autoplay") {
		return false, exitOK
	}
	return true, headless(args, os.Stdout)
}

// hasFlag reports whether args set the flag name, in any form the flag
// package accepts.
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}

// headless parses args strictly and runs the headless mode they ask for.
func headless(args []string, out io.Writer) int {
	fs := flag.NewFlagSet("lastpost", flag.ContinueOnError)
	fs.SetOutput(out)
	replay := fs.String("replay", "", "recording to replay")
	verify := fs.Bool("verify", false, "re-simulate the recording and check every turn's state hash")
	runs := fs.Int("autoplay", 0, "let the bot play this many runs")
	seed := fs.Uint64("seed", 1, "seed of the first autoplayed run")
	record := fs.String("record", "", "directory to write one recording per autoplayed run into")
	if err := fs.Parse(args); err != nil {
		return exitBad
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(out, "unexpected argument %q\n", fs.Arg(0))
	case *verify && *runs != 0:
		fmt.Fprintln(out, "-verify and -autoplay cannot be combined")
	case *verify && *replay == "":
		fmt.Fprintln(out, "-verify needs -replay FILE")
	case *verify:
		return verifyRecording(*replay, out)
	case *runs <= 0:
		fmt.Fprintln(out, "-autoplay needs a number of runs above zero")
	case *replay != "":
		fmt.Fprintln(out, "-replay and -autoplay cannot be combined")
	default:
		return autoplay(*runs, *seed, *record, out)
	}
	return exitBad
}

// verifyRecording prints `ok: ...` (0), `desync at turn ...` (1) or
// `FILE:LINE: ...` (2).
func verifyRecording(path string, out io.Writer) int {
	rec, err := game.LoadRecording(path)
	if err != nil {
		fmt.Fprintln(out, err)
		return exitBad
	}
	data, err := assets.Load()
	if err != nil {
		fmt.Fprintln(out, err)
		return exitBad
	}
	v, err := game.Verify(data, rec)
	var desync *game.DesyncError
	switch {
	case errors.As(err, &desync):
		fmt.Fprintln(out, desync)
		return exitFailed
	case err != nil:
		fmt.Fprintln(out, err)
		return exitBad
	}
	fmt.Fprintln(out, v)
	return exitOK
}

// autoplay lets the bot play runs seeds seed, seed+1, ... and prints a line
// per run and the totals.
func autoplay(runs int, seed uint64, dir string, out io.Writer) int {
	data, err := assets.Load()
	if err != nil {
		fmt.Fprintln(out, err)
		return exitBad
	}
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintln(out, err)
			return exitBad
		}
	}
	var totals game.AutoplayTotals
	start := time.Now()
	for i := range runs {
		s, err := autoplayRun(data, seed+uint64(i), dir)
		if err != nil {
			fmt.Fprintln(out, err)
			return exitFailed
		}
		fmt.Fprintln(out, s)
		totals.Add(s)
	}
	perSecond := 0
	if secs := time.Since(start).Seconds(); secs > 0 {
		perSecond = int(float64(totals.Turns) / secs)
	}
	fmt.Fprintln(out, totals.Line(perSecond))
	return exitOK
}

// autoplayRun plays one run, recording it into dir/seed-<seed>.rec if dir
// is set.
func autoplayRun(data *assets.Data, seed uint64, dir string) (game.RunStats, error) {
	if dir == "" {
		return game.Autoplay(data, seed, game.DefaultAutoplayTurns, nil)
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("seed-%d.rec", seed)))
	if err != nil {
		return game.RunStats{}, err
	}
	s, err := game.Autoplay(data, seed, game.DefaultAutoplayTurns, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return s, err
}
