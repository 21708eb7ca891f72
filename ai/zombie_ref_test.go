package ai

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

// refStep is Step as documented, written the plain way: a breadth-first
// search of the whole search box from the target, then the first direction
// in the fixed order whose cell is one step nearer, else the greedy step
// when it is free. Pathfinder.Step must agree with it exactly, tie-breaks
// included, since the game's replays depend on every step.
func refStep(m *GridMap, occ map[geom.Point]bool, self, target geom.Point) geom.Dir {
	if self == target {
		return geom.None
	}
	greedy := greedyDir(self, target)
	if self.Manhattan(target) == 1 {
		if occ[target] {
			return geom.None
		}
		return greedy
	}
	w, h := m.Size()
	x0, y0 := max(0, min(self.X, target.X)-pathMargin), max(0, min(self.Y, target.Y)-pathMargin)
	x1, y1 := min(w-1, max(self.X, target.X)+pathMargin), min(h-1, max(self.Y, target.Y)+pathMargin)
	inBox := func(p geom.Point) bool { return p.X >= x0 && p.Y >= y0 && p.X <= x1 && p.Y <= y1 }
	dist := map[geom.Point]int{target: 0}
	for frontier := []geom.Point{target}; len(frontier) > 0; {
		var next []geom.Point
		for _, p := range frontier {
			for _, d := range geom.Dirs {
				q := p.Add(d.Vec())
				if _, seen := dist[q]; seen || !inBox(q) || q != self && (m.Solid(q) || occ[q]) {
					continue
				}
				dist[q] = dist[p] + 1
				next = append(next, q)
			}
		}
		frontier = next
	}
	if d, ok := dist[self]; ok {
		for _, dir := range []geom.Dir{greedy, otherAxisDir(self, target), geom.North, geom.East, geom.South, geom.West} {
			if q, ok := dist[self.Add(dir.Vec())]; dir != geom.None && ok && q == d-1 {
				return dir
			}
		}
	}
	if g := self.Add(greedy.Vec()); !g.In(w, h) || m.Solid(g) || occ[g] {
		return geom.None
	}
	return greedy
}

// wideField is a random field for the pathfinder's tests, from open to
// crowded, often larger than the search box, with a zombie and its target
// on it: the map, the cells other enemies hold, and the field drawn.
func wideField(t *testing.T, seed uint64) (m *GridMap, occ map[geom.Point]bool, self, target geom.Point, drawn string) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 11))
	w, h := 10+r.IntN(50), 5+r.IntN(25)
	solidPct, occPct := r.IntN(45), r.IntN(15)
	rows := make([]string, h)
	occ = map[geom.Point]bool{}
	for y := range rows {
		var b strings.Builder
		for x := range w {
			switch k := r.IntN(100); {
			case k < solidPct:
				b.WriteByte('#')
			case k < solidPct+occPct:
				b.WriteByte('e')
				occ[geom.Pt(x, y)] = true
			default:
				b.WriteByte('.')
			}
		}
		rows[y] = b.String()
	}
	m, err := ParseGrid(rows...)
	require.NoError(t, err)
	self, target = geom.Pt(r.IntN(w), r.IntN(h)), geom.Pt(r.IntN(w), r.IntN(h))
	m.SetSolid(self, false)
	delete(occ, self)
	return m, occ, self, target, strings.Join(rows, "\n")
}

// TestPathfinderAgreesWithPlainSearch plays many random fields, from open
// to crowded, larger than the search box, read from a spatial index as the
// game reads its road, with one Pathfinder reused as the game does, and
// compares every step with refStep, which asks the drawn map cell by cell.
func TestPathfinderAgreesWithPlainSearch(t *testing.T) {
	var pf Pathfinder
	for seed := uint64(1); seed <= 3000; seed++ {
		m, occ, self, target, drawn := wideField(t, seed)
		got := pf.Step(gridOf(m, occ), self, target)
		want := refStep(m, occ, self, target)
		assert.Equal(t, want, got, fmt.Sprintf("seed %d: zombie %v, target %v\n%s", seed, self, target, drawn))
	}
}

// TestStraightStepAgreesWithTheSearch: whenever the open-path shortcut
// answers, the search it skips gives the same step; and on these fields it
// answers often, from the open ones to some crowded ones, by the greedy
// neighbour and, where that is blocked, by the other axis's.
func TestStraightStepAgreesWithTheSearch(t *testing.T) {
	var pf Pathfinder
	answered, otherAxis := 0, 0
	for seed := uint64(1); seed <= 3000; seed++ {
		m, occ, self, target, drawn := wideField(t, seed)
		if self.Manhattan(target) < 2 {
			continue
		}
		g := gridOf(m, occ)
		d, ok := straightStep(g, self, target)
		if !ok {
			continue
		}
		answered++
		if d != greedyDir(self, target) {
			otherAxis++
		}
		assert.Equal(t, pf.search(g, self, target), d,
			fmt.Sprintf("seed %d: zombie %v, target %v\n%s", seed, self, target, drawn))
	}
	assert.Greater(t, answered, 300, "the shortcut answers for open fields")
	assert.Greater(t, otherAxis, 20, "and past a blocked greedy neighbour")
}
