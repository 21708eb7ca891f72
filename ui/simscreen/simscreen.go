// Package simscreen gives tests a tcell simulation screen that can be
// finalised from one goroutine while another draws on it.
//
// tcell v2.13.10's SimulationScreen.Fini clears the screen's size and front
// buffer after releasing its own lock, while Show, Sync, SetSize and
// GetContents read them under that lock: a test that ends the loop by
// finalising the screen from the test's goroutine is a data race inside
// tcell, which go test -race reports. Screen serialises those methods with
// a mutex of its own, so -race runs over the front end's tests too. Drop it
// once tcell holds its lock through Fini.
package simscreen

import (
	"sync"

	"github.com/gdamore/tcell/v2"
)

// Screen is a tcell.SimulationScreen whose Fini cannot race with drawing.
type Screen struct {
	tcell.SimulationScreen
	mu sync.Mutex
}

// New returns a fresh simulation screen, as tcell.NewSimulationScreen("")
// does.
func New() *Screen { return &Screen{SimulationScreen: tcell.NewSimulationScreen("")} }

// Fini finalises the screen.
func (s *Screen) Fini() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.Fini()
}

// Show draws what changed.
func (s *Screen) Show() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.Show()
}

// Sync draws everything again.
func (s *Screen) Sync() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.Sync()
}

// SetSize resizes the simulated terminal.
func (s *Screen) SetSize(w, h int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.SetSize(w, h)
}

// GetContents returns what the simulated terminal shows and its size.
func (s *Screen) GetContents() ([]tcell.SimCell, int, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.SimulationScreen.GetContents()
}

// ShowCursor places the cursor.
func (s *Screen) ShowCursor(x, y int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.ShowCursor(x, y)
}
