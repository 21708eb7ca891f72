package game

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Memory is what the driver has seen of the current road: for each cell,
// whether it was ever in sight and the most notable thing that stays put
// last seen there (a wreck, a barrel, a letter, a stain). Moving things are
// not remembered: an enemy drawn where it was seen long ago would leave a
// trail of ghosts behind it as it walks in and out of sight. The display
// draws it (cells remembered but out of sight are dimmed) and a save keeps
// it, so it is kept in every run, recorded or replayed alike, and Game.Hash
// digests it.
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

// Update records everything in the driver's sight: every cell of the
// vision disc (squared distance below r*r), a row span at a time.
func (m *Memory) Update(g *Game) {
	center := vocab.Position.Value(g.world, g.env.Van)
	r := g.data.Van.Vision
	half := r
	for dy := -r + 1; dy < r; dy++ {
		y := center.Y + dy
		// The widest dx with dx*dx+dy*dy < r*r; rows nearer the middle
		// are wider, so it only grows and then shrinks a step at a time.
		for half > 0 && half*half+dy*dy >= r*r {
			half--
		}
		for half+1 < r && (half+1)*(half+1)+dy*dy < r*r {
			half++
		}
		if y < 0 || y >= m.H {
			continue
		}
		row := y * m.W
		for x := max(center.X-half, 0); x <= min(center.X+half, m.W-1); x++ {
			m.set(row+x, g.topStill(geom.Pt(x, y)))
		}
	}
}

// builtinRank orders the built-in things by how worth drawing they are
// when a cell holds several: a stain under a letter under a wreck under a
// barrel, every enemy (rankEnemy) above those, and the van and what flies
// above all. Enemies are compared by their data (see above).
var builtinRank = [...]int{
	vocab.KindNone: 0, vocab.KindBloodstain: 1, vocab.KindLetter: 2, vocab.KindWreck: 3,
	vocab.KindBarrel: 4, vocab.KindVan: 6, vocab.KindBullet: 7, vocab.KindFragment: 8,
}

// rankEnemy is the rank of every enemy among the built-in things.
const rankEnemy = 5

// rank returns where kind k stands in builtinRank; a kind the data does
// not know ranks with nothing, so it is never drawn.
func (g *Game) rank(k vocab.Kind) int {
	if k.Builtin() {
		return builtinRank[k]
	}
	if _, ok := vocab.EnemyOf(&g.data.Enemies, k); ok {
		return rankEnemy
	}
	return 0
}

// above reports whether kind a is more worth drawing than kind b. Of two
// enemies the tougher (more hit points) shows, since it is the bigger
// threat, and on a tie the later in the data.
func (g *Game) above(a, b vocab.Kind) bool {
	ra, rb := g.rank(a), g.rank(b)
	if ra != rb || ra != rankEnemy {
		return ra > rb
	}
	ea, _ := vocab.EnemyOf(&g.data.Enemies, a)
	eb, _ := vocab.EnemyOf(&g.data.Enemies, b)
	if ea.HP != eb.HP {
		return ea.HP > eb.HP
	}
	ia, _ := a.EnemyIndex()
	ib, _ := b.EnemyIndex()
	return ia > ib
}

// topStill returns the most notable kind of thing in cell p that stays
// where it is: no enemy, no van, nothing in flight.
func (g *Game) topStill(p geom.Point) vocab.Kind {
	best := vocab.KindNone
	for _, e := range g.world.Spatial().At(p) {
		// Enemies are no built-in kind, and the built-in kinds that move
		// (the van, what flies) rank at or above rankEnemy: among what
		// stays put the rank alone decides, and every turn asks this of a
		// whole disc of cells.
		k := vocab.KindOf.Value(g.world, e)
		if k.Builtin() && builtinRank[k] < rankEnemy && builtinRank[k] > builtinRank[best] {
			best = k
		}
	}
	return best
}

// TopKind returns the most notable kind of thing in cell p.
func (g *Game) TopKind(p geom.Point) vocab.Kind {
	best := vocab.KindNone
	for _, e := range g.world.Spatial().At(p) {
		if k := vocab.KindOf.Value(g.world, e); g.above(k, best) {
			best = k
		}
	}
	return best
}
