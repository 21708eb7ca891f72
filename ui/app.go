package ui

import (
	"fmt"
	"os"

	"github.com/gdamore/tcell/v2"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/assets/config"
	"lastpost/game"
)

// Score is one line of the high-score table, as the title screen shows it.
type Score struct {
	Seed       uint64
	Deliveries int
	Letters    int
	Earned     int
	Kills      int
	Turns      int
	Won        bool
	Proof      Proof
	// entry is the table's own entry, for the session's prover.
	entry archive.Summary
}

// Proof says whether a high score's recording replays to it, as found
// since the table opened.
type Proof int

// The proofs a score can have.
const (
	ProofNone    Proof = iota // no recording to replay (an older entry)
	ProofProven               // its run replays to it
	ProofFailed               // its recording is gone, replays to something else, is the bot's or another entry's run
	ProofPending              // its recording is being replayed now
	ProofTooLong              // its recording is too long to replay (past the cost bound)
)

// Hooks connect the front end to what lives outside it: saves, recordings,
// high scores and the choice of seeds. Every field may be nil; the front end
// then does without (no Continue, no saving, seed 1 for new runs).
type Hooks struct {
	// NewSeed gives the seed of a run started from the title screen.
	NewSeed func() uint64
	// HasSave reports whether a saved run exists, to offer Continue.
	HasSave func() bool
	// Load reads the saved run for Continue.
	Load func() (*game.Game, error)
	// Save writes the run for "save and quit".
	Save func(*game.Game) error
	// Started is called when a run begins or is continued.
	Started func(*game.Game)
	// Playing is called before every command reaches the game, so a crash
	// while it resolves can name it.
	Playing func(*game.Game, game.Command)
	// Played is called after every command that reached the game, refused
	// or not, with its result.
	Played func(*game.Game, game.Command, game.Result)
	// Camp is called when the van arrives at a camp (for the autosave).
	Camp func(*game.Game)
	// Ended is called once when a run ends, after its summary is known.
	Ended func(*game.Game)
	// HighScores lists the best runs, best first, at once: an entry with a
	// recording to replay is ProofPending. It is called each time the
	// table opens, and whenever the front end asks whether any run was
	// played, so it must not replay anything.
	HighScores func() []Score
	// ProveScores replays the recordings of scores, in order, and calls
	// report with each one's proof. The front end runs it in a goroutine
	// of its own while the table shows, so it must only read the data
	// folder; once stop says true (the table closed) it should return.
	ProveScores func(scores []Score, stop func() bool, report func(i int, p Proof))
	// DailyScores lists the daily road's table, a proof a day, oldest
	// first, at once: like HighScores it must not replay anything. With
	// an error it lists the days read before the line it names.
	DailyScores func() ([]archive.Proof, error)
	// ProveDaily replays the proofs, in order, and calls report with each
	// one's verdict, as ProveScores does for the high scores and under the
	// same terms: in a goroutine of its own, returning once stop says true.
	ProveDaily func(proofs []archive.Proof, stop func() bool, report func(i int, p Proof))
	// Forks lists the forks' table, oldest first; with an error, the forks
	// read before the line it names.
	Forks func() ([]archive.ForkEntry, error)
	// TakeWheel makes g, where the replay of rec stands after at
	// commands, a run of the player's own, recorded as a fork of rec, and
	// returns the hooks that run is played with; nil offers no wheel.
	TakeWheel func(rec *archive.Recording, at int, g *game.Game) (Hooks, error)
	// DailyDay tells the day of the daily road g plays, and whether that
	// day is today, when g is the day's claimed attempt; day is "" for
	// any other run. The pause box names the road by it, and quitting
	// without saving warns that the day's one attempt is lost.
	DailyDay func(g *game.Game) (day string, today bool)
	// Morgue names the morgue file the run that just ended wrote, for its
	// end screen; "" when it wrote none.
	Morgue func() string
	// Daily claims the day's road and returns its fresh game, or says why
	// not (driven already today); nil offers no daily road.
	Daily func() (*game.Game, error)
	// Notice returns what the data folder has to tell the player since it
	// was last asked ("" for nothing): a recording that failed, a table set
	// aside. It is shown once, under the map or on the screen in front.
	Notice func() string
}

