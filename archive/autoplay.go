package archive

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// Autoplay plays one run of seed with the bot for at most limit turns,
// stopping at the win or the van's destruction. If w is not nil the run is
// recorded into it, with the bot's version and an end line; if trace is not nil every turn's rule trace is written
// to it, after a line naming the run. An error is a breakdown of the rules
// or of w.
func Autoplay(data *assets.Data, seed uint64, limit int, w, trace io.Writer) (game.RunStats, error) {
	g := game.New(data, seed)
	var rec *Recorder
	if w != nil {
		var err error
		if rec, err = NewBotRecorder(w, seed, g.Hash()); err != nil {
			return game.RunStats{}, err
		}
	}
	if trace != nil {
		g.SetTracing(true)
		fmt.Fprintf(trace, "# seed %d\n", seed)
	}
	var bot game.Bot
	turns := 0
	for ; turns < limit && g.Phase() != act.PhaseOver && !g.Run.Won; turns++ {
		c := bot.Next(g).Canonical()
		res, err := g.Do(c)
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
	return game.StatsOf(g, turns), nil
}

// AutoplayRun plays one run of seed with the bot, up to
// game.DefaultAutoplayTurns, recording it into dir/seed-<seed>.rec if dir
// is not "" and writing the rule traces to trace if it is not nil.
func AutoplayRun(data *assets.Data, seed uint64, dir string, trace io.Writer) (game.RunStats, error) {
	if dir == "" {
		return Autoplay(data, seed, game.DefaultAutoplayTurns, nil, trace)
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("seed-%d.rec", seed)))
	if err != nil {
		return game.RunStats{}, err
	}
	s, err := Autoplay(data, seed, game.DefaultAutoplayTurns, f, trace)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return s, err
}

// AutoplayRuns lets the bot play runs runs of seeds first, first+1, ... as
// AutoplayRun does, and prints the line of each run and then the totals, as
// `lastpost -autoplay` prints them. It stops at the first run that breaks
// down and returns its error.
func AutoplayRuns(data *assets.Data, first uint64, runs int, dir string, trace, out io.Writer) error {
	var totals game.AutoplayTotals
	start := time.Now()
	for i := range runs {
		s, err := AutoplayRun(data, first+uint64(i), dir, trace)
		if err != nil {
			return err
		}
		fmt.Fprintln(out, s)
		totals.Add(s)
	}
	perSecond := 0
	if secs := time.Since(start).Seconds(); secs > 0 {
		perSecond = int(float64(totals.Turns) / secs)
	}
	fmt.Fprintln(out, totals.Line(perSecond))
	return nil
}
