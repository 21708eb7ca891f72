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

	// digest sums cellHash over the seen cells once summed is set, and
	// is then kept as cells change, so hashing the memory costs nothing
	// per turn. Until the game is first hashed (see sum) it is not kept:
	// an autoplayed run hashes its game once, at the end, and the van
	// sees a hundred new cells a turn, each a share of the digest to
	// work out. Either way the digest is a function of the cells alone.
	digest uint64
	summed bool
}

// sight is the disc the memory read last (its centre and radius, when
// viewed is set), so the next update reads only the cells that came into
// sight or whose entities changed since. What a cell holds is a function
// of its entities alone, and the spatial index lists every cell whose
// entities changed, so the rest of the disc would read the same. It is a
// cache kept beside the memory, not in it: a save does not keep it, and a
// new or restored road reads its whole disc once.
type sight struct {
	viewed bool
	center geom.Point
	radius int
	// halves[dy] is the widest dx with dx*dx+dy*dy < radius*radius;
	// rowHalves holds the same from dy = 1-radius to radius-1, so the
	// disc's rows are walked in order without folding dy.
	halves, rowHalves []int
	// still holds, for every cell of the road, what topStill gives there,
	// or stillUnread for a cell whose entities changed out of sight since
	// it was last read. Most cells that come into sight are empty and were
	// never read: the whole road's still things, laid out once from the
	// position store when the road is first viewed, answer for them
	// without asking the spatial index cell by cell.
	still []vocab.Kind
}

// stillUnread marks a cell of sight.still that must be read afresh; no
// still thing has that kind.
const stillUnread = vocab.Kind(255)

// cellHash is what a seen cell adds to the memory's digest.
func cellHash(i int, k vocab.Kind) uint64 { return ecs.Mix(uint64(i)+1, uint64(k)+1) }

// Reset forgets everything, for a new w x h road. Storage that is too
// small is made again with room for room cells (the widest road's).
func (m *Memory) Reset(w, h, room int) {
	m.W, m.H = w, h
	// Each road's memory reuses the last one's storage: a run lays out a
	// dozen roads.
	m.Seen = cleared(m.Seen, w*h, room)
	m.Kinds = cleared(m.Kinds, w*h, room)
	m.digest = 0
}

// sum returns the memory's digest: cellHash summed over the seen cells.
// The first call works it out from the cells; from then on the memory
// keeps it as cells change, since a game hashed once is usually hashed
// every turn (a recording, a replay).
func (m *Memory) sum() uint64 {
	if !m.summed {
		m.digest, m.summed = 0, true
		for i, seen := range m.Seen {
			if seen {
				m.digest += cellHash(i, m.Kinds[i])
			}
		}
	}
	return m.digest
}