// Options configure an App.
type Options struct {
	Hooks Hooks
	// Start, when set, is played at once instead of opening the title
	// screen (the -seed flag).
	Start *game.Game
	// Notice is a one-line message for the title screen, such as a save
	// that could not be read.
	Notice string
	// Instant resolves turns without animation or waiting (tests, headless
	// runs).
	Instant bool
	// TraceEveryTurn traces every command, for a Played hook that writes
	// each one's rule trace (the -trace file). Without it a command is
	// traced only when the trace pager asks for it, by playing it again.
	TraceEveryTurn bool
	// Clock paces animation; nil means real time.
	Clock Clock
	// NoColor forces monochrome. Run sets it when the NO_COLOR environment
	// variable is set and not empty.
	NoColor bool
	// Config holds the player's settings; nil means the defaults of the
	// data. The controls screen saves changed keys to its Path.
	Config *config.Config
}

// App is the terminal front end: the screen adapter, the stack of views and
// the run being played.
type App struct {
	data  *assets.Data
	opts  Options
	hooks Hooks
	term  *term
	grid  Grid
	pal   *Palette
	looks looks
	views []view
	game  *game.Game
	anim  animator
	// follow keeps the map's view steady between frames.
	follow follow
	// words keeps the play screen's words between frames.
	words words
	// rewind rebuilds the last command's rule trace for the trace pager.
	rewind rewind
	// base is the data as given, before the player's settings (data has
	// them applied): the default keys come from it.
	base *assets.Data
	cfg  config.Config

	// prompt is a line for the player that is not part of the game's log
	// (the fire prompt, a refusal at camp); the next command clears it.
	prompt       string
	victoryShown bool
	// firstRun marks a run started with no save and no high score in the
	// data folder: its first delivery shows a hint where the prompt goes.
	firstRun bool
	// resized asks the next flush to repaint the whole terminal.
	resized bool
	// held are events taken from the screen while a turn animated, to be
	// handled once it is over (a signal, or a key the replay viewer obeys).
	held []tcell.Event
	quit bool
	err  error
}

// view is one screen or overlay. The top view of the stack gets the keys;
// each view draws the whole screen (overlays draw what lies under them
// first).
type view interface {
	draw(a *App, g *Grid)
	key(a *App, in input)
}

// Run starts the screen, plays until the player quits and restores the
// terminal on every way out: a panic (re-raised as a *Panic once the
// terminal is back), an Interrupt (returned as an *Interrupted) included.
// A terminal that cannot be started gives an error wrapping ErrTerminal;
// a game that breaks down, its error.
func Run(screen tcell.Screen, data *assets.Data, opts Options) error {
	return run(screen, data, opts, nil)
}

// run is Run, with prepare (if not nil) setting the front end up before the
// first frame.
func run(screen tcell.Screen, data *assets.Data, opts Options, prepare func(a *App)) error {
	if err := screen.Init(); err != nil {
		return fmt.Errorf("%w: %w", ErrTerminal, err)
	}
	defer func() {
		r := recover()
		if r == nil {
			screen.Fini()
			return
		}
		// The stack is taken before Fini, while it still shows the panic.
		p := asPanic(r)
		screen.Fini()
		panic(p)
	}()
	if v, ok := os.LookupEnv("NO_COLOR"); ok && v != "" {
		opts.NoColor = true
	}
	a := New(screen, data, opts)
	if prepare != nil {
		prepare(a)
	}
	return a.Loop()
}

