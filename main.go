// Command lastpost is Last Post, a turn-based roguelike about driving an
// armoured mail van east through a ruined country.
//
// Usage:
//
//	lastpost [-seed N] [-data-dir DIR] [-trace FILE] [-config FILE] [-content FILE]...
//	lastpost -daily [-data-dir DIR]
//	lastpost -daily-scores [-data-dir DIR]
//	lastpost -replay FILE
//	lastpost -replay FILE -verify [-partial] [-trace FILE] [-cpuprofile FILE]
//	lastpost -autoplay N [-seed S] [-record DIR] [-trace FILE] [-stats] [-bot reckless] [-jobs N] [-cpuprofile FILE]
//
// With no flags it opens the title screen. See -help for every flag.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/assets/atomicfile"
	userconfig "lastpost/assets/config"
	"lastpost/game"
	"lastpost/ui"
)

// version is the program's version, printed by -version.
const version = "0.1.0"

// Exit codes.
const (
	exitOK         = 0
	exitFailed     = 1  // cannot run, a desync, or the rules broke down during autoplay
	exitBad        = 2  // bad arguments, config or recording
	exitIncomplete = 3  // -verify: no end line (a run in progress or a cut file)
	exitCrash      = 70 // a bug: a panic, with a crash report written
)

// config is what the command line asks for.
type config struct {
	seed       uint64
	seedSet    bool
	dataDir    string
	trace      string
	replay     string
	verify     bool
	partial    bool
	autoplay   int
	record     string
	stats      bool
	bot        string
	jobs       int
	version    bool
	configFile string // the -config flag
	// cpuProfile is where a headless run writes its CPU profile, the
	// input of the build's profile-guided optimisation (default.pgo).
	cpuProfile string
	// content lists the -content files, in the order given.
	content []string
	// daily plays the day's road; dailyScores prints its table.
	daily, dailyScores bool
	// settings is what the config file (-config's, or the one in the
	// per-user config folder) says.
	settings *userconfig.Config
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// exit ends the program at once. Only a second stop signal, while the first
// is handled, uses it; everything else returns its status to main.
func exit(code int) { os.Exit(code) }

// run does everything main does and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		usage(stdout)
		return exitOK
	case err != nil:
		fmt.Fprintf(stderr, "lastpost: %v\n", err)
		usage(stderr)
		return exitBad
	case cfg.version:
		fmt.Fprintf(stdout, "lastpost %s\n", version)
		return exitOK
	}
	data, code := loadContent(cfg.content, stderr)
	if data == nil {
		return code
	}
	if cfg.dailyScores {
		if err := archive.WriteDailyScores(cfg.dataDir, data, stdout); err != nil {
			fmt.Fprintf(stderr, "lastpost: %v\n", err)
			return exitBad
		}
		return exitOK
	}
	if cfg.verify || cfg.autoplay > 0 {
		collectLessOften()
		return withCPUProfile(cfg.cpuProfile, stderr, func() int {
			return withTrace(cfg.trace, stderr, func(trace io.Writer) int {
				if cfg.verify {
					return verify(cfg.replay, cfg.partial, data, trace, stdout, stderr)
				}
				return autoplay(cfg, data, trace, stdout)
			})
		})
	}
	if cfg.settings, err = userconfig.LoadFor(cfg.configFile, data); err != nil {
		fmt.Fprintf(stderr, "lastpost: %v\n", err)
		return exitBad
	}
	if cfg.replay != "" {
		return watchReplay(cfg.replay, cfg.dataDir, cfg.settings.Apply(data), stderr, ui.OpenTerminal)
	}
	// An Options save killed half way left its temp file beside the config.
	atomicfile.RemoveTemps(cfg.settings.Path)
	return withTrace(cfg.trace, stderr, func(trace io.Writer) int {
		return play(cfg, data, trace, stderr, ui.OpenTerminal)
	})
}

