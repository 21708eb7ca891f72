package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// freshLook is the memory kept the plain way: every turn it reads every
// cell of the driver's sight, cell by cell through set.
type freshLook struct{ Memory }

// look reads the whole disc of g's sight, as the memory last saw it.
func (f *freshLook) look(g *Game) {
	s := &g.sight
	top, bottom := s.rows(s.center, f.H)
	for y := top; y <= bottom; y++ {
		first, last := s.span(s.center, y)
		for x := max(first, 0); x <= min(last, f.W-1); x++ {
			f.set(y*f.W+x, g.topStill(geom.Pt(x, y)))
		}
	}
}

// The memory reads only the cells that came into sight or changed, a row's
// cells at a time; a memory that reads its whole sight every turn, a cell
// at a time, must hold the same cells and kinds after every turn of the
// bot's runs, and the same digest after every turn from the first hash on.
func TestMemoryMatchesAFreshLookEveryTurn(t *testing.T) {
	skipUnderRace(t)
	data := loadData(t)
	hashedFrom := map[uint64]int{1: 0, 2: 0, 3: 300, 4242: 150}
	for _, seed := range []uint64{1, 2, 3, 4242} {
		g := New(data, seed)
		var bot Bot
		// The plain memory keeps its digest from the start, cell by cell.
		fresh := freshLook{Memory{summed: true}}
		delivery, turns, hashed := -1, 0, false
		for step := 0; step < 600 && g.Phase() != act.PhaseOver; step++ {
			c := bot.Next(g)
			res, err := g.Do(c)
			require.NoError(t, err)
			bot.Observe(c, res)
			if g.Phase() != act.PhaseRoad || !g.sight.viewed {
				continue
			}
			if g.Run.Delivery != delivery {
				delivery = g.Run.Delivery
				fresh.Reset(g.memory.W, g.memory.H, 0)
			}
			fresh.look(g)
			turns++
			require.Equal(t, fresh.Seen, g.memory.Seen, "seed %d step %d: cells seen", seed, step)
			require.Equal(t, fresh.Kinds, g.memory.Kinds, "seed %d step %d: kinds remembered", seed, step)
			// The memory keeps its digest only once the game is hashed:
			// some runs are hashed from the start, some from late on,
			// when the digest is worked out from the cells.
			require.Equal(t, hashed, g.memory.summed, "seed %d step %d: digest kept", seed, step)
			if step >= hashedFrom[seed] {
				require.Equal(t, fresh.sum(), g.memory.sum(), "seed %d step %d: digest", seed, step)
				hashed = true
			}
			if step%5 == 0 {
				requireStillCacheTrue(t, g)
			}
		}
		assert.Positive(t, turns, "seed %d: the bot drove", seed)
	}
}

// requireStillCacheTrue checks that every cell of the road the cache of
// still things knows holds what a fresh look there gives.
func requireStillCacheTrue(t *testing.T, g *Game) {
	t.Helper()
	m := &g.memory
	require.Len(t, g.sight.still, m.W*m.H)
	for i, k := range g.sight.still {
		if p := geom.Pt(i%m.W, i/m.W); k != stillUnread {
			require.Equal(t, g.topStill(p), k, "turn %d: the cache of cell %v", g.Run.Turns, p)
		}
	}
}

// The cache of still things is not saved: a loaded road lays it out again,
// and must then remember exactly what the saved game goes on to remember.
func TestMemoryAfterALoadMatchesTheSavedGame(t *testing.T) {
	data := loadData(t)
	for _, seed := range []uint64{2, 4242} {
		g := New(data, seed)
		var bot Bot
		for range 40 {
			fxDo(t, g, bot.Next(g))
		}
		require.Equal(t, act.PhaseRoad, g.Phase(), "seed %d: still on the first road", seed)
		loaded := saveRoundTrip(t, g)
		var twin Bot
		for g.Phase() == act.PhaseRoad {
			fxDo(t, g, bot.Next(g))
			fxDo(t, loaded, twin.Next(loaded))
			m, l := &g.memory, &loaded.memory
			require.Equal(t, m.sum(), l.sum(), "seed %d turn %d: digest", seed, g.Run.Turns)
			require.Equal(t, [2]int{m.W, m.H}, [2]int{l.W, l.H}, "seed %d turn %d: size", seed, g.Run.Turns)
			require.Equal(t, m.Seen, l.Seen, "seed %d turn %d: cells seen", seed, g.Run.Turns)
			require.Equal(t, m.Kinds, l.Kinds, "seed %d turn %d: kinds remembered", seed, g.Run.Turns)
			if g.Phase() == act.PhaseRoad {
				requireStillCacheTrue(t, loaded)
			}
		}
	}
}

