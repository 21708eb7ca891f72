package ai

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
)

// pathMargin is how far beyond the rectangle spanned by a zombie and its
// target the path search may roam. It bounds the work per zombie while
// leaving room to walk around a wreck or two.
const pathMargin = 8

// Pathfinder holds the scratch buffers of the zombie path search, so that a
// turn with many zombies reuses memory instead of allocating. Its zero value
// is ready to use. A Pathfinder must not be shared between goroutines; it
// keeps nothing that changes the result of a later search.
type Pathfinder struct {
	stamp uint32 // identifies the current search in the cells' marks
	// cells holds each cell of the box's search state side by side, so a
	// visit reads one slice, not three.
	cells []pathCell
	// level holds the cells to expand whose estimate (steps from the
	// target plus the Manhattan distance to self) is the current bound;
	// next those whose estimate is two more, the only other value one step
	// can give.
	level, next []int32

	x0, y0, bw, bh int        // the search box: origin and size
	self           geom.Point // where the search is headed
}

// pathCell is one cell's state in a search.
type pathCell struct {
	mark   uint32 // stamp once the cell is classified this search
	closed uint32 // stamp once the cell's distance is final
	dist   int32  // steps from the target (the best known), or -1 when blocked
}

// Grid is the road as a walker meets it, read straight from the spatial
// index: a cell holding something solid (Solid: a wreck, a barrel) or
// another enemy (Occupied) blocks, and so does every cell off the road.
// Both grids come from one index, so they have the same size. Build a Grid
// for each step from the index as it is (see ecs.CountGrid).
type Grid struct {
	Solid, Occupied ecs.CountGrid
}

// blocked reports whether p is off the road, solid or occupied.
func (g *Grid) blocked(p geom.Point) bool {
	w, h := g.Solid.Size()
	return !p.In(w, h) || g.blockedOn(p)
}

// blockedOn reports whether p, a cell on the road, is solid or occupied.
// It is small enough to inline: the search asks it of every cell it meets.
func (g *Grid) blockedOn(p geom.Point) bool {
	w, _ := g.Solid.Size()
	i := p.Y*w + p.X
	return g.Solid.AnyAt(i) || g.Occupied.AnyAt(i)
}

// ZombieStep is Pathfinder.Step with a throw-away Pathfinder, for callers
// that move one zombie now and then.
func ZombieStep(g *Grid, self, target geom.Point) geom.Dir {
	var pf Pathfinder
	return pf.Step(g, self, target)
}

// Step returns the direction a zombie at self walks toward target, the last
// place it saw the van, or None when it stays put. Unlike the original
// zombie, which stepped greedily into whatever stood in its way, it follows
// a shortest 4-connected path that goes around solid cells and around
// occupied ones (other enemies). The target cell itself counts as open, so
// a zombie next to the van steps into it, which the game turns into a
// claw, unless another enemy stands there.
//
// The search is limited to the rectangle spanned by self and target grown
// by pathMargin on every side. When no path exists inside it, the zombie
// falls back to the original greedy step (the longer axis first, north or
// south on a tie) and stays put if that cell is blocked. Among equally short
// paths the first step is chosen in a fixed order: the greedy direction,
// then the other axis toward the target, then the remaining directions in
// geom.Dirs order.
func (pf *Pathfinder) Step(g *Grid, self, target geom.Point) geom.Dir {
	if self == target {
		return geom.None
	}
	if self.Manhattan(target) == 1 {
		if g.Occupied.Any(target) {
			return geom.None
		}
		return greedyDir(self, target)
	}
	if d, ok := straightStep(g, self, target); ok {
		return d
	}
	if d := pf.search(g, self, target); d != geom.None {
		return d
	}
	d := greedyDir(self, target)
	if g.blocked(self.Add(d.Vec())) {
		return geom.None
	}
	return d
}

// straightStep is the search's answer when it needs no search: when the
// shortest path is as short as it can be (the Manhattan distance), the
// first step is to the greedy neighbour if a path from it that only ever
// steps toward the target is open, and else to the other axis's neighbour
// if one from there is: both are one step nearer the target, and the fixed
// order tries them first, the greedy one first. Most zombies walk over
// open ground, where an L-shaped path (along one axis, then the other) is
// open from the greedy neighbour, and checking it costs far less than
// searching around it; past that, the staircase paths of each are looked
// for row by row (see monotone), which still costs a fraction of a search.
// It reports false when it cannot tell; the search then decides.
func straightStep(g *Grid, self, target geom.Point) (geom.Dir, bool) {
	w, h := g.Solid.Size()
	if !self.In(w, h) || !target.In(w, h) {
		return geom.None, false
	}
	d := greedyDir(self, target)
	from := self.Add(d.Vec())
	if from.X == target.X || from.Y == target.Y {
		// Both L-shapes are the one straight run, and it is the only
		// staircase from the greedy neighbour: look along it once.
		if openRun(g, from, target, target) {
			return d, true
		}
	} else if openL(g, from, geom.Pt(target.X, from.Y), target) || openL(g, from, geom.Pt(from.X, target.Y), target) ||
		monotone(g, from, target) {
		return d, true
	}
	if o := otherAxisDir(self, target); o != geom.None && monotone(g, self.Add(o.Vec()), target) {
		return o, true
	}
	return geom.None, false
}

