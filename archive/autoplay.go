package archive

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// Autoplay plays one run of seed with the bot of the given style for at
// most limit turns,
// stopping at the win or the van's destruction. If w is not nil the run is
// recorded into it, with the bot's version and an end line; if trace is not nil every turn's rule trace is written
// to it, after a line naming the run. An error is a breakdown of the rules
// or of w.
func Autoplay(data *assets.Data, seed uint64, limit int, style game.BotStyle, w, trace io.Writer) (game.RunStats, error) {
	return NewAutoplayer(data).Play(seed, limit, style, w, trace)
}

// Autoplayer plays runs one after another as Autoplay does, each run's game
// built in the memory of the game the run before ended with
// (game.NewFrom), so a batch of runs does not allocate a world, a spatial
// index and the rest for each. The runs are those Autoplay plays. An
// Autoplayer keeps a game: it is for one goroutine at a time.
type Autoplayer struct {
	data *assets.Data
	last *game.Game
}

// NewAutoplayer returns an Autoplayer for the given play data.
func NewAutoplayer(data *assets.Data) *Autoplayer { return &Autoplayer{data: data} }

// Play plays one run as Autoplay does.
func (a *Autoplayer) Play(seed uint64, limit int, style game.BotStyle, w, trace io.Writer) (game.RunStats, error) {
	g := game.NewFrom(a.last, a.data, seed)
	// The game is the next run's memory however this one ends; nothing
	// holds it once Play returns.
	a.last = g
	var rec *Recorder
	if w != nil {
		var err error
		if rec, err = NewBotRecorder(w, g); err != nil {
			return game.RunStats{}, err
		}
	}
	if trace != nil {
		g.SetTracing(true)
		fmt.Fprintf(trace, "# seed %d\n", seed)
	}
	bot := game.Bot{Style: style}
	turns := 0
	var bought []string
	setOut := g.VanState().Engine.Cur
	for ; turns < limit && g.Phase() != act.PhaseOver && !g.Run.Won; turns++ {
		c := bot.Next(g).Canonical()
		offer := offerAt(g, c)
		res, err := g.Do(c)
		if res.Took && offer != "" {
			bought = append(bought, offer)
		}
		if res.Took && c.Kind == game.CmdDepart {
			setOut = g.VanState().Engine.Cur
		}
		if rec != nil {
			if rerr := rec.Record(c, res.Took, g.Hash()); rerr != nil && err == nil {
				err = rerr
			}
		}
		if trace != nil {
			WriteTrace(trace, g, c, res)
		}
		if err != nil {
			return game.RunStats{}, fmt.Errorf("seed %d, turn %d (%s): %w", seed, turns+1, c, err)
		}
		bot.Observe(c, res)
	}
	if rec != nil {
		if err := rec.End(g); err != nil {
			return game.RunStats{}, err
		}
	}
	s := game.StatsOf(g, turns)
	s.Bought, s.SetOutEngine = bought, setOut
	return s, nil
}

// offerAt returns the id of the offer a purchase command names, or "".
func offerAt(g *game.Game, c game.Command) string {
	if stock := g.Stock(); c.Kind == game.CmdBuy && c.Index < len(stock) {
		return stock[c.Index]
	}
	return ""
}

// AutoplayRun plays one run of seed with the bot, up to
// game.DefaultAutoplayTurns, recording it into dir/seed-<seed>.rec if dir
// is not "" and writing the rule traces to trace if it is not nil.
func AutoplayRun(data *assets.Data, seed uint64, style game.BotStyle, dir string, trace io.Writer) (game.RunStats, error) {
	return NewAutoplayer(data).PlayRun(seed, style, dir, trace)
}

// PlayRun plays one run as AutoplayRun does.
func (a *Autoplayer) PlayRun(seed uint64, style game.BotStyle, dir string, trace io.Writer) (game.RunStats, error) {
	if dir == "" {
		return a.Play(seed, game.DefaultAutoplayTurns, style, nil, trace)
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("seed-%d.rec", seed)))
	if err != nil {
		return game.RunStats{}, err
	}
	s, err := a.Play(seed, game.DefaultAutoplayTurns, style, f, trace)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return s, err
}

