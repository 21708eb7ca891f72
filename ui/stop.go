package ui

import (
	"errors"
	"fmt"
	"lastpost/rules/act"
	"os"
	"runtime/debug"
	"time"

	"github.com/gdamore/tcell/v2"
)

// ErrTerminal marks the errors of a terminal that could not be started;
// Run wraps the screen's own error in it.
var ErrTerminal = errors.New("cannot start the terminal")

// Interrupted is what Run returns when it was asked to stop by Interrupt
// (a signal) or by Ctrl-C. A run on the road or at a camp was saved first,
// through the Save hook, unless SaveErr says why not.
type Interrupted struct {
	Signal  os.Signal
	Saved   bool
	SaveErr error
}

// Error says what stopped the front end and whether the run was saved.
func (e *Interrupted) Error() string {
	switch {
	case e.Saved:
		return fmt.Sprintf("stopped by %v; the run was saved", e.Signal)
	case e.SaveErr != nil:
		return fmt.Sprintf("stopped by %v; the run could not be saved: %v", e.Signal, e.SaveErr)
	}
	return fmt.Sprintf("stopped by %v", e.Signal)
}

// Panic is a panic caught by the front end, with the stack of the goroutine
// it happened in. Run re-panics with a *Panic after restoring the terminal,
// so whoever recovers it can still tell where it came from.
type Panic struct {
	Value any
	Stack []byte
}

// Error writes the panic's value, as a bare panic would show it.
func (p *Panic) Error() string { return fmt.Sprint(p.Value) }

// asPanic wraps a recovered value with the stack of the goroutine that is
// recovering, unless it is a *Panic already (forwarded from elsewhere).
func asPanic(r any) *Panic {
	if p, ok := r.(*Panic); ok {
		return p
	}
	return &Panic{Value: r, Stack: debug.Stack()}
}

// appEvent is an event of the front end's own, posted into the screen's
// event queue so that it is handled in the front end's goroutine.
type appEvent interface {
	tcell.Event
	apply(a *App)
}

// interruptEvent asks the front end to save and stop.
type interruptEvent struct {
	tcell.EventTime
	sig os.Signal
}

func (ev *interruptEvent) apply(a *App) { a.interrupt(ev.sig) }

// panicEvent carries a panic from another goroutine into the front end's.
type panicEvent struct {
	tcell.EventTime
	p *Panic
}

func (ev *panicEvent) apply(*App) { panic(ev.p) }

// postRetries and postWait bound how long a post waits for room in a full
// event queue: about a second, while the front end works through it.
const (
	postRetries = 100
	postWait    = 10 * time.Millisecond
)

// post puts ev into the screen's event queue, waiting a little if it is
// full.
func post(screen tcell.Screen, ev tcell.Event) error {
	var err error
	for range postRetries {
		if err = screen.PostEvent(ev); err == nil {
			return nil
		}
		time.Sleep(postWait)
	}
	return err
}

// Interrupt asks the front end running on screen to stop as a signal would:
// it finishes the command under way, saves a run on the road or at a camp,
// restores the terminal, and Run returns an *Interrupted. It is safe to call
// from any goroutine (a signal handler's).
func Interrupt(screen tcell.Screen, sig os.Signal) error {
	ev := &interruptEvent{sig: sig}
	ev.SetEventNow()
	return post(screen, ev)
}

// Go runs f in a new goroutine. A panic there does not crash the program
// behind the front end's back: it is carried into the goroutine running on
// screen, which restores the terminal and re-panics with a *Panic holding
// f's stack. Every goroutine the game starts goes through Go.
func Go(screen tcell.Screen, f func()) {
	go func() {
		defer ForwardPanic(screen)
		f()
	}()
}

// ForwardPanic, deferred at the top of a goroutine, hands a panic in it to
// the front end running on screen (see Go).
func ForwardPanic(screen tcell.Screen) {
	r := recover()
	if r == nil {
		return
	}
	ev := &panicEvent{p: asPanic(r)}
	ev.SetEventNow()
	if post(screen, ev) != nil {
		// The front end is gone or stuck: crashing here is all that is left.
		panic(ev.p)
	}
}

// interrupt saves the run if one is under way and stops the front end.
func (a *App) interrupt(sig os.Signal) {
	stop := &Interrupted{Signal: sig}
	if a.game != nil && a.hooks.Save != nil && a.game.Phase() != act.PhaseOver {
		stop.SaveErr = a.hooks.Save(a.game)
		stop.Saved = stop.SaveErr == nil
	}
	a.err = stop
	a.quit = true
}
