package game

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Memory is what the driver has seen of the current road: for each cell,
// whether it was ever in sight and the most notable thing last seen there.
// The display draws it (cells remembered but out of sight are dimmed) and a
// save keeps it, so it is kept in every run, recorded or replayed alike, and
// Game.Hash digests it.
type Memory struct {
	W, H  int
	Seen  []bool
	Kinds []vocab.Kind

	// digest sums cellHash over the seen cells, updated as cells change,
	// so hashing the memory costs nothing per turn.
	digest uint64
}

// cellHash is what a seen cell adds to the memory's digest.
func cellHash(i int, k vocab.Kind) uint64 { return ecs.Mix(uint64(i)+1, uint64(k)+1) }

// Reset forgets everything, for a new road.
func (m *Memory) Reset(w, h int) {
	m.W, m.H = w, h
	m.Seen = make([]bool, w*h)
	m.Kinds = make([]vocab.Kind, w*h)
	m.digest = 0
}

// set remembers kind k in cell i, keeping the digest.
func (m *Memory) set(i int, k vocab.Kind) {
	if m.Seen[i] {
		if m.Kinds[i] == k {
			return
		}
		m.digest -= cellHash(i, m.Kinds[i])
	}
	m.Seen[i], m.Kinds[i] = true, k
	m.digest += cellHash(i, k)
}

// At returns whether p was ever seen and what was last seen there.
func (m *Memory) At(p geom.Point) (bool, vocab.Kind) {
	if !p.In(m.W, m.H) {
		return false, vocab.KindNone
	}
	i := p.Y*m.W + p.X
	return m.Seen[i], m.Kinds[i]
}

// Update records everything in the driver's sight.
func (m *Memory) Update(g *Game) {
	center := vocab.Position.Value(g.world, g.env.Van)
	r := g.data.Van.Vision
	for y := max(center.Y-r, 0); y <= min(center.Y+r, m.H-1); y++ {
		for x := max(center.X-r, 0); x <= min(center.X+r, m.W-1); x++ {
			p := geom.Pt(x, y)
			if p.Dist2(center) >= r*r {
				continue
			}
			m.set(y*m.W+x, g.TopKind(p))
		}
	}
}

// kindRank orders what is worth drawing when a cell holds several things.
var kindRank = [...]int{
	vocab.KindNone: 0, vocab.KindBloodstain: 1, vocab.KindLetter: 2, vocab.KindWreck: 3,
	vocab.KindBarrel: 4, vocab.KindZombie: 5, vocab.KindBike: 6, vocab.KindCar: 7,
	vocab.KindVan: 8, vocab.KindBullet: 9, vocab.KindFragment: 10,
}

// TopKind returns the most notable kind of thing in cell p.
func (g *Game) TopKind(p geom.Point) vocab.Kind {
	best := vocab.KindNone
	for _, e := range g.world.Spatial().At(p) {
		if k := vocab.KindOf.Value(g.world, e); int(k) < len(kindRank) && kindRank[k] > kindRank[best] {
			best = k
		}
	}
	return best
}
