package ai

import "lastpost/ecs/geom"

// pathMargin is how far beyond the rectangle spanned by a zombie and its
// target the path search may roam. It bounds the work per zombie while
// leaving room to walk around a wreck or two.
const pathMargin = 8

// Pathfinder holds the scratch buffers of the zombie path search, so that a
// turn with many zombies reuses memory instead of allocating. Its zero value
// is ready to use. A Pathfinder must not be shared between goroutines; it
// keeps nothing that changes the result of a later search.
type Pathfinder struct {
	stamp uint32   // identifies the current search in mark
	mark  []uint32 // mark[i] == stamp once cell i is classified this search
	dist  []int32  // steps from the target, or -1 for a blocked cell
	queue []int32

	x0, y0, bw, bh int // the search box: origin and size
}

// ZombieStep is Pathfinder.Step with a throw-away Pathfinder, for callers
// that move one zombie now and then.
func ZombieStep(m Map, occupied func(geom.Point) bool, self, target geom.Point) geom.Dir {
	var pf Pathfinder
	return pf.Step(m, occupied, self, target)
}

// Step returns the direction a zombie at self walks toward target, the last
// place it saw the van, or None when it stays put. Unlike the original
// zombie, which stepped greedily into whatever stood in its way, it follows
// a shortest 4-connected path that goes around solid cells and around cells
// where occupied is true (other enemies; occupied may be nil). The target
// cell itself counts as open, so a zombie next to the van steps into it,
// which the game turns into a claw, unless another enemy stands there.
//
// The search is limited to the rectangle spanned by self and target grown
// by pathMargin on every side. When no path exists inside it, the zombie
// falls back to the original greedy step (the longer axis first, north or
// south on a tie) and stays put if that cell is blocked. Among equally short
// paths the first step is chosen in a fixed order: the greedy direction,
// then the other axis toward the target, then the remaining directions in
// geom.Dirs order.
func (pf *Pathfinder) Step(m Map, occupied func(geom.Point) bool, self, target geom.Point) geom.Dir {
	if occupied == nil {
		occupied = nothingOccupied
	}
	if self == target {
		return geom.None
	}
	if self.Manhattan(target) == 1 {
		if occupied(target) {
			return geom.None
		}
		return greedyDir(self, target)
	}
	if d := pf.search(m, occupied, self, target); d != geom.None {
		return d
	}
	d := greedyDir(self, target)
	if next := self.Add(d.Vec()); blocked(m, next) || occupied(next) {
		return geom.None
	}
	return d
}

func nothingOccupied(geom.Point) bool { return false }

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

// search runs a breadth-first search from the target until it reaches self
// and returns the first step of a shortest path, or None when there is none
// inside the search box.
func (pf *Pathfinder) search(m Map, occupied func(geom.Point) bool, self, target geom.Point) geom.Dir {
	w, h := m.Size()
	if !self.In(w, h) || !target.In(w, h) {
		return geom.None
	}
	pf.frame(w, h, self, target)
	pf.nextStamp()
	start, goal := pf.index(target), pf.index(self)
	pf.mark[start], pf.dist[start] = pf.stamp, 0
	pf.queue = append(pf.queue[:0], int32(start))
	for head := 0; head < len(pf.queue); head++ {
		i := int(pf.queue[head])
		if i == goal {
			return pf.firstStep(self, target)
		}
		pf.expand(m, occupied, i, self)
	}
	return geom.None
}

// expand classifies the unvisited neighbours of cell i and queues the open
// ones one step further from the target.
func (pf *Pathfinder) expand(m Map, occupied func(geom.Point) bool, i int, self geom.Point) {
	p := pf.point(i)
	for _, d := range geom.Dirs {
		q := p.Add(d.Vec())
		if !pf.inBox(q) {
			continue
		}
		j := pf.index(q)
		if pf.mark[j] == pf.stamp {
			continue
		}
		pf.mark[j] = pf.stamp
		if q != self && (blocked(m, q) || occupied(q)) {
			pf.dist[j] = -1
			continue
		}
		pf.dist[j] = pf.dist[i] + 1
		pf.queue = append(pf.queue, int32(j))
	}
}

// firstStep picks the neighbour of self that is one step nearer the target,
// trying directions in the documented fixed order.
func (pf *Pathfinder) firstStep(self, target geom.Point) geom.Dir {
	want := pf.dist[pf.index(self)] - 1
	order := [6]geom.Dir{greedyDir(self, target), otherAxisDir(self, target),
		geom.North, geom.East, geom.South, geom.West}
	for _, d := range order {
		q := self.Add(d.Vec())
		if d == geom.None || !pf.inBox(q) {
			continue
		}
		if j := pf.index(q); pf.mark[j] == pf.stamp && pf.dist[j] == want {
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
	if n := pf.bw * pf.bh; len(pf.mark) < n {
		pf.mark = make([]uint32, n)
		pf.dist = make([]int32, n)
		pf.queue = make([]int32, 0, n)
	}
}

// nextStamp starts a new search; on wrap-around it clears the marks so a
// stale mark can never match.
func (pf *Pathfinder) nextStamp() {
	pf.stamp++
	if pf.stamp == 0 {
		clear(pf.mark)
		pf.stamp = 1
	}
}

func (pf *Pathfinder) inBox(p geom.Point) bool {
	return p.X >= pf.x0 && p.Y >= pf.y0 && p.X < pf.x0+pf.bw && p.Y < pf.y0+pf.bh
}

func (pf *Pathfinder) index(p geom.Point) int { return (p.Y-pf.y0)*pf.bw + p.X - pf.x0 }

func (pf *Pathfinder) point(i int) geom.Point {
	return geom.Pt(pf.x0+i%pf.bw, pf.y0+i/pf.bw)
}
