package ui

import (
	"errors"
	"time"

	"github.com/gdamore/tcell/v2"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/rules/act"
)

// replaySpeeds are the playback speeds, in turns a second.
var replaySpeeds = [...]int{1, 2, 4, 8, 16, 32, 64, 128}

const (
	// replayStartSpeed indexes replaySpeeds: where playback starts.
	replayStartSpeed = 2
	// animateUpTo is the fastest speed, in turns a second, at which the
	// viewer still shows each turn's bullets and motion.
	animateUpTo = 4
)

// RunReplay shows rec being played back on screen, from its first turn,
// until the viewer quits: the road (or camp, or end screen) as the player
// saw it, with the turn number, the speed and the keys above and below.
// Playback starts at once; the keys of keys.toml's [replay] section pause
// it, step one turn, speed it up or slow it down. A recording of another
// logic version, or one whose start already differs, is refused before the
// terminal is touched. Like Run, it restores the terminal on every way out.
func RunReplay(screen tcell.Screen, data *assets.Data, rec *archive.Recording, opts Options) error {
	p, err := archive.NewPlayer(data, rec, nil)
	if err != nil {
		return err
	}
	return run(screen, data, opts, func(a *App) { watch(a, p).play(a) })
}

// replayTick asks the viewer to play its next turn. gen tells a tick of
// the current schedule from one that a pause or a step made stale.
type replayTick struct {
	tcell.EventTime
	gen int
}

func (ev *replayTick) apply(a *App) {
	if v, ok := a.top().(*replayView); ok {
		v.tick(a, ev.gen)
	}
}

// replayView plays a recording back. While playing, a timer posts a tick
// into the screen's event queue for each turn, so the front end still
// blocks on events and uses no CPU between turns.
type replayView struct {
	player  *archive.Player
	playing bool
	speed   int // index into replaySpeeds
	gen     int
	timer   *time.Timer
	// last is the command last played, as the recording writes it.
	last string
	// notice says why playback stopped short (a desync).
	notice string
}

// watch makes a's only view the replay of p, paused at its start.
func watch(a *App, p *archive.Player) *replayView {
	v := &replayView{player: p, speed: replayStartSpeed}
	g := p.Game()
	g.SetListener(a.anim.listener())
	a.game = g
	a.replace(v)
	return v
}

// finished reports whether nothing is left to play.
func (v *replayView) finished() bool { return v.player.Done() || v.player.Err() != nil }

// play starts playback, unless the recording is over.
func (v *replayView) play(a *App) {
	if v.finished() {
		return
	}
	v.playing = true
	v.schedule(a)
}

// pause stops playback and forgets the tick on its way.
func (v *replayView) pause() {
	v.playing = false
	v.gen++
	if v.timer != nil {
		v.timer.Stop()
	}
}

// schedule sets a timer for the next turn at the current speed.
func (v *replayView) schedule(a *App) {
	v.gen++
	ev := &replayTick{gen: v.gen}
	screen := a.term.screen
	delay := time.Second / time.Duration(replaySpeeds[v.speed])
	v.timer = time.AfterFunc(delay, func() {
		defer ForwardPanic(screen)
		ev.SetEventNow()
		// A queue that stays full drops the tick; any key goes on.
		_ = post(screen, ev)
	})
}

// tick plays a turn for the timer, and sets the next one.
func (v *replayView) tick(a *App, gen int) {
	if gen != v.gen || !v.playing {
		return
	}
	v.step(a)
	if v.playing {
		v.schedule(a)
	}
}

// step plays the next recorded turn, animated at slow speeds. Playback
// stops at the end and at a desync, which the notice explains.
func (v *replayView) step(a *App) {
	st, ok := v.player.Peek()
	if !ok {
		v.playing = false
		return
	}
	a.anim.begin()
	if replaySpeeds[v.speed] > animateUpTo {
		a.anim.skip = true
	}
	_, err := v.player.Step()
	a.anim.end()
	if g := v.player.Game(); g != a.game {
		// A resume line: the run went on from its save, and so does the
		// replay, in the game the save loaded.
		g.SetListener(a.anim.listener())
		a.game = g
	}
	v.last = st.Cmd.String()
	var desync *archive.DesyncError
	if errors.As(err, &desync) {
		v.notice = a.text(assets.ReplayDesync, "turn", desync.Turn)
	}
	if v.finished() {
		v.playing = false
	}
}

