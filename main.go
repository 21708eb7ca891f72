// Command lastpost is Last Post, a turn-based roguelike about driving an
// armoured mail van east through a ruined country.
//
// Usage:
//
//	lastpost [-seed N] [-data-dir DIR] [-trace FILE] [-config FILE]
//	lastpost -replay FILE
//	lastpost -replay FILE -verify
//	lastpost -autoplay N [-seed S] [-record DIR]
//
// With no flags it opens the title screen. See -help for every flag.
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/gdamore/tcell/v2"

	"lastpost/assets"
	"lastpost/assets/atomicfile"
	userconfig "lastpost/assets/config"
	"lastpost/game"
	"lastpost/ui"
)

// version is the program's version, printed by -version.
const version = "0.1.0"

// Exit codes of the terminal modes, beside exitOK, exitFailed and exitBad.
const (
	// exitCrash is a bug: a panic, with a crash report written.
	exitCrash = 70
	// exitSignal plus the signal's number is the code after a signal, as
	// shells report a process killed by it.
	exitSignal = 128
)

// config is what the command line asks for.
type config struct {
	seed    uint64
	seedSet bool
	dataDir string
	trace   string
	replay  string
	version bool
	// configFile is the -config flag; settings is what the config file
	// (that one, or the one in the per-user config folder) says.
	configFile string
	settings   *userconfig.Config
}

func main() {
	if handled, code := runHeadless(os.Args[1:]); handled {
		os.Exit(code)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run does everything main does for the terminal modes and returns the
// exit status.
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
	data, err := assets.Load()
	if err != nil {
		fmt.Fprintf(stderr, "lastpost: the game data is broken: %v\n", err)
		return exitFailed
	}
	if cfg.settings, err = loadSettings(cfg.configFile, data); err != nil {
		fmt.Fprintf(stderr, "lastpost: %v\n", err)
		return exitBad
	}
	if cfg.replay != "" {
		return watchReplay(cfg.replay, cfg.dataDir, cfg.settings.Apply(data), stderr, openTerminal)
	}
	return play(cfg, data, stderr, openTerminal)
}

// newFlagSet declares every flag into cfg.
func newFlagSet(cfg *config) *flag.FlagSet {
	fs := flag.NewFlagSet("lastpost", flag.ContinueOnError)
	fs.Uint64Var(&cfg.seed, "seed", 0, "start a new run with this `seed` at once")
	fs.StringVar(&cfg.dataDir, "data-dir", defaultDataDir(), "keep saves and recordings in `dir`")
	fs.StringVar(&cfg.trace, "trace", "", "write the rule trace of every road turn to `file`")
	fs.StringVar(&cfg.replay, "replay", "", "watch the recording `file` (with -verify: check it, no terminal needed)")
	fs.BoolVar(&cfg.version, "version", false, "print the version and exit")
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
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) { cfg.seedSet = cfg.seedSet || f.Name == "seed" })
	if cfg.replay != "" && cfg.seedSet {
		return cfg, errors.New("-seed cannot be combined with -replay: the recording names its seed")
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
	fmt.Fprintf(w, "  -verify\n    \twith -replay FILE: re-simulate the recording and check every turn, without a terminal\n")
	fmt.Fprintf(w, "  -autoplay n\n    \tlet the bot play n runs without a terminal (with -seed S and -record DIR)\n")
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

// opener makes the screen to play on; tests pass a simulation screen.
type opener func(data *assets.Data) (tcell.Screen, error)

// openTerminal makes a screen for the terminal the game runs in, or says
// in one line why there is none fit to play in.
func openTerminal(data *assets.Data) (tcell.Screen, error) {
	term := os.Getenv("TERM")
	switch term {
	case "":
		return nil, errors.New(data.Texts.Get(assets.CLITermUnset))
	case "dumb":
		return nil, errors.New(data.Texts.Format(assets.CLITermDumb, "term", term))
	}
	screen, err := tcell.NewScreen()
	switch {
	case err == nil:
		return screen, nil
	case strings.Contains(err.Error(), "not cursor addressable"):
		return nil, errors.New(data.Texts.Format(assets.CLITermDumb, "term", term))
	}
	// The screen is made from TERM's terminfo entry alone: a failure here
	// is a terminal type this system does not describe.
	return nil, errors.New(data.Texts.Format(assets.CLITermUnknown, "term", term))
}

// startProblem words, in one line, a terminal the front end could not
// start: none at all (no /dev/tty to open), or one that failed.
func startProblem(data *assets.Data, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return data.Texts.Format(assets.CLINoTTY, "error", pe)
	}
	return data.Texts.Format(assets.CLITermFailed, "error", err)
}