// New builds the front end on an initialised screen.
func New(screen tcell.Screen, data *assets.Data, opts Options) *App {
	a := &App{base: data, cfg: settingsFor(data, opts), opts: opts, hooks: opts.Hooks, term: newTerm(screen)}
	a.data = a.cfg.Apply(data)
	a.pal = NewPalette(a.data.Colours, depthFor(a.cfg.Palette, screen.Colors(), opts.NoColor))
	a.looks = newLooks(a.data, a.pal)
	a.anim = newAnimator(a, opts.Clock, opts.Instant || a.cfg.Animation.Instant)
	screen.HideCursor()
	a.views = []view{newTitle(a)}
	if opts.Start != nil {
		// -seed N over a saved run asks first, as New game does.
		a.startOver(func(a *App) {
			a.firstRun = a.noRunYet()
			a.begin(opts.Start)
		})
	}
	return a
}

// Loop draws, then handles events until the player quits or the screen is
// finalised. It blocks on the next event, so it uses no CPU while waiting.
func (a *App) Loop() error {
	a.redraw(false)
	for !a.quit {
		ev := a.nextEvent()
		if ev == nil {
			break
		}
		a.handle(ev)
	}
	return a.err
}

// nextEvent returns the oldest held event, or waits for the screen's next.
func (a *App) nextEvent() tcell.Event {
	if len(a.held) > 0 {
		ev := a.held[0]
		a.held = a.held[1:]
		return ev
	}
	return a.term.screen.PollEvent()
}

// pump handles every event already waiting, without blocking: tests use it
// after injecting keys.
func (a *App) pump() {
	for !a.quit && (len(a.held) > 0 || a.term.screen.HasPendingEvent()) {
		ev := a.nextEvent()
		if ev == nil {
			return
		}
		a.handle(ev)
	}
}

// handle reacts to one event and redraws.
func (a *App) handle(ev tcell.Event) {
	switch ev := ev.(type) {
	case *tcell.EventResize:
		a.term.invalidate()
		a.redraw(true)
	case appEvent:
		ev.apply(a)
		if !a.quit {
			a.redraw(false)
		}
	case *tcell.EventKey:
		if sig, ok := quitKeySignal(ev); ok {
			a.interrupt(sig)
			return
		}
		in, ok := inputOf(ev)
		if !ok || a.tooSmall() {
			return
		}
		a.top().key(a, in)
		if !a.quit {
			a.redraw(false)
		}
	}
}

// redraw composes the whole screen and flushes the changes.
func (a *App) redraw(sync bool) {
	a.compose()
	a.term.flush(&a.grid, a.pal, sync || a.resized)
	a.resized = false
}

// compose draws the current state into the grid.
func (a *App) compose() {
	w, h := a.term.size()
	if w != a.grid.W || h != a.grid.H {
		a.grid.Resize(w, h)
	} else {
		a.grid.Clear()
	}
	if a.tooSmall() {
		a.drawTooSmall(&a.grid)
		return
	}
	a.top().draw(a, &a.grid)
}

func (a *App) tooSmall() bool {
	w, h := a.term.size()
	return w < a.data.Display.MinWidth || h < a.data.Display.MinHeight
}

func (a *App) drawTooSmall(g *Grid) {
	msg := a.data.Texts.Format(assets.ScreenTooSmall,
		"width", a.data.Display.MinWidth, "height", a.data.Display.MinHeight)
	lines := wrap(msg, g.W)
	top := (g.H - len(lines)) / 2
	for i, line := range lines {
		g.Text((g.W-len([]rune(line)))/2, top+i, line, a.pal.Style(assets.RoleWarning))
	}
}

func (a *App) top() view { return a.views[len(a.views)-1] }

// push opens a view over the current one.
func (a *App) push(v view) { a.views = append(a.views, v) }

// pop closes the top view; the bottom view always stays.
func (a *App) pop() {
	if len(a.views) > 1 {
		a.views = a.views[:len(a.views)-1]
	}
}

// replace closes every view and opens v.
func (a *App) replace(v view) { a.views = append(a.views[:0], v) }

// text returns a text with its placeholders filled.
func (a *App) text(id assets.TextID, args ...any) string { return a.data.Texts.Format(id, args...) }

// fail stops the front end with an error that the game reported.
func (a *App) fail(err error) {
	a.err = err
	a.quit = true
}