// AutoplayOptions say how `lastpost -autoplay` plays and what it prints
// beyond each run's line and the totals.
type AutoplayOptions struct {
	// Style is how the bot plays.
	Style game.BotStyle
	// Dir, if not "", receives one recording per run.
	Dir string
	// Trace, if not nil, receives the rule trace of every command.
	Trace io.Writer
	// Stats adds the balance report after the totals.
	Stats bool
	// Jobs is how many runs play at once, each on its own goroutine. Runs
	// share nothing but the read-only data, so the lines and the totals
	// are the same for any number of jobs; below 2, or with a trace (one
	// stream in the order of play), the runs play one after another.
	Jobs int
}

// AutoplayRuns lets the bot play runs runs of seeds first, first+1, ... as
// AutoplayRun does, and prints the line of each run and then the totals, as
// `lastpost -autoplay` prints them, then the balance report if asked. It
// stops at the first run that breaks down and returns its error.
func AutoplayRuns(data *assets.Data, first uint64, runs int, opts AutoplayOptions, out io.Writer) error {
	if opts.Dir != "" {
		if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
			return err
		}
	}
	var totals game.AutoplayTotals
	balance := NewBalance()
	start := time.Now()
	jobs := opts.Jobs
	if opts.Trace != nil {
		jobs = 1
	}
	// Each job plays its runs with an Autoplayer of its own: a game is
	// never shared between goroutines, and a run's game is as New makes
	// it whichever run its memory came from, so the runs are the same for
	// any number of jobs.
	newPlay := func() func(int) (game.RunStats, error) {
		a := NewAutoplayer(data)
		return func(i int) (game.RunStats, error) {
			return a.PlayRun(first+uint64(i), opts.Style, opts.Dir, opts.Trace)
		}
	}
	err := playInOrder(runs, jobs, newPlay, func(s game.RunStats) {
		fmt.Fprintln(out, s)
		totals.Add(s)
		balance.Add(s)
	})
	if err != nil {
		return err
	}
	perSecond := 0
	if secs := time.Since(start).Seconds(); secs > 0 {
		perSecond = int(float64(totals.Turns) / secs)
	}
	fmt.Fprintln(out, totals.Line(perSecond))
	if opts.Stats {
		_, err := balance.WriteTo(out)
		return err
	}
	return nil
}

// runResult is what one run of a batch came to.
type runResult struct {
	stats game.RunStats
	err   error
}

// playInOrder plays runs runs on up to jobs goroutines, run i by play(i)
// where play is the goroutine's own function, made by newPlay once for
// each goroutine (so it may keep what one run leaves to the next), and
// hands each run's stats to emit in the order of i, as soon as every run
// before it has been handed on. It stops at the first run in that
// order that fails and returns its error, having emitted exactly the runs
// before it, as playing them one after another would; runs already under
// way finish unseen, and no new one starts.
func playInOrder(runs, jobs int, newPlay func() func(int) (game.RunStats, error), emit func(game.RunStats)) error {
	if jobs <= 1 || runs <= 1 {
		play := newPlay()
		for i := range runs {
			s, err := play(i)
			if err != nil {
				return err
			}
			emit(s)
		}
		return nil
	}
	// One buffered channel per run: a worker never waits to hand a result
	// on, and the results are read in run order whatever order they end in.
	done := make([]chan runResult, runs)
	for i := range done {
		done[i] = make(chan runResult, 1)
	}
	todo, stop := make(chan int), make(chan struct{})
	var wg sync.WaitGroup
	for range min(jobs, runs) {
		wg.Go(func() {
			play := newPlay()
			for i := range todo {
				s, err := play(i)
				done[i] <- runResult{s, err}
			}
		})
	}
	go func() {
		defer close(todo)
		for i := range runs {
			select {
			case todo <- i:
			case <-stop:
				return
			}
		}
	}()
	var err error
	for i := range runs {
		r := <-done[i]
		if r.err != nil {
			err = r.err
			break
		}
		emit(r.stats)
	}
	close(stop)
	wg.Wait()
	return err
}