// play opens the terminal and runs the game in it, with saves, recordings
// and high scores in the data dir. It returns the exit status.
func play(cfg config, data *assets.Data, stderr io.Writer, open opener) int {
	if err := os.MkdirAll(cfg.dataDir, 0o700); err != nil {
		fmt.Fprintln(stderr, data.Texts.Format(assets.CLIDataDir, "dir", cfg.dataDir, "error", err))
		return exitFailed
	}
	s := &session{dir: cfg.dataDir, data: data}
	defer s.close()
	if cfg.trace != "" {
		f, err := os.Create(cfg.trace)
		if err != nil {
			fmt.Fprintf(stderr, "lastpost: %v\n", err)
			return exitFailed
		}
		defer f.Close()
		s.trace = f
	}
	opts := ui.Options{Hooks: s.hooks(), Config: cfg.settings}
	if cfg.seedSet {
		opts.Start = game.New(data, cfg.seed)
	}
	return s.inTerminal(stderr, open, func(screen tcell.Screen) int {
		return finish(data, ui.Run(screen, data, opts), stderr)
	})
}

// watchReplay shows a recording in the terminal. An unreadable recording is
// reported as -verify reports it, with the same exit codes.
func watchReplay(path, dataDir string, data *assets.Data, stderr io.Writer, open opener) int {
	rec, err := game.LoadRecording(path)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitBad
	}
	s := &session{dir: dataDir, data: data, replaying: rec}
	return s.inTerminal(stderr, open, func(screen tcell.Screen) int {
		return finishReplay(data, ui.RunReplay(screen, data, rec, ui.Options{}), stderr)
	})
}

// inTerminal opens the terminal and runs f on it, with the stop signals
// relayed to the front end. A panic comes back here with the terminal
// restored, and becomes a crash report and exitCrash.
func (s *session) inTerminal(stderr io.Writer, open opener, f func(tcell.Screen) int) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = s.crashed(r, stderr)
		}
	}()
	screen, err := open(s.data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitFailed
	}
	defer relaySignals(screen)()
	return f(screen)
}

// finishReplay is finish for the viewer, which reports a recording it
// cannot play as -verify does.
func finishReplay(data *assets.Data, err error, stderr io.Writer) int {
	var desync *game.DesyncError
	var version *game.VersionError
	switch {
	case errors.As(err, &desync):
		fmt.Fprintln(stderr, desync)
		return exitFailed
	case errors.As(err, &version):
		fmt.Fprintln(stderr, version)
		return exitBad
	}
	return finish(data, err, stderr)
}

// finish turns the front end's outcome into a line on stderr (if anything
// went wrong) and an exit status.
func finish(data *assets.Data, err error, stderr io.Writer) int {
	var stop *ui.Interrupted
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &stop):
		fmt.Fprintln(stderr, stoppedLine(data, stop))
		return signalExit(stop.Signal)
	}
	if errors.Is(err, ui.ErrTerminal) {
		fmt.Fprintln(stderr, startProblem(data, err))
	} else {
		fmt.Fprintf(stderr, "lastpost: %v\n", err)
	}
	return exitFailed
}

// stoppedLine says what a signal did to the run.
func stoppedLine(data *assets.Data, stop *ui.Interrupted) string {
	name := signalName(stop.Signal)
	switch {
	case stop.Saved:
		return data.Texts.Format(assets.CLIStoppedSaved, "signal", name)
	case stop.SaveErr != nil:
		return data.Texts.Format(assets.CLIStoppedNoSave, "signal", name, "error", stop.SaveErr)
	}
	return data.Texts.Format(assets.CLIStopped, "signal", name)
}

