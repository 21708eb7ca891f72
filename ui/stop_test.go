package ui

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
)

// runInBackground starts Run on s and returns what it gives back: its
// error, or the panic it raised.
func runInBackground(t *testing.T, s *readyScreen, opts Options) <-chan any {
	t.Helper()
	data := loadData(t)
	out := make(chan any, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				out <- r
			}
		}()
		out <- Run(s, data, opts)
	}()
	within(t, s.ready, "the first frame")
	return out
}

func waitFor(t *testing.T, out <-chan any) any {
	t.Helper()
	select {
	case v := <-out:
		return v
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return")
		return nil
	}
}

func TestInterruptSavesTheRunAndRestoresTheTerminal(t *testing.T) {
	tests := []struct {
		name    string
		keys    []key // after the screen is up
		saveErr error
		sig     os.Signal
		saved   bool
		turns   int // of the game saved
	}{
		{name: "on the road", keys: []key{keyEnter, runeKey('l')}, sig: syscall.SIGTERM, saved: true, turns: 1},
		{name: "at the title", sig: syscall.SIGHUP},
		{name: "save fails", keys: []key{keyEnter}, saveErr: errors.New("disk full"), sig: syscall.SIGINT},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newReadyScreen()
			var saved *game.Game
			opts := Options{Instant: true, Hooks: Hooks{
				NewSeed: func() uint64 { return 5 },
				Save: func(g *game.Game) error {
					saved = g
					return tt.saveErr
				},
			}}
			out := runInBackground(t, s, opts)
			for _, k := range tt.keys {
				s.InjectKey(k.k, k.r, k.mod)
			}
			// Interrupt waits its turn behind the keys in the queue.
			require.NoError(t, Interrupt(s, tt.sig))
			got := waitFor(t, out)
			stop, ok := got.(*Interrupted)
			require.True(t, ok, "Run returns an *Interrupted, not %v", got)
			assert.Equal(t, tt.sig, stop.Signal)
			assert.Equal(t, tt.saved, stop.Saved)
			assert.Equal(t, tt.saveErr, stop.SaveErr)
			if tt.saved {
				require.NotNil(t, saved)
				assert.Equal(t, tt.turns, saved.Run.Turns)
			}
			if len(tt.keys) == 0 {
				assert.Nil(t, saved, "nothing to save at the title")
			}
			assert.True(t, s.finalised(), "the terminal is restored")
		})
	}
}

func TestQuitKeysSaveAndStopLikeTheirSignals(t *testing.T) {
	tests := []struct {
		name string
		key  key
		sig  os.Signal
		code int
	}{
		{"Ctrl-C", key{k: tcell.KeyCtrlC, r: 'c', mod: tcell.ModCtrl}, os.Interrupt, 130},
		{"Ctrl-\\", key{k: tcell.KeyCtrlBackslash, r: '\\', mod: tcell.ModCtrl}, syscall.SIGQUIT, 131},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{Hooks: Hooks{Save: func(*game.Game) error { return nil }}})
			h.startRun()
			h.press(tt.key)
			stop, ok := h.app.err.(*Interrupted)
			require.True(t, ok)
			assert.Equal(t, tt.sig, stop.Signal)
			assert.True(t, stop.Saved)
			assert.True(t, h.app.quit)
			assert.Equal(t, tt.code, SignalExit(stop.Signal))
		})
	}
}

func TestInterruptWaitsForTheTurnUnderWay(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	var savedTurns []int
	h := newHarness(t, 80, 24, Options{Clock: clock, Hooks: Hooks{Save: func(g *game.Game) error {
		savedTurns = append(savedTurns, g.Run.Turns)
		return nil
	}}})
	g := h.startRun()
	require.NoError(t, Interrupt(h.screen, syscall.SIGTERM))
	// The signal is already queued when the command animates: the
	// animation stops short, the command completes, then the run is saved.
	h.app.do(game.Command{Kind: game.CmdAccelerate})
	assert.Empty(t, savedTurns, "nothing is saved in the middle of a command")
	assert.Len(t, h.app.held, 1, "the animation took the signal from the queue and held it")
	h.app.pump()
	assert.Equal(t, []int{1}, savedTurns)
	assert.Equal(t, 1, g.Run.Turns)
	assert.True(t, h.app.quit)
}

func TestGoForwardsAPanicToTheFrontEnd(t *testing.T) {
	s := newReadyScreen()
	out := runInBackground(t, s, Options{Instant: true})
	Go(s, func() { panic("worker broke") })
	got := waitFor(t, out)
	p, ok := got.(*Panic)
	require.True(t, ok, "Run re-panics with a *Panic, not %v", got)
	assert.Equal(t, "worker broke", p.Value)
	assert.Contains(t, string(p.Stack), "TestGoForwardsAPanicToTheFrontEnd", "the stack is the worker's")
	assert.True(t, s.finalised(), "the terminal is restored")
}

func TestRunWrapsAStartFailureInErrTerminal(t *testing.T) {
	err := Run(failingScreen{tcell.NewSimulationScreen("")}, loadData(t), Options{})
	assert.ErrorIs(t, err, ErrTerminal)
}

func TestSignalsAreRelayedAndASecondOneRestoresTheTerminal(t *testing.T) {
	tests := []struct {
		name  string
		first syscall.Signal
		again syscall.Signal
	}{
		{"Ctrl-C twice", syscall.SIGINT, syscall.SIGINT},
		{"SIGTERM then SIGQUIT", syscall.SIGTERM, syscall.SIGQUIT},
		{"SIGQUIT twice", syscall.SIGQUIT, syscall.SIGQUIT},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A front end that is frozen: nobody reads its events.
			s := tcell.NewSimulationScreen("")
			require.NoError(t, s.Init())
			s.SetSize(80, 24)
			again := make(chan os.Signal, 1)
			stop := RelaySignals(s, func(sig os.Signal) { again <- sig })
			defer stop()

			require.NoError(t, syscall.Kill(os.Getpid(), tt.first))
			eventually(t, "the first signal posted to the front end", func() bool { return s.HasPendingEvent() })
			ev, ok := s.PollEvent().(*interruptEvent)
			require.True(t, ok, "the first signal asks the front end to save and stop")
			assert.Equal(t, tt.first, ev.sig)
			_, w, h := s.GetContents()
			assert.NotZero(t, w*h, "the first signal leaves the terminal to the front end")

			require.NoError(t, syscall.Kill(os.Getpid(), tt.again))
			select {
			case sig := <-again:
				assert.Equal(t, tt.again, sig)
			case <-time.After(5 * time.Second):
				t.Fatal("the second signal was not handled")
			}
			_, w, h = s.GetContents()
			assert.Zero(t, w*h, "the terminal was restored before the game is stopped")
		})
	}
}

// eventually polls cond for a few seconds and fails naming what it waited
// for.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