// monotone reports whether a path from a to b on the road that steps only
// toward b, a staircase inside the rectangle they span, is open, a
// included; b counts as open. It reads the rectangle row by row, one bit a
// column, from a's row toward b's: the cells reached in a row are the open
// ones below a reached cell of the row before (a alone in a's row), each
// carried on along its run of open cells toward b's column by one
// addition. A rectangle wider than 64 columns answers false.
func monotone(g *Grid, a, b geom.Point) bool {
	w, _ := g.Solid.Size()
	sx, sy := sign(b.X-a.X), sign(b.Y-a.Y)
	nx, ny := geom.Abs(b.X-a.X)+1, geom.Abs(b.Y-a.Y)+1
	if nx > 64 {
		return false
	}
	reach := uint64(1) // bit k: the cell k columns from a's toward b's
	for r := range ny {
		var open uint64
		for k, i := 0, (a.Y+r*sy)*w+a.X; k < nx; k, i = k+1, i+sx {
			if !g.Solid.AnyAt(i) && !g.Occupied.AnyAt(i) {
				open |= 1 << k
			}
		}
		if r == ny-1 {
			open |= 1 << (nx - 1)
		}
		seed := reach & open
		// Adding the seeds to the open bits carries the lowest of each run
		// of open bits through the rest of it, so the bits that changed,
		// with the seeds (a seed above another in its run adds to the
		// carry and stays set), are the runs from their lowest seed on.
		reach = ((seed + open) ^ open | seed) & open
		if reach == 0 {
			return false
		}
	}
	return reach>>(nx-1)&1 != 0
}

// openL reports whether every cell of the straight run from a to the corner
// and on from the corner to the target b is open.
func openL(g *Grid, a, corner, b geom.Point) bool {
	return openRun(g, a, corner, b) && openRun(g, corner, b, b)
}

