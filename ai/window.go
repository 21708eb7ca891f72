package ai

import (
	"math/bits"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/levelgen"
)

// Ground is a road's terrain as the driver may read it without a call
// through the Map per cell: the spatial index's counts of the things that
// make a cell solid, and the road's floor, row by row (index y*w+x), where
// levelgen.Acid marks acid. It must answer as the situation's Map does:
// the game's map reads the same index and the same floor. The zero Ground
// (Set false) leaves the driver asking the Map.
type Ground struct {
	Set     bool
	Solid   ecs.CountGrid
	Terrain []levelgen.Terrain
}

// windowRows and windowCols size the driver's window on the terrain (see
// window): the van's three rows and one more on either side, and enough
// columns for the look-ahead of a van far faster than the shipped ones.
// A row of the window is one 64-bit word, bit x for the cell x columns
// east of the van.
const (
	windowRows = 5
	windowCols = 64
)

// window remembers, for the cells the driver asks about again and again,
// whether each is blocked (see blocked), so the map is asked once a cell.
// The lanes ask of a cell in the van's row as their own cell, as the cell
// east of the one before, and as the cell beside each neighbouring lane's
// cell when they look for dead ends: up to five times a turn, each through
// the Map interface. The window spans the van's rows, one more on either
// side, from the van's column to one past the look-ahead; a cell outside it
// is asked of the map every time. Read through the Map it is read lazily,
// so it asks the map only about cells the driver would have asked about;
// with a Ground it is read whole when opened, a few dozen cells read
// straight from the counts and the floor, and each question is then a bit
// test that inlines. It also marks where the driver's enemies stand, so a
// lane's cell asks no list whether a car or bike blocks it.
//
// It keeps no Map: a driver that stored its situation's Map would let the
// situation escape to the heap, once a turn.
type window struct {
	w, h   int
	origin geom.Point // the cell of bit 0 of row 0
	cols   int        // columns in use, at most windowCols
	// Row by row, bit by bit: known, the cells whose blocked (a cell off
	// the map or solid) is read; blocked, those read so; acidKnown and
	// acid, the same for acid, read only from a Ground; enemy, the cells
	// the driver's list has an enemy on, and vehicle, those whose first
	// enemy listed is a car or bike.
	known, blocked, acidKnown, acid [windowRows]uint64
	enemy, vehicle                  [windowRows]uint64
	// ground, when set, answers for the map (see Ground); whole says it
	// did and the window reaches one column past the look-ahead, so the
	// lanes are read from the rows' bits (see clearAhead).
	ground Ground
	whole  bool
}

// open sets the window around van for a look-ahead of look cells; a
// window not kept has no cells and no ground, and asks the map every time.
func (wn *window) open(m Map, g Ground, van geom.Point, look int, keep bool) {
	wn.w, wn.h = m.Size()
	wn.origin = geom.Pt(van.X, van.Y-windowRows/2)
	wn.cols = 0
	wn.ground = Ground{}
	if keep {
		wn.cols = min(look+2, windowCols)
		wn.ground = g
	}
	wn.whole = wn.ground.Set && look+2 <= windowCols
	if wn.ground.Set {
		wn.readGround()
	}
}

// readGround reads every cell of the window from the ground: a cell off
// the map is blocked and not acid. Only the lanes' rows (the middle three)
// are asked about acid, so only those read the floor.
func (wn *window) readGround() {
	cols := ^uint64(0)
	if wn.cols < windowCols {
		cols = uint64(1)<<wn.cols - 1
	}
	solid, floor := wn.ground.Solid, wn.ground.Terrain
	// The columns on the map: the window starts at the van's.
	n := max(min(wn.cols, wn.w-wn.origin.X), 0)
	east := cols &^ (uint64(1)<<n - 1)
	for r := range windowRows {
		y := wn.origin.Y + r
		wn.known[r], wn.acidKnown[r] = cols, cols
		wn.blocked[r], wn.acid[r] = cols, 0
		if y < 0 || y >= wn.h {
			continue
		}
		base := y*wn.w + wn.origin.X
		blocked := east
		for x := range n {
			if solid.AnyAt(base + x) {
				blocked |= 1 << x
			}
		}
		wn.blocked[r] = blocked
		if r == 0 || r == windowRows-1 {
			wn.acidKnown[r] = 0
			continue
		}
		var acid uint64
		for x, t := range floor[base : base+n] {
			if t == levelgen.Acid {
				acid |= 1 << x
			}
		}
		wn.acid[r] = acid
	}
}