// set remembers kind k in cell i, keeping the digest if it is kept.
func (m *Memory) set(i int, k vocab.Kind) {
	if m.Seen[i] && m.Kinds[i] == k {
		return
	}
	if m.summed {
		if m.Seen[i] {
			m.digest -= cellHash(i, m.Kinds[i])
		}
		m.digest += cellHash(i, k)
	}
	m.Seen[i], m.Kinds[i] = true, k
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
// vision disc (squared distance below r*r). It reads only what the last
// update (kept in g.sight) did not see as it is now: the cells that came
// into sight, and those in sight whose entities changed.
func (m *Memory) Update(g *Game) {
	s := &g.sight
	center := vocab.Position.Value(g.world, g.env.Van)
	s.setRadius(g.data.Van.Vision)
	sp := g.world.Spatial()
	if !s.viewed {
		s.layOut(g, m.W, m.H)
		m.readDisc(g, s, center)
	} else {
		// The changed cells come first, so the cells that came into
		// sight read the cache as it is now. The kinds' column is found
		// once for all of them: a turn changes a few dozen cells. Each
		// cell's still kind is topStillIn's, written out here: the call
		// cost a third of the loop, as every value the loop keeps was
		// saved around it.
		kinds := vocab.KindOf.Column(g.world)
		still := s.still
		seen, held := m.Seen[:len(still)], m.Kinds[:len(still)]
		w := m.W
		for _, c := range sp.Changed() {
			p := geom.Pt(int(c)%w, int(c)/w)
			if !s.inDisc(center, p) {
				still[c] = stillUnread
				continue
			}
			k := vocab.KindNone
			for _, e := range sp.At(p) {
				if ek, _ := kinds.Get(e); stillAbove(ek, k) {
					k = ek
				}
			}
			still[c] = k
			// Most changed cells in sight were seen holding what they
			// hold: an enemy walked through.
			if !seen[c] || held[c] != k {
				m.set(int(c), k)
			}
		}
		m.readNewlySeen(g, s, center)
	}
	sp.ClearChanged()
	s.viewed, s.center = true, center
}

// setRadius sizes the disc; the vision radius is data, so it may differ
// between runs but not within one.
func (s *sight) setRadius(r int) {
	if r == s.radius && s.halves != nil {
		return
	}
	s.radius, s.halves, s.viewed = r, make([]int, max(r, 0)), false
	half := r
	for dy := range s.halves {
		for half > 0 && half*half+dy*dy >= r*r {
			half--
		}
		s.halves[dy] = half
	}
	s.rowHalves = make([]int, max(2*r-1, 0))
	for i := range s.rowHalves {
		s.rowHalves[i] = s.halves[geom.Abs(i-(r-1))]
	}
}

// span returns the columns of row y inside the disc around c, first > last
// when none.
func (s *sight) span(c geom.Point, y int) (first, last int) {
	dy := y - c.Y
	if dy < 0 {
		dy = -dy
	}
	if dy >= len(s.halves) {
		return 1, 0
	}
	return c.X - s.halves[dy], c.X + s.halves[dy]
}

// inDisc reports whether p is in the disc around c: within the span of
// its row, which is to say at a squared distance below the radius's
// square (see setRadius), the test that costs the least where the memory
// asks it of every cell that changed.
func (s *sight) inDisc(c, p geom.Point) bool {
	return c.Dist2(p) < s.radius*s.radius
}

// rows returns the first and last on-road rows of the disc around c.
func (s *sight) rows(c geom.Point, h int) (first, last int) {
	return max(c.Y-s.radius+1, 0), min(c.Y+s.radius-1, h-1)
}

// layOut fills the cache of still things for a road of w by h cells from
// the position store: each cell keeps the top still kind of the things
// standing on it, as topStill would read it.
func (s *sight) layOut(g *Game, w, h int) {
	s.still = cleared(s.still, w*h, g.roadRoom())
	kinds := vocab.KindOf.Column(g.world)
	at := vocab.Position.Column(g.world)
	places := at.Values()
	for i, e := range at.Entities() {
		p := places[i]
		if !p.In(w, h) {
			continue
		}
		c := p.Y*w + p.X
		if k, _ := kinds.Get(e); stillAbove(k, s.still[c]) {
			s.still[c] = k
		}
	}
}

// stillAbove reports whether k is a thing that stays put and is more
// worth drawing than best, a still kind or none. Enemies are no built-in
// kind, and the built-in kinds that move (the van, what flies) rank at or
// above rankEnemy: among what stays put the rank alone decides.
func stillAbove(k, best vocab.Kind) bool {
	return k.Builtin() && builtinRank[k] < rankEnemy && builtinRank[k] > builtinRank[best]
}

// readDisc reads every on-road cell of the disc around center.
func (m *Memory) readDisc(g *Game, s *sight, center geom.Point) {
	top, bottom := s.rows(center, m.H)
	for y := top; y <= bottom; y++ {
		first, last := s.span(center, y)
		m.readRow(g, y, first, last)
	}
}

// readNewlySeen reads the cells of the disc around center that were not
// in the disc last read: on each row, the new span minus the old one,
// which leaves at most a piece on either side. The van drives east, so
// nearly every turn the disc has moved east along its row, or not at all:
// then every row of the disc gains the cells east of its old end, as far
// as the van moved, and readEast reads them. Otherwise each row's pieces
// are read through readRow.
func (m *Memory) readNewlySeen(g *Game, s *sight, center geom.Point) {
	if center.Y == s.center.Y && center.X >= s.center.X {
		m.readEast(g, s, center, center.X-s.center.X)
		return
	}
	top, bottom := s.rows(center, m.H)
	for y := top; y <= bottom; y++ {
		first, last := s.span(center, y)
		oldFirst, oldLast := s.span(s.center, y)
		if oldFirst > oldLast || oldLast < first || last < oldFirst {
			m.readRow(g, y, first, last)
			continue
		}
		if first < oldFirst {
			m.readRow(g, y, first, oldFirst-1)
		}
		m.readRow(g, y, oldLast+1, last)
	}
}

// readEast is readNewlySeen for a disc that moved dx cells east along its
// row: on each row, the last dx cells of the span (all of it when dx is
// wider), found from the disc's half-widths directly.
//
// Its loop is the cost of a turn's new cells (about thirty rows of a few
// cells each): the rows' half-widths are walked in order, each row's new
// cells found as offsets from the disc's column clipped to the road's
// sides, and a cell whose still kind is cached is remembered by two
// stores, as writing a cell that already holds the same changes nothing.
// The rest goes to readCell, out of the loop. A memory that keeps its
// digest walks the same cells in readEastSummed.
func (m *Memory) readEast(g *Game, s *sight, center geom.Point, dx int) {
	if dx == 0 {
		return
	}
	top, bottom := s.rows(center, m.H)
	if top > bottom {
		return
	}
	if m.summed {
		m.readEastSummed(g, s, center, dx, top, bottom)
		return
	}
	// The three are one road long: cut to one length, one bounds check
	// answers for all three.
	still := s.still
	seen, held := m.Seen[:len(still)], m.Kinds[:len(still)]
	w, r := m.W, s.radius
	west, east := -center.X, w-1-center.X // the road's sides, from the disc's column
	c := top*w + center.X                 // the disc's column on the row
	for _, half := range s.rowHalves[top-center.Y+r-1 : bottom-center.Y+r] {
		for i, last := c+max(half-dx+1, -half, west), c+min(half, east); i <= last; i++ {
			if k := still[i]; k != stillUnread {
				seen[i], held[i] = true, k
				continue
			}
			m.readCell(g, s, i)
		}
		c += w
	}
}

// readEastSummed is readEast's loop for a memory that keeps its digest
// (a recorded or replayed run, hashed every turn): each cell newly seen,
// or seen again holding something else, takes its share of the digest
// out and puts the new one in, with the digest held in a local across the
// loop. It is apart from readEast so that the loop of a run never hashed
// carries none of this.
func (m *Memory) readEastSummed(g *Game, s *sight, center geom.Point, dx, top, bottom int) {
	still := s.still
	seen, held := m.Seen[:len(still)], m.Kinds[:len(still)]
	w, r := m.W, s.radius
	west, east := -center.X, w-1-center.X
	c := top*w + center.X
	digest := m.digest
	for _, half := range s.rowHalves[top-center.Y+r-1 : bottom-center.Y+r] {
		for i, last := c+max(half-dx+1, -half, west), c+min(half, east); i <= last; i++ {
			k := still[i]
			if k == stillUnread {
				k = g.topStill(geom.Pt(i%w, i/w))
				still[i] = k
			}
			if seen[i] {
				if held[i] == k {
					continue
				}
				digest -= cellHash(i, held[i])
			}
			digest += cellHash(i, k)
			seen[i], held[i] = true, k
		}
		c += w
	}
	m.digest = digest
}

// readCell remembers cell i as it is now: from the cache of still things,
// read afresh when its entities changed out of sight.
func (m *Memory) readCell(g *Game, s *sight, i int) {
	k := s.still[i]
	if k == stillUnread {
		k = g.topStill(geom.Pt(i%m.W, i/m.W))
		s.still[i] = k
	}
	m.set(i, k)
}

// readRow reads the cells of row y from column first to last, clipped to
// the road.
func (m *Memory) readRow(g *Game, y, first, last int) {
	first, last = max(first, 0), min(last, m.W-1)
	if first > last {
		// Most rows gain cells on one side only.
		return
	}
	row := y * m.W
	sp, kinds := g.world.Spatial(), vocab.KindOf.Column(g.world)
	// This is set, cell by cell, over the row's slices with the digest in
	// a local: a new road's first look reads a few hundred cells, most
	// never seen before and empty, and a call per cell cost as much as
	// the reading.
	seen, held := m.Seen[row+first:row+last+1], m.Kinds[row+first:row+last+1]
	still := g.sight.still[row+first : row+last+1]
	digest, summed := m.digest, m.summed
	for j := range seen {
		k := still[j]
		if k == stillUnread {
			k = topStillIn(sp, kinds, geom.Pt(first+j, y))
			still[j] = k
		}
		if seen[j] && held[j] == k {
			continue
		}
		if summed {
			if seen[j] {
				digest -= cellHash(row+first+j, held[j])
			}
			digest += cellHash(row+first+j, k)
		}
		seen[j], held[j] = true, k
	}
	m.digest = digest
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
	return topStillIn(g.world.Spatial(), vocab.KindOf.Column(g.world), p)
}

// topStillIn is topStill given the world's spatial index and kinds, which
// a row of cells read once for all its cells.
func topStillIn(sp *ecs.Spatial, kinds ecs.Column[vocab.Kind], p geom.Point) vocab.Kind {
	best := vocab.KindNone
	for _, e := range sp.At(p) {
		if k, _ := kinds.Get(e); stillAbove(k, best) {
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

// cleared returns old cut or grown to n elements, all zero, reusing old's
// storage when it is large enough, else in new storage with room for
// max(n, room).
func cleared[T any](old []T, n, room int) []T {
	if cap(old) < n {
		return make([]T, n, max(n, room))
	}
	old = old[:n]
	clear(old)
	return old
}