// openRun reports whether every cell from a to b, a straight run along one
// axis on the road, both ends included, is open; the target counts as open.
// It walks the run by cell index, a step along the axis a fixed stride, so
// a cell costs the two counts' reads: a zombie's step looks along about
// twenty cells.
func openRun(g *Grid, a, b, target geom.Point) bool {
	w, _ := g.Solid.Size()
	i, end, skip := a.Y*w+a.X, b.Y*w+b.X, target.Y*w+target.X
	stride := sign(b.X-a.X) + sign(b.Y-a.Y)*w
	for ; ; i += stride {
		if i != skip && (g.Solid.AnyAt(i) || g.Occupied.AnyAt(i)) {
			return false
		}
		if i == end {
			return true
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// greedyDir is the original zombie's step: along the longer axis toward the
// target, north or south when the axes tie.
func greedyDir(self, target geom.Point) geom.Dir {
	dx, dy := target.X-self.X, target.Y-self.Y
	switch {
	case geom.Abs(dx) > geom.Abs(dy) && dx > 0:
		return geom.East
	case geom.Abs(dx) > geom.Abs(dy):
		return geom.West
	case dy > 0:
		return geom.South
	case dy < 0:
		return geom.North
	}
	return geom.None
}

// otherAxisDir is the step toward the target along the axis greedyDir did
// not choose, or None when the target is level on that axis.
func otherAxisDir(self, target geom.Point) geom.Dir {
	dx, dy := target.X-self.X, target.Y-self.Y
	if geom.Abs(dx) > geom.Abs(dy) {
		return greedyDir(self, geom.Pt(self.X, target.Y))
	}
	return greedyDir(self, geom.Pt(target.X, self.Y))
}

// search finds the first step of a shortest path from self to target
// inside the search box, or None when there is none.
//
// It is an A* search from the target toward self with the Manhattan
// distance to self as the estimate, which never overestimates and changes
// by one per step, so cells are expanded in rising order of estimate and a
// cell's distance is final when it is expanded. Once self is reached, the
// rest of its estimate level is still expanded: that closes every cell
// that lies on a shortest path, in particular each neighbour of self one
// step nearer the target. The result is the one a plain breadth-first
// search of the whole box gives (ai's tests check this against one), with
// far fewer cells looked at when the way is open.
func (pf *Pathfinder) search(g *Grid, self, target geom.Point) geom.Dir {
	w, h := g.Solid.Size()
	if !self.In(w, h) || !target.In(w, h) {
		return geom.None
	}
	pf.frame(w, h, self, target)
	pf.nextStamp()
	pf.self = self
	start, goal := pf.index(target), pf.index(self)
	pf.cells[start].mark, pf.cells[start].dist = pf.stamp, 0
	bound := int32(target.Manhattan(self))
	pf.level = append(pf.level[:0], int32(start))
	pf.next = pf.next[:0]
	reached := false
	for {
		if len(pf.level) == 0 {
			if reached || len(pf.next) == 0 {
				break
			}
			pf.level, pf.next = pf.next, pf.level[:0]
			bound += 2
			continue
		}
		i := int(pf.level[len(pf.level)-1])
		pf.level = pf.level[:len(pf.level)-1]
		if pf.cells[i].closed == pf.stamp {
			continue
		}
		pf.cells[i].closed = pf.stamp
		if i == goal {
			// Steps beyond self are no nearer the target.
			reached = true
			continue
		}
		pf.expand(g, i, bound)
	}
	if !reached {
		return geom.None
	}
	return pf.firstStep(self, target)
}

// expand relaxes the neighbours of cell i, taken in geom.Dirs order
// (north, east, south, west) by index arithmetic: the box lies inside the
// map, so a cell in the box needs no bounds check.
func (pf *Pathfinder) expand(g *Grid, i int, bound int32) {
	x, y := i%pf.bw, i/pf.bw
	p := geom.Pt(pf.x0+x, pf.y0+y)
	d := pf.cells[i].dist + 1
	if y > 0 {
		pf.visit(g, i-pf.bw, geom.Pt(p.X, p.Y-1), d, bound)
	}
	if x < pf.bw-1 {
		pf.visit(g, i+1, geom.Pt(p.X+1, p.Y), d, bound)
	}
	if y < pf.bh-1 {
		pf.visit(g, i+pf.bw, geom.Pt(p.X, p.Y+1), d, bound)
	}
	if x > 0 {
		pf.visit(g, i-1, geom.Pt(p.X-1, p.Y), d, bound)
	}
}

// visit offers cell j (point q) the distance d. A cell seen for the first
// time is classified (blocked unless it is self); an open one whose
// distance improves is queued at its estimate, the bound or two more.
func (pf *Pathfinder) visit(g *Grid, j int, q geom.Point, d, bound int32) {
	c := &pf.cells[j]
	if c.mark != pf.stamp {
		c.mark = pf.stamp
		if q != pf.self && g.blockedOn(q) {
			c.dist = -1
			return
		}
	} else if c.closed == pf.stamp || c.dist < 0 || c.dist <= d {
		return
	}
	c.dist = d
	if d+int32(q.Manhattan(pf.self)) == bound {
		pf.level = append(pf.level, int32(j))
	} else {
		pf.next = append(pf.next, int32(j))
	}
}

// firstStep picks the neighbour of self that is one step nearer the target,
// trying directions in the documented fixed order. Only cells whose
// distance is final count.
func (pf *Pathfinder) firstStep(self, target geom.Point) geom.Dir {
	want := pf.cells[pf.index(self)].dist - 1
	order := [6]geom.Dir{greedyDir(self, target), otherAxisDir(self, target),
		geom.North, geom.East, geom.South, geom.West}
	for _, d := range order {
		q := self.Add(d.Vec())
		if d == geom.None || !pf.inBox(q) {
			continue
		}
		if c := pf.cells[pf.index(q)]; c.closed == pf.stamp && c.dist == want {
			return d
		}
	}
	return geom.None
}

// frame sets the search box and grows the buffers to cover it.
func (pf *Pathfinder) frame(w, h int, self, target geom.Point) {
	pf.x0 = max(0, min(self.X, target.X)-pathMargin)
	pf.y0 = max(0, min(self.Y, target.Y)-pathMargin)
	pf.bw = min(w-1, max(self.X, target.X)+pathMargin) - pf.x0 + 1
	pf.bh = min(h-1, max(self.Y, target.Y)+pathMargin) - pf.y0 + 1
	// The buffers grow to half again the box that outgrew them: a road's
	// boxes vary by a few cells, and sized to each new largest one a game
	// made them again and again (a replayed game about four times).
	if n := pf.bw * pf.bh; len(pf.cells) < n {
		room := n + n/2
		pf.cells = make([]pathCell, room)
		pf.level = make([]int32, 0, room)
		pf.next = make([]int32, 0, room)
	}
}

// nextStamp starts a new search; on wrap-around it clears the marks so a
// stale mark can never match.
func (pf *Pathfinder) nextStamp() {
	pf.stamp++
	if pf.stamp == 0 {
		clear(pf.cells)
		pf.stamp = 1
	}
}

func (pf *Pathfinder) inBox(p geom.Point) bool {
	return p.X >= pf.x0 && p.Y >= pf.y0 && p.X < pf.x0+pf.bw && p.Y < pf.y0+pf.bh
}

func (pf *Pathfinder) index(p geom.Point) int { return (p.Y-pf.y0)*pf.bw + p.X - pf.x0 }