// isBlocked reports whether p is off m or solid, as blocked(m, p); m is
// the map the window was opened on. A cell of the window already read
// answers here, a bit test that inlines where the lanes ask (about a
// hundred times a turn); the rest is read by read. A cell west of the
// window shifts its row by more than 63 bits, which reads as not known.
func (wn *window) isBlocked(m Map, p geom.Point) bool {
	x, y := uint(p.X-wn.origin.X), uint(p.Y-wn.origin.Y)
	if y < windowRows && wn.known[y]>>x&1 != 0 {
		return wn.blocked[y]>>x&1 != 0
	}
	return wn.read(m, p)
}

// read is isBlocked for a cell not yet read: it asks the ground or the
// map, and notes the answer when p lies in the window.
func (wn *window) read(m Map, p geom.Point) bool {
	var solid bool
	switch {
	case !p.In(wn.w, wn.h):
		solid = true
	case wn.ground.Set:
		solid = wn.ground.Solid.AnyAt(p.Y*wn.w + p.X)
	default:
		solid = m.Solid(p)
	}
	x, y := p.X-wn.origin.X, p.Y-wn.origin.Y
	if uint(x) < uint(wn.cols) && uint(y) < windowRows {
		wn.known[y] |= 1 << x
		if solid {
			wn.blocked[y] |= 1 << x
		}
	}
	return solid
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
		if bit := uint64(1) << x; wn.enemy[y]&bit == 0 {
			wn.enemy[y] |= bit
			if e.vehicle() {
				wn.vehicle[y] |= bit
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
	return wn.vehicle[y]>>x&1 != 0, true
}

// isAcid reports whether p is an acid cell on m, as acidAt(m, p): from
// the window when it read the ground there, else from the map.
func (wn *window) isAcid(m Map, p geom.Point) bool {
	x, y := uint(p.X-wn.origin.X), uint(p.Y-wn.origin.Y)
	if y < windowRows && wn.acidKnown[y]>>x&1 != 0 {
		return wn.acid[y]>>x&1 != 0
	}
	return acidAt(m, p)
}

// clearAhead is driver.clearAhead for a window that is whole: the free
// cells east of start (a cell of the van's column in its rows) before an
// obstacle or a dead end, up to look, cells past goalX free. A cell is an
// obstacle when blocked or held by a car or bike, a dead end when blocked
// east, north and south: both are bits of the rows' words, so the first
// is found by counting zeros rather than asking cell by cell.
func (wn *window) clearAhead(start geom.Point, look, goalX int) int {
	n := min(look, goalX-start.X)
	if n < 1 {
		return look
	}
	r := start.Y - wn.origin.Y
	b := &wn.blocked
	stop := b[r] | wn.vehicle[r] | b[r]>>1&b[r-1]&b[r+1]
	// Bit k-1 for the cell k east of start, k from 1 to n.
	if ahead := stop >> (start.X - wn.origin.X + 1) & (1<<n - 1); ahead != 0 {
		return bits.TrailingZeros64(ahead)
	}
	return look
}

// acidAhead counts the acid cells among the n east of start in a whole
// window, as the lanes count them cell by cell.
func (wn *window) acidAhead(start geom.Point, n int) int {
	r := start.Y - wn.origin.Y
	return bits.OnesCount64(wn.acid[r] >> (start.X - wn.origin.X + 1) & (1<<n - 1))
}