// Headless runs (autoplay, verify) keep a few megabytes live and make
// short-lived garbage every turn: collecting when the heap has grown by
// headlessGCPercent instead of by 100 % spends far less time collecting,
// and the memory limit keeps the peak well inside the 30 MB budget
// whatever a run holds.
const (
	headlessGCPercent  = 400
	headlessHeapLimitB = 20 << 20
)

// collectLessOften sets the collector for a headless run, unless the
// player set GOGC or GOMEMLIMIT, which then decide.
func collectLessOften() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(headlessGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(headlessHeapLimitB)
	}
}

// loadContent loads the shipped data and the -content files. On failure it
// returns nil and the exit status, having said why: a broken build is
// exitFailed, a bad -content file (named in the message) exitBad.
func loadContent(content []string, stderr io.Writer) (*assets.Data, int) {
	if len(content) == 0 {
		data, err := assets.Load()
		if err != nil {
			fmt.Fprintf(stderr, "lastpost: the game data is broken: %v\n", err)
			return nil, exitFailed
		}
		return data, exitOK
	}
	data, err := assets.LoadExtra(content...)
	if err != nil {
		fmt.Fprintf(stderr, "lastpost: -content: %s\n", strings.ReplaceAll(err.Error(), "\n", "; "))
		return nil, exitBad
	}
	return data, exitOK
}

// withTrace runs f with the -trace file created at path, or with nil if
// path is "".
func withTrace(path string, stderr io.Writer, f func(trace io.Writer) int) int {
	if path == "" {
		return f(nil)
	}
	file, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(stderr, "lastpost: %v\n", err)
		return exitFailed
	}
	defer file.Close()
	return f(file)
}

// withCPUProfile runs f while the runtime samples where the CPU time goes,
// into the -cpuprofile file created at path, or simply runs f if path is
// "". A profile that cannot be written fails the run: whoever asked for it
// is making the build's profile and would otherwise miss it.
func withCPUProfile(path string, stderr io.Writer, f func() int) int {
	if path == "" {
		return f()
	}
	file, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(stderr, "lastpost: -cpuprofile: %v\n", err)
		return exitFailed
	}
	if err := pprof.StartCPUProfile(file); err != nil {
		file.Close()
		fmt.Fprintf(stderr, "lastpost: -cpuprofile: %v\n", err)
		return exitFailed
	}
	code := f()
	pprof.StopCPUProfile()
	if err := file.Close(); err != nil {
		fmt.Fprintf(stderr, "lastpost: -cpuprofile: %v\n", err)
		return exitFailed
	}
	return code
}

