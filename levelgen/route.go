package levelgen

import (
	"container/heap"
	"math/bits"
	"slices"

	"lastpost/ecs/geom"
)

// routeMoves are the steps the van can take: it never drives west.
var routeMoves = [3]geom.Point{{X: 1, Y: 0}, {X: 0, Y: -1}, {X: 0, Y: 1}}

// Drivable reports whether the van can get from l.Start to the goal column,
// one cell east, north or south at a time, without entering a wreck or a
// barrel. Acid, letters and enemies do not block a route. A start off the
// map or on a wreck or barrel is not drivable.
func Drivable(l *Level) bool {
	if !l.Start.In(l.W, l.H) {
		return false
	}
	if l.H <= maskRows {
		return drivableByColumns(l)
	}
	return drivableByCells(l)
}

// maskRows is the tallest level whose columns fit one bit mask each.
const maskRows = 64

// drivableByColumns is Drivable for a level of at most maskRows rows, the
// shipped tables' case. Each column's wrecks and barrels are one bit mask
// (bit y for row y) and so is the set of reached rows, so a column costs a
// few word operations rather than a pass over its cells. It answers as
// drivableByCells does.
func drivableByColumns(l *Level) bool {
	// The shipped tables' levels are at most 119 wide: their columns
	// fit on the stack.
	var room [128]uint64
	solid := l.solidColumns(room[:])
	full := uint64(1)<<l.H - 1 // all ones when l.H is 64, since the shift gives 0
	reach := uint64(1) << l.Start.Y
	if solid[l.Start.X]&reach != 0 {
		return false
	}
	for x := l.Start.X; x < l.GoalX(); x++ {
		// Since the van never goes west, the reachable cells can be found
		// one column at a time, west to east: they spread north and south
		// through the column, then step east where nothing solid stands.
		if solid[x] == 0 {
			reach = full // reach is never empty here
		} else {
			reach = spreadInRuns(reach, full&^solid[x])
		}
		reach &^= solid[x+1]
		if reach == 0 {
			return false
		}
	}
	return true
}

// spreadInRuns returns the runs of set bits of free that hold a bit of
// seeds, seeds being a subset of free. Adding a seed to free carries
// through the run above it, clearing the run from the seed up (a second
// seed of the run only sets its own bit again); reversing the bits does the
// same downwards.
func spreadInRuns(seeds, free uint64) uint64 {
	up := free&^(free+seeds) | seeds
	rf, rs := bits.Reverse64(free), bits.Reverse64(seeds)
	down := bits.Reverse64(rf&^(rf+rs) | rs)
	return up | down
}

// drivableByCells is Drivable for a level of any height, one cell at a
// time. Most columns hold nothing solid: once a whole column is reached,
// it stays whole across open columns without reading them.
func drivableByCells(l *Level) bool {
	solid := l.solidGrid()
	if solid[l.index(l.Start)] {
		return false
	}
	open := l.openColumns()
	reach, next := make([]bool, l.H), make([]bool, l.H)
	reach[l.Start.Y] = true
	whole := false
	for x := l.Start.X; x < l.GoalX(); x++ {
		if whole && open[x+1] {
			continue
		}
		if open[x] && open[x+1] {
			// A reached cell spreads over the whole open column, and
			// every row steps east into the next open one.
			for y := range reach {
				reach[y] = true
			}
			whole = true
			continue
		}
		whole = false
		spreadInColumn(reach, solid[x:], l.W)
		anyReached := false
		for y := range next {
			next[y] = reach[y] && !solid[y*l.W+x+1]
			anyReached = anyReached || next[y]
		}
		if !anyReached {
			return false
		}
		reach, next = next, reach
	}
	return true
}

// spreadInColumn extends the reached cells of one column north and south
// through every cell that is not solid. column[y*stride] is the column's
// cell in row y.
func spreadInColumn(reach, column []bool, stride int) {
	for y := 1; y < len(reach); y++ {
		reach[y] = reach[y] || (reach[y-1] && !column[y*stride])
	}
	for y := len(reach) - 2; y >= 0; y-- {
		reach[y] = reach[y] || (reach[y+1] && !column[y*stride])
	}
}

// clearRoute makes the level drivable by removing the wrecks and barrels on
// the cheapest route from the start to the goal column, where entering a
// wreck or barrel costs more than crossing every acid cell of the map, and
// entering acid costs more than dry ground. It runs one search and never
// loops. It returns how many spawns it removed; a start off the map cannot
// be helped and removes nothing.
func clearRoute(l *Level) int {
	if !l.Start.In(l.W, l.H) {
		return 0
	}
	parent := cheapestRoute(l)
	remove := make([]bool, l.W*l.H)
	for i := parent.goal; i >= 0; i = parent.from[i] {
		remove[i] = true
	}
	before := len(l.Spawns)
	l.Spawns = slices.DeleteFunc(l.Spawns, func(s Spawn) bool {
		return l.Things[s.Thing].Solid && remove[l.index(s.At)]
	})
	return before - len(l.Spawns)
}

// routeTree is the result of a cheapest-route search: the first goal cell
// reached and, for every cell, the cell it was entered from (-1 for the
// start and for cells never reached).
type routeTree struct {
	goal int
	from []int
}

// cheapestRoute runs Dijkstra's algorithm from the start over east, north
// and south moves. Ties are broken by cell index, so the route is a function
// of the level alone.
func cheapestRoute(l *Level) routeTree {
	solid := l.solidGrid()
	blocker := l.W*l.H + 1 // one blocker outweighs all the acid on the map
	enter := func(i int) int {
		switch {
		case solid[i]:
			return blocker
		case l.Terrain[i] == Acid:
			return 1
		}
		return 0
	}
	cost := make([]int, l.W*l.H)
	tree := routeTree{goal: -1, from: make([]int, l.W*l.H)}
	for i := range cost {
		cost[i], tree.from[i] = -1, -1
	}
	start := l.index(l.Start)
	cost[start] = enter(start)
	q := &routeQueue{{cost: cost[start], cell: start}}
	for q.Len() > 0 {
		cur := heap.Pop(q).(routeItem)
		if cur.cost != cost[cur.cell] {
			continue // a stale entry: the cell was reached more cheaply
		}
		at := geom.Pt(cur.cell%l.W, cur.cell/l.W)
		if at.X == l.GoalX() {
			tree.goal = cur.cell
			return tree
		}
		for _, m := range routeMoves {
			nb := at.Add(m)
			if !nb.In(l.W, l.H) {
				continue
			}
			i := l.index(nb)
			if c := cur.cost + enter(i); cost[i] < 0 || c < cost[i] {
				cost[i], tree.from[i] = c, cur.cell
				heap.Push(q, routeItem{cost: c, cell: i})
			}
		}
	}
	return tree // unreachable only for a map too narrow to have a goal east of the start
}

// routeItem is a cell waiting in the search queue with its route cost.
type routeItem struct{ cost, cell int }

// routeQueue is a min-heap of routeItems ordered by cost, then cell index.
type routeQueue []routeItem

func (q routeQueue) Len() int { return len(q) }
func (q routeQueue) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	return q[i].cell < q[j].cell
}
func (q routeQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }

// Push adds an item; container/heap calls it.
func (q *routeQueue) Push(x any) { *q = append(*q, x.(routeItem)) }

// Pop removes the last item; container/heap calls it.
func (q *routeQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