// inDisc tells by distance what the rows' spans tell: a cell is in the
// disc when its row's span holds it, for every cell around the centre and
// every radius the data might give.
func TestInDiscMatchesTheRowSpans(t *testing.T) {
	c := geom.Pt(40, 30)
	for r := 1; r <= 25; r++ {
		var s sight
		s.setRadius(r)
		for y := c.Y - r - 2; y <= c.Y+r+2; y++ {
			first, last := s.span(c, y)
			for x := c.X - r - 2; x <= c.X+r+2; x++ {
				p := geom.Pt(x, y)
				require.Equal(t, first <= x && x <= last, s.inDisc(c, p), "radius %d cell %v", r, p)
			}
		}
	}
}

// readEast reads the east edge of a disc that moved east: its loop for a
// memory that keeps no digest and the one for a memory that does must both
// remember each new cell as a fresh look there does, read the cells whose
// entities changed out of sight afresh, and touch no other cell, wherever
// the disc stands and however far it moved. Some cells were seen before
// holding something else, whose share of a kept digest must go.
func TestReadEastMatchesAFreshLookAtTheNewCells(t *testing.T) {
	skipUnderRace(t)
	data := loadData(t)
	g := New(data, 4242)
	var bot Bot
	for range 60 {
		fxDo(t, g, bot.Next(g))
	}
	require.Equal(t, act.PhaseRoad, g.Phase(), "still on the first road")
	s, w, h := &g.sight, g.memory.W, g.memory.H
	cache := append([]vocab.Kind(nil), s.still...)
	r := s.radius
	centers := []geom.Point{
		s.center, geom.Pt(r+3, h/2), // clear of the sides
		geom.Pt(1, h/2), geom.Pt(w-2, h/2), geom.Pt(r+3, 0), geom.Pt(w/2, h-1), // clipped
	}
	for _, summed := range []bool{false, true} {
		for _, c := range centers {
			for dx := 1; dx <= 2*r+1; dx++ {
				// Every third cell changed out of sight since it was read.
				s.still = append(s.still[:0], cache...)
				for i := range s.still {
					if i%3 == 0 {
						s.still[i] = stillUnread
					}
				}
				got, want := Memory{summed: summed}, Memory{summed: summed}
				got.Reset(w, h, 0)
				want.Reset(w, h, 0)
				for i := 1; i < w*h; i += 5 {
					got.set(i, vocab.KindBloodstain)
					want.set(i, vocab.KindBloodstain)
				}
				got.readEast(g, s, c, dx)
				top, bottom := s.rows(c, h)
				for y := top; y <= bottom; y++ {
					first, last := s.span(c, y)
					for x := max(first, last-dx+1, 0); x <= min(last, w-1); x++ {
						want.set(y*w+x, g.topStill(geom.Pt(x, y)))
					}
				}
				require.Equal(t, want.Seen, got.Seen, "centre %v dx %d summed %v: cells seen", c, dx, summed)
				require.Equal(t, want.Kinds, got.Kinds, "centre %v dx %d summed %v: kinds", c, dx, summed)
				require.Equal(t, want.digest, got.digest, "centre %v dx %d summed %v: digest", c, dx, summed)
				// Every cell read (those seen before only, left as they
				// were, aside) is the cache's.
				for i, seen := range got.Seen {
					if seen && (i%5 != 1 || got.Kinds[i] != vocab.KindBloodstain) {
						require.Equal(t, got.Kinds[i], s.still[i], "centre %v dx %d: cache of cell %d", c, dx, i)
					}
				}
			}
		}
	}
}

// TestMemoryResetMakesRoomOnce resets a memory to a narrow road and then
// to wider ones within the room it was given: only the first reset
// allocates, and each leaves every cell of its road unseen.
func TestMemoryResetMakesRoomOnce(t *testing.T) {
	const h, widest = 30, 119
	var m Memory
	m.Reset(60, h, widest*h)
	widths := []int{61, 90, widest, 70}
	next := 0
	allocs := testing.AllocsPerRun(len(widths), func() {
		m.set(len(m.Seen)-1, vocab.KindWreck)
		w := widths[next%len(widths)]
		next++
		m.Reset(w, h, widest*h)
	})
	assert.Zero(t, allocs)
	assert.Len(t, m.Seen, m.W*h)
	assert.NotContains(t, m.Seen, true)
	assert.Equal(t, make([]vocab.Kind, m.W*h), m.Kinds)
}
