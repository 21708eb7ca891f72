package ui

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/gdamore/tcell/v2"

	"lastpost/archive"
	"lastpost/assets"
)

// Exit statuses the front end's outcomes map to (see ExitCode).
const (
	exitOK     = 0
	exitFailed = 1
	exitBad    = 2
	// exitSignal plus the signal's number is the status after a signal, as
	// shells report a process killed by it.
	exitSignal = 128
)

// OpenTerminal makes a screen for the terminal the game runs in, or says in
// one line why there is none fit to play in.
func OpenTerminal(data *assets.Data) (tcell.Screen, error) {
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

// ExitCode turns what Run or RunReplay returned into a line on stderr (if
// anything went wrong) and the program's exit status: 0, 1 for a terminal
// that failed or a replay that desyncs, 2 for a recording of another logic
// version, 128 plus the signal's number after a stop signal.
func ExitCode(data *assets.Data, err error, stderr io.Writer) int {
	var stop *Interrupted
	var desync *archive.DesyncError
	var version *archive.VersionError
	var content *archive.ContentError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &stop):
		fmt.Fprintln(stderr, stoppedLine(data, stop))
		return signalExit(stop.Signal)
	case errors.As(err, &desync):
		fmt.Fprintln(stderr, desync)
		return exitFailed
	case errors.As(err, &version):
		fmt.Fprintln(stderr, version)
		return exitBad
	case errors.As(err, &content):
		fmt.Fprintln(stderr, content)
		return exitBad
	case errors.Is(err, ErrTerminal):
		fmt.Fprintln(stderr, startProblem(data, err))
		return exitFailed
	}
	fmt.Fprintf(stderr, "lastpost: %v\n", err)
	return exitFailed
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

// stoppedLine says what a signal did to the run.
func stoppedLine(data *assets.Data, stop *Interrupted) string {
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
	case syscall.SIGQUIT:
		return "SIGQUIT"
	}
	return sig.String()
}

// SignalName is the name people know a stop signal by ("SIGINT").
func SignalName(sig os.Signal) string { return signalName(sig) }

// SignalExit is the exit status after sig: 128 plus its number (130 for
// SIGINT, 131 for SIGQUIT, 143 for SIGTERM), as a shell reports a process
// the signal killed.
func SignalExit(sig os.Signal) int { return signalExit(sig) }

// signalExit is the exit status after sig: 128 plus its number, as a shell
// reports a process it killed.
func signalExit(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return exitSignal + int(n)
	}
	return exitFailed
}

// PanicOf takes a recovered value apart: a *Panic carries the stack of the
// goroutine it came from; anything else happened in the recovering one.
func PanicOf(r any) (value any, stack []byte) {
	var p *Panic
	if err, ok := r.(error); ok && errors.As(err, &p) {
		return p.Value, p.Stack
	}
	return r, debug.Stack()
}

// stopSignals are the signals that save the run and stop the game.
// SIGQUIT (Ctrl-\ where the terminal sends it) is one of them: by default
// Go would print every goroutine's stack and exit with the terminal still
// raw and the run unsaved. It stops the game as the others do, with 131.
func stopSignals() []os.Signal {
	return []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}
}

// RelaySignals turns the first SIGINT, SIGTERM, SIGHUP or SIGQUIT into an
// Interrupt of the front end on screen, which saves the run and returns;
// only main exits. A second one while the first is handled (a save that
// hangs, a front end that no longer answers) restores the terminal at once
// and calls again with it, which is expected to exit; the save under way,
// if any, is atomic, so the last one stays whole. It returns the function
// that stops relaying.
func RelaySignals(screen tcell.Screen, again func(sig os.Signal)) (stop func()) {
	// Room for both signals: Notify drops what does not fit.
	ch := make(chan os.Signal, 2)
	done := make(chan struct{})
	signal.Notify(ch, stopSignals()...)
	Go(screen, func() {
		select {
		case sig := <-ch:
			_ = Interrupt(screen, sig)
		case <-done:
			return
		}
		select {
		case sig := <-ch:
			screen.Fini()
			again(sig)
		case <-done:
		}
	})
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
