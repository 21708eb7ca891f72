package ui

import (
	"errors"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
	"lastpost/ui/simscreen"
)

// readyScreen is a simulation screen that says when Run has initialised
// it, and can have keys waiting by then.
type readyScreen struct {
	tcell.SimulationScreen
	ready   chan struct{}
	waiting []key
}

func newReadyScreen(waiting ...key) *readyScreen {
	return &readyScreen{SimulationScreen: simscreen.New(), ready: make(chan struct{}), waiting: waiting}
}

func (s *readyScreen) Init() error {
	err := s.SimulationScreen.Init()
	for _, k := range s.waiting {
		s.InjectKey(k.k, k.r, k.mod)
	}
	close(s.ready)
	return err
}

// finalised reports whether the screen was handed back to the terminal.
func (s *readyScreen) finalised() bool {
	_, w, h := s.GetContents()
	return w == 0 && h == 0
}

func TestRunPlaysUntilQuitAndRestoresTheTerminal(t *testing.T) {
	data := loadData(t)
	s := newReadyScreen()
	var started *game.Game
	done := make(chan error, 1)
	opts := Options{Instant: true, Hooks: Hooks{
		NewSeed: func() uint64 { return 3 },
		Started: func(g *game.Game) { started = g },
	}}
	go func() { done <- Run(s, data, opts) }()
	within(t, s.ready, "the first frame")
	// New game, drive twice, pause, wrap up to "quit without saving", and
	// answer its question yes.
	for _, k := range []key{keyEnter, runeKey('l'), runeKey('l'), keyEsc, keyUp, keyEnter, keyDown, keyEnter} {
		s.InjectKey(k.k, k.r, k.mod)
	}
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after quit")
	}
	require.NotNil(t, started)
	assert.Equal(t, 2, started.Run.Turns)
	assert.True(t, s.finalised(), "the terminal is restored")
}

func TestRunEndsWhenTheScreenIsFinalised(t *testing.T) {
	s := newReadyScreen()
	done := make(chan error, 1)
	go func() { done <- Run(s, loadData(t), Options{Instant: true}) }()
	within(t, s.ready, "the first frame")
	s.Fini()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not see the end of events")
	}
}

func TestRunRestoresTheTerminalOnPanic(t *testing.T) {
	s := newReadyScreen(keyEnter) // New game, whose seed hook panics
	opts := Options{Instant: true, Hooks: Hooks{NewSeed: func() uint64 { panic("seed source broke") }}}
	var p *Panic
	func() {
		defer func() { p, _ = recover().(*Panic) }()
		_ = Run(s, loadData(t), opts)
	}()
	require.NotNil(t, p, "Run re-panics with a *Panic")
	assert.Equal(t, "seed source broke", p.Value)
	assert.Contains(t, string(p.Stack), "TestRunRestoresTheTerminalOnPanic", "the stack is the panic's, not the re-panic's")
	assert.True(t, s.finalised(), "the terminal is restored before the panic goes on")
}

func TestRunReportsATerminalThatCannotStart(t *testing.T) {
	err := Run(failingScreen{tcell.NewSimulationScreen("")}, loadData(t), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no tty here")
}

type failingScreen struct{ tcell.SimulationScreen }

func (failingScreen) Init() error { return errors.New("no tty here") }