// newFlagSet declares every flag into cfg.
func newFlagSet(cfg *config) *flag.FlagSet {
	fs := flag.NewFlagSet("lastpost", flag.ContinueOnError)
	fs.Uint64Var(&cfg.seed, "seed", 0, "start a new run with this `seed` at once (with -autoplay: the first run's, default 1)")
	fs.StringVar(&cfg.dataDir, "data-dir", archive.DefaultDir(), "keep saves and recordings in `dir`")
	fs.StringVar(&cfg.trace, "trace", "", "write the rule trace of every road turn to `file` (also with -autoplay and -verify)")
	fs.StringVar(&cfg.replay, "replay", "", "watch the recording `file`: seek to any command with the viewer's keys (,/. a command, [/] a delivery, g/G the ends, : a number) and take the wheel there (w) to play on as a fork; with -verify: check it, no terminal needed (a folder: check every .rec file in it, side by side on every CPU)")
	fs.BoolVar(&cfg.verify, "verify", false, "with -replay FILE: re-simulate the recording and check every turn, without a terminal")
	fs.BoolVar(&cfg.partial, "partial", false, "with -verify: accept a recording with no end line (a run still in progress)")
	fs.IntVar(&cfg.autoplay, "autoplay", 0, "let the bot play `n` runs without a terminal (with -seed S and -record DIR)")
	fs.StringVar(&cfg.record, "record", "", "with -autoplay: write one recording per run into `dir`")
	fs.BoolVar(&cfg.stats, "stats", false, "with -autoplay: print the balance report after the totals")
	fs.StringVar(&cfg.bot, "bot", "careful", "with -autoplay: how the bot plays, `style` careful or reckless")
	fs.IntVar(&cfg.jobs, "jobs", 0, "with -autoplay: play `n` runs at once (default one per CPU; the output is the same for any n)")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "with -autoplay or -verify: write where the run spent its CPU time "+
		"to `file`, a pprof CPU profile (for go tool pprof, or to optimise the build with)")
	fs.BoolVar(&cfg.version, "version", false, "print the version and exit")
	fs.Func("content", "load the extra guns, enemies, shop offers and spawn entries in the TOML `file` "+
		"beside the shipped data (repeat for more files); recordings and saves name the content they were made with, "+
		"and a run made with other content is refused", func(path string) error {
		cfg.content = append(cfg.content, path)
		return nil
	})
	fs.BoolVar(&cfg.daily, "daily", false, "play the daily road: the seed of today's UTC date, one recorded attempt a day, "+
		"which leaves a one-line proof in the data folder that anyone can check with -replay FILE -verify")
	fs.BoolVar(&cfg.dailyScores, "daily-scores", false, "print the daily road's table, each day's proof checked, and exit")
	fs.StringVar(&cfg.configFile, "config", "", "read keys, colours and other settings from `file` "+
		"(default $XDG_CONFIG_HOME/lastpost/config.toml or ~/.config/lastpost/config.toml)")
	return fs
}

// parseFlags reads the command line. -h and -help give flag.ErrHelp.
func parseFlags(args []string) (config, error) {
	var cfg config
	fs := newFlagSet(&cfg)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	cfg.seedSet = set["seed"]
	switch {
	case fs.NArg() > 0:
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case cfg.replay != "" && cfg.seedSet:
		return cfg, errors.New("-seed cannot be combined with -replay: the recording names its seed")
	case cfg.verify && set["autoplay"]:
		return cfg, errors.New("-verify and -autoplay cannot be combined")
	case cfg.verify && cfg.replay == "":
		return cfg, errors.New("-verify needs -replay FILE")
	case cfg.daily && (cfg.seedSet || cfg.replay != "" || set["autoplay"] || cfg.dailyScores):
		return cfg, errors.New("-daily chooses its own seed: it cannot be combined with -seed, -replay, -autoplay or -daily-scores")
	case cfg.dailyScores && (cfg.replay != "" || set["autoplay"]):
		return cfg, errors.New("-daily-scores cannot be combined with -replay or -autoplay")
	case cfg.partial && !cfg.verify:
		return cfg, errors.New("-partial needs -replay FILE -verify")
	case set["autoplay"] && cfg.autoplay <= 0:
		return cfg, errors.New("-autoplay needs a number of runs above zero")
	case set["autoplay"] && cfg.replay != "":
		return cfg, errors.New("-replay and -autoplay cannot be combined")
	case !game.KnownBotStyle(cfg.bot):
		return cfg, fmt.Errorf("unknown bot style %q: careful or reckless", cfg.bot)
	case cfg.cpuProfile != "" && !cfg.verify && !set["autoplay"]:
		return cfg, errors.New("-cpuprofile needs -autoplay N or -replay FILE -verify")
	case (set["record"] || set["stats"] || set["bot"] || set["jobs"]) && !set["autoplay"]:
		return cfg, errors.New("-record, -stats, -bot and -jobs need -autoplay N")
	case set["jobs"] && cfg.jobs <= 0:
		return cfg, errors.New("-jobs needs a number above zero: how many runs play at once")
	case set["autoplay"] && cfg.seed > math.MaxUint64-uint64(cfg.autoplay-1):
		// The runs play seeds S, S+1, ...: past the largest they would
		// wrap to 0 without a word.
		return cfg, fmt.Errorf("-autoplay %d from -seed %d would go past the largest seed: use a seed of at most %d",
			cfg.autoplay, cfg.seed, uint64(math.MaxUint64)-uint64(cfg.autoplay-1))
	}
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

// verify prints `ok: ...` on out (0), or on errOut `FILE:LINE: desync at
// turn ...` or a daily proof that does not hold (1), `FILE:LINE: ...` for
// a file it cannot read (2) or `incomplete: ...` for a recording with no
// end line (3, unless partial),
// the rule traces going to trace if it is not nil. Failures go to standard
// error so a script reading the verdict from standard output never
// mistakes one for it.
func verify(path string, partial bool, data *assets.Data, trace, out, errOut io.Writer) int {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return verifyFolder(path, partial, data, trace, out, errOut)
	}
	verdict, err := archive.VerifyPath(path, partial, data, trace)
	if err == nil {
		fmt.Fprintln(out, verdict)
		return exitOK
	}
	fmt.Fprintln(errOut, err)
	return verifyFailure(err)
}