// signalName is the name people know a stop signal by.
func signalName(sig os.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// signalExit is the exit status after sig: 128 plus its number, as a shell
// reports a process it killed.
func signalExit(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return exitSignal + int(n)
	}
	return exitFailed
}

// stopSignals are the signals that save the run and stop the game.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// relaySignals turns the first SIGINT, SIGTERM or SIGHUP into an Interrupt
// of the front end on screen, which saves the run and returns; only main
// exits. After that first one the signals get their default action back,
// so a second one still stops a game that no longer answers. It returns
// the function that stops relaying.
func relaySignals(screen tcell.Screen) (stop func()) {
	ch := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(ch, stopSignals...)
	ui.Go(screen, func() {
		select {
		case sig := <-ch:
			signal.Reset(stopSignals...)
			_ = ui.Interrupt(screen, sig)
		case <-done:
		}
	})
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// session connects the front end to the data dir: the save, the recording
// of the run being played, the high scores, and what a crash report needs.
type session struct {
	dir   string
	data  *assets.Data
	trace io.Writer

	game    *game.Game
	loaded  *game.Game // the game Load returned, so Started knows a continued run
	rec     *game.RunRecording
	recErr  error         // why the run is not (or no longer) recorded
	playing *game.Command // the command resolving now, if any
	last    *game.Command // the last command played
	// replaying is the recording the viewer shows (not a run being played).
	replaying *game.Recording
}

// hooks are the front end's hooks into the session.
func (s *session) hooks() ui.Hooks {
	return ui.Hooks{
		NewSeed:    randomSeed,
		HasSave:    func() bool { return game.HasSave(s.dir) },
		Load:       s.load,
		Save:       func(g *game.Game) error { return game.SaveFile(s.dir, g) },
		Started:    s.started,
		Playing:    s.playingCmd,
		Played:     s.played,
		Camp:       func(g *game.Game) { _ = game.SaveFile(s.dir, g) },
		Ended:      s.ended,
		HighScores: s.highScores,
	}
}

// load reads the save for Continue. A save that cannot be read is reported
// in a line for the title screen.
func (s *session) load() (*game.Game, error) {
	g, err := game.LoadFile(s.dir, s.data)
	if err == nil {
		s.loaded = g
		return g, nil
	}
	var bad *game.UnreadableError
	switch {
	case errors.As(err, &bad) && bad.MovedTo != "":
		return nil, errors.New(s.data.Texts.Format(assets.TitleSaveUnreadable,
			"reason", bad.Reason, "path", homeShort(bad.MovedTo)))
	case errors.As(err, &bad):
		return nil, errors.New(s.data.Texts.Format(assets.TitleSaveStuck,
			"reason", bad.Reason, "path", homeShort(bad.Path)))
	}
	return nil, errors.New(s.data.Texts.Format(assets.TitleLoadFailed, "error", err))
}

// homeShort writes path with the home folder as ~, to fit a line.
func homeShort(path string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" || !strings.HasPrefix(path, home+string(filepath.Separator)) {
		return path
	}
	return "~" + path[len(home):]
}

// started begins recording a run: a fresh one from its first turn, a
// continued one by carrying on its recording.
func (s *session) started(g *game.Game) {
	s.stopRecording()
	s.game, s.last, s.playing = g, nil, nil
	if g == s.loaded {
		s.rec, s.recErr = resumeRecording(s.dir, g)
	} else {
		s.rec, s.recErr = game.StartRunRecording(s.dir, g)
	}
	s.loaded = nil
}

func (s *session) playingCmd(_ *game.Game, c game.Command) { s.playing = &c }

// played records a command with its outcome, and its rule trace if asked.
// A recording that fails is dropped (the crash report says why) rather
// than stopping play.
func (s *session) played(g *game.Game, c game.Command, r game.Result) {
	s.playing, s.last = nil, &c
	if s.trace != nil {
		writeTrace(s.trace, g, c, r)
	}
	if s.rec == nil {
		return
	}
	if err := s.rec.Record(c, r.Took, g.Hash()); err != nil {
		s.recErr = err
		s.stopRecording()
	}
}

