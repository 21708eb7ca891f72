package ui

import (
	"errors"
	"strconv"
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
	// The keyframes make every seek quick; a desync found while making them
	// is shown when playback reaches it, so the part before still plays.
	_ = p.Index()
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
	// typing is true while a command number is being typed after the
	// go-to key; typed holds its digits.
	typing bool
	typed  string
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
	if v.typing {
		v.typeDigit(a, in)
		return
	}
	act, ok := a.data.Keys.Action(assets.ContextReplay, in.key)
	if !ok {
		act, ok = navActions[in.nav]
	}
	if !ok {
		return
	}
	if target, seeks := v.seekTarget(act); seeks {
		v.seek(a, target)
		return
	}
	switch act {
	case assets.ActionReplayTakeWheel:
		v.takeWheel(a)
	case assets.ActionReplayGoTo:
		v.pause()
		v.typing, v.typed = true, ""
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

// takeWheel ends the replay and plays on from where it stands, a run of
// the player's own; why it cannot (no run left, a desync, a save in the
// way) is told in the notice line.
func (v *replayView) takeWheel(a *App) {
	v.pause()
	g := v.player.Game()
	if a.hooks.TakeWheel == nil || v.player.Err() != nil || g.Phase() == act.PhaseOver {
		return
	}
	hooks, err := a.hooks.TakeWheel(v.player.Recording(), v.player.Turn(), g)
	if err != nil {
		v.notice = err.Error()
		return
	}
	a.hooks = hooks
	a.begin(g)
}

// navActions are the paging keys the viewer reads beside its bindings.
var navActions = map[nav]assets.Action{
	navHome: assets.ActionReplayStart, navEnd: assets.ActionReplayEnd,
	navPageUp: assets.ActionReplayRoadBack, navPageDown: assets.ActionReplayRoadNext,
}

// seekTarget returns the command a seeking action goes to; seeks is false
// for the other actions.
func (v *replayView) seekTarget(act assets.Action) (target int, seeks bool) {
	p := v.player
	switch act {
	case assets.ActionReplayBack:
		return p.Turn() - 1, true
	case assets.ActionReplayRoadBack:
		return p.Delivery(-1), true
	case assets.ActionReplayRoadNext:
		return p.Delivery(+1), true
	case assets.ActionReplayStart:
		return 0, true
	case assets.ActionReplayEnd:
		return p.Len(), true
	}
	return 0, false
}

// seek pauses playback and shows the run after target commands, without
// animating what lies between. A desync on the way stops there, as
// playback would.
func (v *replayView) seek(a *App, target int) {
	v.pause()
	a.anim.begin()
	a.anim.skip = true
	err := v.player.Seek(target)
	a.anim.end()
	if g := v.player.Game(); g != a.game {
		g.SetListener(a.anim.listener())
		a.game = g
	}
	v.last, v.notice = "", ""
	if t := v.player.Turn(); t > 0 {
		v.last = v.player.Recording().Steps[t-1].Cmd.String()
	}
	var desync *archive.DesyncError
	if errors.As(err, &desync) {
		v.notice = a.text(assets.ReplayDesync, "turn", desync.Turn)
	}
}

// typeDigit reads one key of a command number being typed: digits add to
// it, Backspace takes one off, Enter goes there and Esc gives up.
func (v *replayView) typeDigit(a *App, in input) {
	switch {
	case in.key.Special == assets.SpecialEnter:
		v.typing = false
		if n, err := strconv.Atoi(v.typed); err == nil {
			v.seek(a, n)
		}
	case in.key.Special == assets.SpecialEsc:
		v.typing = false
	case in.key.Special == assets.SpecialBackspace:
		if v.typed != "" {
			v.typed = v.typed[:len(v.typed)-1]
		}
	case in.key.Special == assets.SpecialNone && !in.key.Ctrl && in.key.Rune >= '0' && in.key.Rune <= '9' && len(v.typed) < 7:
		v.typed += string(in.key.Rune)
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
		newCamp(a).draw(a, g)
		v.drawFoot(a, g, true)
	default:
		(&endView{}).draw(a, g)
		v.drawFoot(a, g, false)
	}
	v.drawHeader(a, g)
}

// drawFoot writes the bottom rows over the camp or the end screen in the
// order the road has them: the notice, the progress bar, the status line
// of the van (at camp) and the keys on the last row. The camp draws its
// status on the last row, which the keys take, so it is drawn again above.
func (v *replayView) drawFoot(a *App, g *Grid, status bool) {
	v.drawNotice(a, g, g.H-4)
	v.drawProgress(a, g, g.H-3)
	g.Fill(0, g.H-2, g.W, 1, blankCell)
	if status {
		a.drawStatus(g, g.H-2, a.campStatus())
	}
	v.drawKeys(a, g, g.H-1)
}

// drawNotice writes the notice over the camp or the end screen, wrapped
// upward from row bottom, so the progress bar and the keys under it cover
// none of its lines (a refused take-the-wheel says why in a sentence
// longer than one line).
func (v *replayView) drawNotice(a *App, g *Grid, bottom int) {
	if v.notice == "" {
		return
	}
	lines := wrap(v.notice, textWidth(g.W))
	for i, line := range lines {
		y := bottom - len(lines) + 1 + i
		g.Fill(0, y, g.W, 1, blankCell)
		g.Text(margin, y, line, a.pal.Style(assets.RoleWarning))
	}
}

// drawRoad is the play screen two rows lower: the map under the replay's
// line and its progress bar, then the status line, the log and the keys.
func (v *replayView) drawRoad(a *App, g *Grid) {
	l := a.playLayout(g)
	focus, _ := vanAt(a.game)
	a.drawMap(g, a.follow.frame(a.game.Level(), g.W, max(l.mapH-2, 0), 2, focus))
	v.drawProgress(a, g, 1)
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
	if v.typing {
		g.Text(0, y, a.text(assets.ReplayGoTo, "total", v.player.Len(), "typed", v.typed), a.pal.Style(assets.RoleText))
		return
	}
	g.Text(0, y, a.text(assets.ReplayKeys,
		"play", first(assets.ActionReplayPause), "step", first(assets.ActionReplayStep),
		"back", first(assets.ActionReplayBack),
		"road_back", first(assets.ActionReplayRoadBack), "road_next", first(assets.ActionReplayRoadNext),
		"start", first(assets.ActionReplayStart), "end", first(assets.ActionReplayEnd),
		"go_to", first(assets.ActionReplayGoTo), "wheel", first(assets.ActionReplayTakeWheel),
		"quit", first(assets.ActionReplayQuit)), a.pal.Style(assets.RoleTextDim))
}

// Glyphs of the progress bar.
const (
	progressPlayed = '='
	progressAhead  = '-'
	progressRoad   = '|'
	progressHere   = '>'
)

// drawProgress writes the progress bar on row y, the width of the screen:
// the part played, the part ahead, a mark where each delivery's road
// begins and one where the replay stands.
func (v *replayView) drawProgress(a *App, g *Grid, y int) {
	total := v.player.Len()
	if g.W <= 0 {
		return
	}
	col := func(turn int) int {
		if total == 0 {
			return 0
		}
		return min(turn*(g.W-1)/total, g.W-1)
	}
	here := col(v.player.Turn())
	played, ahead := a.pal.Style(assets.RoleHUDValue), a.pal.Style(assets.RoleTextDim)
	for x := range g.W {
		c := Cell{R: progressAhead, S: ahead}
		if x < here {
			c = Cell{R: progressPlayed, S: played}
		}
		g.Set(x, y, c)
	}
	for _, r := range v.player.Roads() {
		g.Set(col(r), y, Cell{R: progressRoad, S: a.pal.Style(assets.RoleHUDLabel)})
	}
	g.Set(here, y, Cell{R: progressHere, S: a.pal.Style(assets.RoleVan)})
}