// verifyFolder checks every recording in the folder dir, one a CPU at a
// time, and prints a line for each, in name order, and the count. It exits
// as verify would for the first that fails.
func verifyFolder(dir string, partial bool, data *assets.Data, trace, out, errOut io.Writer) int {
	found, err := archive.VerifyDir(dir, partial, data, trace, runtime.GOMAXPROCS(0))
	if err != nil {
		fmt.Fprintf(errOut, "lastpost: %v\n", err)
		return exitBad
	}
	code, failed := exitOK, 0
	for _, f := range found {
		if f.Err == nil {
			fmt.Fprintf(out, "%s: %s\n", f.Path, f.Verdict)
			continue
		}
		// Most errors name their file; the one of a cut recording does not.
		msg := f.Err.Error()
		if !strings.HasPrefix(msg, f.Path) {
			msg = f.Path + ": " + msg
		}
		fmt.Fprintln(errOut, msg)
		if failed++; code == exitOK {
			code = verifyFailure(f.Err)
		}
	}
	fmt.Fprintln(out, data.Texts.Format(assets.NoticeFolderVerified, "checked", len(found), "failed", failed))
	return code
}

// verifyFailure is the exit code of a recording that failed to verify.
func verifyFailure(err error) int {
	var desync *archive.DesyncError
	var incomplete *archive.IncompleteError
	var proof *archive.ProofError
	switch {
	case errors.As(err, &desync), errors.As(err, &proof):
		return exitFailed
	case errors.As(err, &incomplete):
		return exitIncomplete
	}
	return exitBad
}

// today is the UTC date, the day whose road -daily plays.
func today() string { return time.Now().UTC().Format("2006-01-02") }

// gameHooks are the front end's hooks for a game played on session s, a
// fresh run or one that took the wheel from a replay alike, so the title
// that follows either offers the day's road. day tells the date: the wall
// clock chooses the daily road's seed through it, and only there.
func gameHooks(s *archive.Session, dataDir string, data *assets.Data, day func() string) ui.Hooks {
	hooks := ui.SessionHooks(s)
	hooks.Daily = func() (*game.Game, error) { return archive.ClaimDaily(dataDir, day(), data) }
	hooks.DailyDay = func(g *game.Game) (string, bool) {
		d := s.DailyDay(g)
		return d, d != "" && d == day()
	}
	return hooks
}

// autoplay lets the bot play runs seeds seed, seed+1, ... and prints a line
// per run and the totals.
func autoplay(cfg config, data *assets.Data, trace, out io.Writer) int {
	seed := cfg.seed
	if !cfg.seedSet {
		seed = 1
	}
	style, _ := game.BotStyleNamed(cfg.bot)
	jobs := cfg.jobs
	if jobs == 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	opts := archive.AutoplayOptions{Style: style, Dir: cfg.record, Trace: trace, Stats: cfg.stats, Jobs: jobs}
	if err := archive.AutoplayRuns(data, seed, cfg.autoplay, opts, out); err != nil {
		fmt.Fprintln(out, err)
		return exitFailed
	}
	return exitOK
}

