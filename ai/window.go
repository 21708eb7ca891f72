package ai

import "lastpost/ecs/geom"

// windowRows and windowCols size the driver's window on the terrain (see
// window): the van's three rows and one more on either side, and enough
// columns for the look-ahead of a van far faster than the shipped ones.
const (
	windowRows = 5
	windowCols = 64
)

// What the window knows of a cell, bit by bit: a cell with no bit set has
// not been read.
const (
	cellRead    uint8 = 1 << iota // the map was asked whether it is blocked
	cellBlocked                   // and said so
	cellEnemy                     // the driver's list has an enemy there
	cellVehicle                   // and the first it lists there is a car or bike
)

// window remembers, for the cells the driver asks about again and again,
// whether each is blocked (see blocked), so the map is asked once a cell.
// The lanes ask of a cell in the van's row as their own cell, as the cell
// east of the one before, and as the cell beside each neighbouring lane's
// cell when they look for dead ends: up to five times a turn, each through
// the Map interface. The window spans the van's rows, one more on either
// side, from the van's column to one past the look-ahead; a cell outside it
// is asked of the map every time. It is read lazily, so it asks the map
// only about cells the driver would have asked about. It also marks where
// the driver's enemies stand, so a lane's cell asks no list whether a car
// or bike blocks it.
//
// It keeps no Map: a driver that stored its situation's Map would let the
// situation escape to the heap, once a turn.
type window struct {
	w, h   int
	origin geom.Point // the cell of cells[0][0]
	cols   int        // columns in use, at most windowCols
	cells  [windowRows][windowCols]uint8
}

// open sets the window around van for a look-ahead of look cells; a
// window not kept has no cells, and asks the map every time.
func (wn *window) open(m Map, van geom.Point, look int, keep bool) {
	wn.w, wn.h = m.Size()
	wn.origin = geom.Pt(van.X, van.Y-windowRows/2)
	wn.cols = 0
	if keep {
		wn.cols = min(look+2, windowCols)
	}
}

// blocked reports whether p is off m or solid, as blocked(m, p); m is
// the map the window was opened on.
func (wn *window) blocked(m Map, p geom.Point) bool {
	x, y := p.X-wn.origin.X, p.Y-wn.origin.Y
	if uint(x) >= uint(wn.cols) || uint(y) >= windowRows {
		return !p.In(wn.w, wn.h) || m.Solid(p)
	}
	c := &wn.cells[y][x]
	if *c&cellRead == 0 {
		*c |= cellRead
		if !p.In(wn.w, wn.h) || m.Solid(p) {
			*c |= cellBlocked
		}
	}
	return *c&cellBlocked != 0
}

// markEnemies notes where the enemies of list stand, so vehicleAt answers
// for the cells inside the window as enemyAt would over list: by the first
// enemy listed on the cell.
func (wn *window) markEnemies(list []Thing) {
	for _, e := range list {
		x, y := e.At.X-wn.origin.X, e.At.Y-wn.origin.Y
		if uint(x) >= uint(wn.cols) || uint(y) >= windowRows {
			continue
		}
		if c := &wn.cells[y][x]; *c&cellEnemy == 0 {
			*c |= cellEnemy
			if e.vehicle() {
				*c |= cellVehicle
			}
		}
	}
}

// vehicleAt reports whether the first enemy listed on p is a car or bike,
// and whether p lies in the window at all (if not, ask the list).
func (wn *window) vehicleAt(p geom.Point) (vehicle, inside bool) {
	x, y := p.X-wn.origin.X, p.Y-wn.origin.Y
	if uint(x) >= uint(wn.cols) || uint(y) >= windowRows {
		return false, false
	}
	return wn.cells[y][x]&cellVehicle != 0, true
}

// acid reports whether p is an acid cell on m, as acidAt(m, p).
func (wn *window) acid(m Map, p geom.Point) bool {
	return p.In(wn.w, wn.h) && m.Acid(p)
}
