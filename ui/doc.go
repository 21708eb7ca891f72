// Package ui is Last Post's terminal front end, built on tcell v2.
//
// Everything on screen is drawn by pure functions of the game state into an
// in-memory grid of cells (Grid); only the cells that differ from the last
// frame are handed to tcell, and Show is called at most once per display
// frame while a turn animates. The one adapter (App) takes a tcell.Screen as
// a parameter, so tests drive it on tcell's SimulationScreen with injected
// keys.
//
// The game never learns about the screen: the front end turns keys into
// game.Commands, watches a turn resolve through game.Listener to animate it,
// and reads the state back to draw. Animation only watches; a turn's outcome
// is the same with or without a screen.
package ui