func (v *replayView) key(a *App, in input) {
	act, ok := a.data.Keys.Action(assets.ContextReplay, in.key)
	if !ok {
		return
	}
	switch act {
	case assets.ActionReplayPause:
		if v.playing {
			v.pause()
		} else {
			v.play(a)
		}
	case assets.ActionReplayStep:
		v.pause()
		v.step(a)
	case assets.ActionReplayFaster:
		v.speed = min(v.speed+1, len(replaySpeeds)-1)
	case assets.ActionReplaySlower:
		v.speed = max(v.speed-1, 0)
	case assets.ActionReplayQuit:
		v.pause()
		a.quit = true
	}
}

// onRoad reports whether the replay shows the road, where turns animate.
func (v *replayView) onRoad(a *App) bool { return a.game.Phase() == act.PhaseRoad }

// draw shows the screen the player saw at this point of the run, with the
// replay's line on top and its keys at the bottom.
func (v *replayView) draw(a *App, g *Grid) {
	switch a.game.Phase() {
	case act.PhaseRoad:
		v.drawRoad(a, g)
	case act.PhaseCamp:
		m := newCamp(a)
		m.notice = v.notice
		m.draw(a, g)
		v.drawKeys(a, g, g.H-2)
	default:
		(&endView{}).draw(a, g)
		if v.notice != "" {
			g.Fill(0, g.H-3, g.W, 1, blankCell)
			g.Text(margin, g.H-3, v.notice, a.pal.Style(assets.RoleWarning))
		}
		v.drawKeys(a, g, g.H-2)
	}
	v.drawHeader(a, g)
}

// drawRoad is the play screen one row lower: the map under the replay's
// line, then the status line, the log and the keys.
func (v *replayView) drawRoad(a *App, g *Grid) {
	l := a.playLayout(g)
	focus, _ := vanAt(a.game)
	a.drawMap(g, a.follow.frame(a.game.Level(), g.W, max(l.mapH-1, 0), 1, focus))
	a.drawStatus(g, l.statusY, a.roadStatus())
	a.drawLog(g, l.logY, l.logLines-1, v.notice)
	v.drawKeys(a, g, g.H-1)
}

// drawHeader writes the replay's line on row 0: seed, turn, speed and
// state, and the last command on the right when it fits.
func (v *replayView) drawHeader(a *App, g *Grid) {
	g.Fill(0, 0, g.W, 1, blankCell)
	text := a.text(assets.ReplayHeader, "seed", v.player.Recording().Seed,
		"turn", v.player.Turn(), "total", v.player.Len(),
		"speed", replaySpeeds[v.speed], "state", a.text(v.state()))
	end := g.Text(0, 0, text, a.pal.Style(assets.RoleHUDValue))
	if v.last == "" {
		return
	}
	last := a.text(assets.ReplayCommand, "command", v.last)
	if x := g.W - len([]rune(last)); x >= end+2 {
		g.Text(x, 0, last, a.pal.Style(assets.RoleHUDLabel))
	}
}

// state names what playback is doing.
func (v *replayView) state() assets.TextID {
	switch {
	case v.finished():
		return assets.ReplayEnded
	case v.playing:
		return assets.ReplayPlaying
	}
	return assets.ReplayPaused
}

// drawKeys writes the replay's keys on row y, the first key of each.
func (v *replayView) drawKeys(a *App, g *Grid, y int) {
	first := func(act assets.Action) string {
		if keys := a.data.Keys.KeysFor(act); len(keys) > 0 {
			return keys[0].String()
		}
		return "?"
	}
	g.Fill(0, y, g.W, 1, blankCell)
	g.Text(0, y, a.text(assets.ReplayKeys,
		"play", first(assets.ActionReplayPause), "step", first(assets.ActionReplayStep),
		"faster", first(assets.ActionReplayFaster), "slower", first(assets.ActionReplaySlower),
		"quit", first(assets.ActionReplayQuit)), a.pal.Style(assets.RoleTextDim))
}
