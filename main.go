// Command lastpost is Last Post, a turn-based roguelike about driving an
// armoured mail van east through a ruined country.
//
// Usage:
//
//	lastpost [-seed N] [-data-dir DIR] [-trace FILE]
//
// With no flags it opens the title screen. See -help for every flag.
package main

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gdamore/tcell/v2"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/ui"
)

// version is the program's version, printed by -version.
const version = "0.1.0"

// config is what the command line asks for.
type config struct {
	seed    uint64
	seedSet bool
	dataDir string
	trace   string
	version bool
}

func main() {
	if handled, code := runHeadless(os.Args[1:]); handled {
		os.Exit(code)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run does everything main does and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		usage(stdout)
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "lastpost: %v\n", err)
		usage(stderr)
		return 2
	case cfg.version:
		fmt.Fprintf(stdout, "lastpost %s\n", version)
		return 0
	}
	data, err := assets.Load()
	if err != nil {
		fmt.Fprintf(stderr, "lastpost: the game data is broken: %v\n", err)
		return 1
	}
	if err := play(cfg, data); err != nil {
		fmt.Fprintf(stderr, "lastpost: %v\n", err)
		return 1
	}
	return 0
}

// newFlagSet declares every flag into cfg.
func newFlagSet(cfg *config) *flag.FlagSet {
	fs := flag.NewFlagSet("lastpost", flag.ContinueOnError)
	fs.Uint64Var(&cfg.seed, "seed", 0, "start a new run with this `seed` at once")
	fs.StringVar(&cfg.dataDir, "data-dir", defaultDataDir(), "keep saves and recordings in `dir`")
	fs.StringVar(&cfg.trace, "trace", "", "write the rule trace of every road turn to `file`")
	fs.BoolVar(&cfg.version, "version", false, "print the version and exit")
	return fs
}

// parseFlags reads the command line. -h and -help give flag.ErrHelp.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	var cfg config
	fs := newFlagSet(&cfg)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) { cfg.seedSet = cfg.seedSet || f.Name == "seed" })
	return cfg, nil
}

// usage prints the help text to w.
func usage(w io.Writer) {
	var cfg config
	fs := newFlagSet(&cfg)
	fs.SetOutput(w)
	fmt.Fprintf(w, "Usage: lastpost [flags]\n\nLast Post: drive the mail east through a ruined country.\n\nFlags:\n")
	fs.PrintDefaults()
}

// defaultDataDir is $XDG_DATA_HOME/lastpost, or ~/.local/share/lastpost.
func defaultDataDir() string {
	if dir := os.Getenv("XDG_DATA_HOME"); dir != "" {
		return filepath.Join(dir, "lastpost")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "lastpost"
	}
	return filepath.Join(home, ".local", "share", "lastpost")
}

// play opens the terminal and runs the game in it.
func play(cfg config, data *assets.Data) error {
	opts := ui.Options{Hooks: ui.Hooks{NewSeed: randomSeed}}
	if cfg.seedSet {
		opts.Start = game.New(data, cfg.seed)
	}
	if cfg.trace != "" {
		f, err := os.Create(cfg.trace)
		if err != nil {
			return err
		}
		defer f.Close()
		opts.Hooks.Played = traceTurns(f)
	}
	screen, err := tcell.NewScreen()
	if err != nil {
		return terminalError(err)
	}
	if err := ui.Run(screen, data, opts); err != nil {
		return terminalError(err)
	}
	return nil
}

// terminalError explains a terminal that cannot run the game in one line.
func terminalError(err error) error {
	if os.Getenv("TERM") == "" || os.Getenv("TERM") == "dumb" {
		return fmt.Errorf("%v (set TERM to your terminal's type, such as xterm-256color)", err)
	}
	return err
}

// traceTurns writes the rule trace of every road turn that took time: a
// header line with the turn and command, then one line per action.
func traceTurns(w io.Writer) func(*game.Game, game.Command, game.Result) {
	return func(g *game.Game, c game.Command, r game.Result) {
		t := g.LastTrace()
		if !r.Took || c.Kind > game.CmdUse || t == nil {
			return
		}
		fmt.Fprintf(w, "# turn %d: %s\n", g.Run.Turns, c)
		t.WriteTo(w)
	}
}

// randomSeed draws a seed from the system's random source, falling back on
// the clock. Only main picks seeds; the game takes them.
func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.LittleEndian.Uint64(b[:])
}