// ended closes a finished run for good: high score, no save, recording
// kept among the finished ones.
func (s *session) ended(g *game.Game) {
	_, _, _ = game.FinishRun(s.dir, g)
	if s.rec != nil {
		if err := s.rec.Finish(); err != nil {
			s.recErr = err
		}
		s.rec = nil
	}
}

// highScores lists the table in the data dir; one that cannot be read was
// moved aside and shows as empty.
func (s *session) highScores() []ui.Score {
	table, _ := game.LoadScores(s.dir)
	out := make([]ui.Score, len(table))
	for i, e := range table {
		out[i] = ui.Score{Seed: e.Seed, Deliveries: e.Deliveries, Letters: e.Letters,
			Earned: e.Earned, Kills: e.Kills, Turns: e.Turns, Won: e.Won}
	}
	return out
}

// stopRecording closes the recording, leaving current.rec to be continued.
func (s *session) stopRecording() {
	if s.rec == nil {
		return
	}
	if err := s.rec.Close(); err != nil && s.recErr == nil {
		s.recErr = err
	}
	s.rec = nil
}

// close ends the session: a run still open keeps its recording in place,
// so Continue carries it on.
func (s *session) close() { s.stopRecording() }

// recordingPath is the file holding the recording of what is being played.
func (s *session) recordingPath() string {
	if s.replaying != nil {
		return s.replaying.File
	}
	return filepath.Join(s.dir, game.CurrentRecording)
}

// resumeRecording carries on the recording of a continued run. If the run
// was played on past its save and left without saving, or another run was
// started since, its recording is found (current.rec, or the newest
// finished one of its seed that passes through the saved state) and cut
// back to the saved turn first.
func resumeRecording(dir string, g *game.Game) (*game.RunRecording, error) {
	rr, err := game.ResumeRunRecording(dir, g)
	if err == nil {
		return rr, nil
	}
	if rerr := reviveRecording(dir, g); rerr != nil {
		return nil, fmt.Errorf("%w (%v)", err, rerr)
	}
	return game.ResumeRunRecording(dir, g)
}

// reviveRecording makes current.rec the recording of g up to its present
// state, keeping whatever current.rec held before among the finished ones
// unless it is g's own.
func reviveRecording(dir string, g *game.Game) error {
	cur := filepath.Join(dir, game.CurrentRecording)
	finished, err := game.FinishedRecordings(dir)
	if err != nil {
		return err
	}
	candidates := []string{cur}
	for i := len(finished) - 1; i >= 0; i-- {
		candidates = append(candidates, finished[i])
	}
	for _, path := range candidates {
		rec, err := game.LoadRecording(path)
		if err != nil || rec.Logic != game.LogicVersion || rec.Seed != g.Run.Seed {
			continue
		}
		n, ok := stepsUpTo(rec, g.Hash())
		if !ok {
			continue
		}
		rec.Steps = rec.Steps[:n]
		if path != cur {
			if err := game.KeepCurrentRecording(dir); err != nil {
				return err
			}
		}
		return writeRecording(cur, rec)
	}
	return errors.New("no recording of this run reaches its saved state")
}

// stepsUpTo returns how many of rec's steps lead to the state with hash h:
// the most that end in it (refusals after it change nothing).
func stepsUpTo(rec *game.Recording, h uint64) (int, bool) {
	for i := len(rec.Steps) - 1; i >= 0; i-- {
		if rec.Steps[i].Hash == h {
			return i + 1, true
		}
	}
	return 0, rec.Start == h
}

// writeRecording replaces path with rec atomically, so a failure leaves the
// old file whole.
func writeRecording(path string, rec *game.Recording) error {
	var b bytes.Buffer
	if _, err := rec.WriteTo(&b); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, b.Bytes(), 0o644)
}

// writeTrace writes the rule trace of a road turn that took time: a header
// line with the turn and command, then one line per action.
func writeTrace(w io.Writer, g *game.Game, c game.Command, r game.Result) {
	t := g.LastTrace()
	if !r.Took || c.Kind > game.CmdUse || t == nil {
		return
	}
	fmt.Fprintf(w, "# turn %d: %s\n", g.Run.Turns, c)
	t.WriteTo(w)
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
