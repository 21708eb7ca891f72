package ui

import (
	"time"

	"github.com/gdamore/tcell/v2"

	"lastpost/game"
)

// frameMs is the length of a display frame: a turn's animation is drawn at
// most this often.
const frameMs = 16

// Clock tells and waits real time, for pacing animation. Tests pass a fake.
type Clock interface {
	Now() time.Time
	Sleep(d time.Duration)
}

type realClock struct{}

func (realClock) Now() time.Time        { return time.Now() }
func (realClock) Sleep(d time.Duration) { time.Sleep(d) }

// animator watches a command resolve through the game's listener and draws
// a frame whenever a display frame's worth of the turn's own time has
// passed, then waits until that moment comes in real time, so bullets,
// fragments and vehicles move at their real speeds. It only reads the game.
//
// A command runs several resolutions (the van's, each enemy's, the physics
// step), each with a clock from zero; the animator lays them end to end.
type animator struct {
	a       *App
	clock   Clock
	instant bool

	start   time.Time
	base    int // turn time at which the current resolution started
	last    int // the current resolution's latest instant seen
	drawnAt int // turn time of the last frame drawn
	skip    bool
	// frames counts the frames drawn while commands resolved.
	frames int
}

func newAnimator(a *App, clock Clock, instant bool) animator {
	if clock == nil {
		clock = realClock{}
	}
	return animator{a: a, clock: clock, instant: instant}
}

// listener is what the game calls while a command resolves.
func (an *animator) listener() game.Listener {
	return game.Listener{Commit: an.observe, Advance: an.advance}
}

// begin gets ready for a command.
func (an *animator) begin() {
	an.start = an.clock.Now()
	an.base, an.last, an.drawnAt, an.skip = 0, 0, 0, an.instant
}

// end finishes a command's animation.
func (an *animator) end() { an.skip = true }

// observe notes an instant; an instant earlier than the last one means a new
// resolution has begun.
func (an *animator) observe(now int) {
	if now < an.last {
		an.base += an.last
	}
	an.last = now
}

// advance draws a frame if one is due and paces it.
func (an *animator) advance(now int) {
	an.observe(now)
	if an.skip || !an.a.roadShown() {
		// Only the road shows motion; elsewhere (leaving a camp) the
		// resolution just runs.
		return
	}
	t := an.base + now
	if an.a.realTime(t-an.drawnAt) < frameMs*time.Millisecond {
		return
	}
	if an.keyHeld() || an.keyWaiting() {
		an.skip = true
		return
	}
	an.drawnAt = t
	an.frames++
	an.a.redraw(false)
	due := an.start.Add(an.a.realTime(t))
	if wait := due.Sub(an.clock.Now()); wait > 0 {
		an.clock.Sleep(wait)
	}
}

// roadShown reports whether the top view shows the road, where turns
// animate.
func (a *App) roadShown() bool {
	switch v := a.top().(type) {
	case *playView:
		return true
	case *replayView:
		return v.onRoad(a)
	}
	return false
}

// keyHeld reports whether a key typed ahead waits to be obeyed: the turns
// it asks for are not kept waiting behind this one's animation.
func (an *animator) keyHeld() bool {
	for _, ev := range an.a.held {
		if _, ok := ev.(*tcell.EventKey); ok {
			return true
		}
	}
	return false
}

// keyWaiting reads the events already queued, without blocking. A key
// press finishes the animation at once and is held, to be obeyed once the
// turn is over, so no key typed ahead is lost; a resize is remembered and
// redrawn at once; the front end's own events are held.
func (an *animator) keyWaiting() bool {
	screen := an.a.term.screen
	pressed := false
	for !pressed && screen.HasPendingEvent() {
		switch ev := screen.PollEvent().(type) {
		case nil:
			return true
		case *tcell.EventKey:
			an.a.held = append(an.a.held, ev)
			pressed = true
		case appEvent:
			// A signal or a forwarded panic waits for the turn to end, so
			// a save never catches a command half resolved; it also ends
			// the animation at once. A replay's tick only waits.
			an.a.held = append(an.a.held, ev)
			_, tick := ev.(*replayTick)
			pressed = !tick
		case *tcell.EventResize:
			an.a.term.invalidate()
			an.a.resized = true
		}
	}
	return pressed
}