// opener makes the screen to play on; tests pass a simulation screen.
type opener func(data *assets.Data) (tcell.Screen, error)

// play opens the terminal and runs the game in it, with saves, recordings
// and high scores in the data dir. It returns the exit status.
func play(cfg config, data *assets.Data, trace, stderr io.Writer, open opener) int {
	// One game per data folder, claimed before the terminal, so a refusal
	// is one plain line.
	lock, err := archive.ClaimDir(cfg.dataDir, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitFailed
	}
	defer lock.Unlock()
	s := archive.NewSession(cfg.dataDir, data, trace)
	defer s.Close()
	s.Claimed(lock)
	// A damaged save or table is set aside now, before the player chooses
	// anything, and the title screen says so.
	opts := ui.Options{Hooks: gameHooks(s, cfg.dataDir, data, today), Config: cfg.settings, Notice: s.Check(),
		TraceEveryTurn: trace != nil}
	if cfg.seedSet {
		opts.Start = game.New(data, cfg.seed)
	}
	if cfg.daily {
		g, err := opts.Hooks.Daily()
		if err != nil {
			fmt.Fprintf(stderr, "lastpost: %v\n", err)
			return exitFailed
		}
		opts.Start = g
	}
	return inTerminal(s, data, stderr, open, func(screen tcell.Screen) int {
		return ui.ExitCode(data, ui.Run(screen, data, opts), stderr)
	})
}

// watchReplay shows a recording in the terminal. An unreadable recording is
// reported as -verify reports it, with the same exit codes.
func watchReplay(path, dataDir string, data *assets.Data, stderr io.Writer, open opener) int {
	rec, err := archive.LoadRecording(path)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitBad
	}
	s := archive.NewReplaySession(dataDir, data, rec)
	var opts ui.Options
	var play *archive.Session
	var lock *archive.Lock
	// Taking the wheel turns the viewer into a game: only then is the data
	// folder claimed, as a game claims it, and a session opened on it.
	opts.Hooks.TakeWheel = func(rec *archive.Recording, at int, g *game.Game) (ui.Hooks, error) {
		l, err := archive.ClaimDir(dataDir, data)
		if err != nil {
			return ui.Hooks{}, err
		}
		ps := archive.NewSession(dataDir, data, nil)
		if err := ps.TakeWheel(rec, at, g); err != nil {
			ps.Close()
			l.Unlock()
			return ui.Hooks{}, err
		}
		play, lock = ps, l
		return gameHooks(ps, dataDir, data, today), nil
	}
	defer func() {
		if play != nil {
			play.Close()
			lock.Unlock()
		}
	}()
	return inTerminal(s, data, stderr, open, func(screen tcell.Screen) int {
		return ui.ExitCode(data, ui.RunReplay(screen, data, rec, opts), stderr)
	})
}

// inTerminal opens the terminal and runs f on it, with the stop signals
// relayed to the front end. A panic comes back here with the terminal
// restored, and becomes a crash report and exitCrash.
func inTerminal(s *archive.Session, data *assets.Data, stderr io.Writer, open opener, f func(tcell.Screen) int) (code int) {
	defer func() {
		if r := recover(); r != nil {
			value, stack := ui.PanicOf(r)
			s.Crashed(value, stack, version, stderr)
			code = exitCrash
		}
	}()
	screen, err := open(data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitFailed
	}
	defer ui.RelaySignals(screen, func(sig os.Signal) {
		// A second signal while the first is handled: the terminal is
		// restored already; what was saved last stays whole (saves are
		// atomic), the recording is written unbuffered, and the kernel
		// drops the folder's lock. Nothing here touches the session,
		// which the front end may still be using.
		fmt.Fprintln(stderr, data.Texts.Format(assets.CLIStoppedAgain, "signal", ui.SignalName(sig)))
		exit(ui.SignalExit(sig))
	})()
	return f(screen)
}
