package ecs

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

// cellState is what the index says about one cell.
type cellState struct {
	at      []Entity
	solids  int
	barrels int
	holders []Entity // barrel holders
	loot    []Entity // loot holders
}

func cellOf(sp *Spatial, p geom.Point) cellState {
	return cellState{
		at:      append([]Entity{}, sp.At(p)...),
		solids:  sp.Count(p, idSolid),
		barrels: sp.Count(p, idBarrel),
		holders: append([]Entity{}, sp.Holders(p, idBarrel)...),
		loot:    append([]Entity{}, sp.Holders(p, idLoot)...),
	}
}

func TestSpatialIndex(t *testing.T) {
	empty := cellState{at: []Entity{}, holders: []Entity{}, loot: []Entity{}}
	tests := []struct {
		name  string
		build func(a *Action)
		want  map[geom.Point]cellState // cells not listed must be empty
	}{
		{"seed state", func(*Action) {}, map[geom.Point]cellState{
			geom.Pt(1, 1): {at: []Entity{1}, solids: 1, holders: []Entity{}, loot: []Entity{}},
			geom.Pt(2, 2): {at: []Entity{2}, barrels: 1, holders: []Entity{2}, loot: []Entity{2}},
		}},
		{"a move", func(a *Action) { pos.Set(a, 1, geom.Pt(2, 2)) }, map[geom.Point]cellState{
			geom.Pt(2, 2): {at: []Entity{2, 1}, solids: 1, barrels: 1, holders: []Entity{2}, loot: []Entity{2}},
		}},
		{"a move in place", func(a *Action) { pos.Set(a, 2, geom.Pt(2, 2)) }, map[geom.Point]cellState{
			geom.Pt(1, 1): {at: []Entity{1}, solids: 1, holders: []Entity{}, loot: []Entity{}},
			geom.Pt(2, 2): {at: []Entity{2}, barrels: 1, holders: []Entity{2}, loot: []Entity{2}},
		}},
		{"a counted flag added and removed", func(a *Action) { solid.Remove(a, 1); solid.Add(a, 2) }, map[geom.Point]cellState{
			geom.Pt(1, 1): {at: []Entity{1}, holders: []Entity{}, loot: []Entity{}},
			geom.Pt(2, 2): {at: []Entity{2}, solids: 1, barrels: 1, holders: []Entity{2}, loot: []Entity{2}},
		}},
		{"listed components added and removed", func(a *Action) {
			barrel.Remove(a, 2)
			loot.Remove(a, 2)
			loot.Set(a, 1, 8)
			barrel.Add(a, 1)
		}, map[geom.Point]cellState{
			geom.Pt(1, 1): {at: []Entity{1}, solids: 1, barrels: 1, holders: []Entity{1}, loot: []Entity{1}},
			geom.Pt(2, 2): {at: []Entity{2}, holders: []Entity{}, loot: []Entity{}},
		}},
		{"a flag on an entity without position is not indexed", func(a *Action) { solid.Add(a, 3); loot.Set(a, 3, 1) }, map[geom.Point]cellState{
			geom.Pt(1, 1): {at: []Entity{1}, solids: 1, holders: []Entity{}, loot: []Entity{}},
			geom.Pt(2, 2): {at: []Entity{2}, barrels: 1, holders: []Entity{2}, loot: []Entity{2}},
		}},
		{"an entity gains a position", func(a *Action) { pos.Set(a, 3, geom.Pt(1, 1)); barrel.Add(a, 3) }, map[geom.Point]cellState{
			geom.Pt(1, 1): {at: []Entity{1, 3}, solids: 1, barrels: 1, holders: []Entity{3}, loot: []Entity{}},
			geom.Pt(2, 2): {at: []Entity{2}, barrels: 1, holders: []Entity{2}, loot: []Entity{2}},
		}},
		{"an entity loses its position", func(a *Action) { pos.Remove(a, 2) }, map[geom.Point]cellState{
			geom.Pt(1, 1): {at: []Entity{1}, solids: 1, holders: []Entity{}, loot: []Entity{}},
		}},
		{"an entity is removed", func(a *Action) { a.RemoveEntity(1) }, map[geom.Point]cellState{
			geom.Pt(2, 2): {at: []Entity{2}, barrels: 1, holders: []Entity{2}, loot: []Entity{2}},
		}},
		{"a move off the grid", func(a *Action) { pos.Set(a, 2, geom.Pt(gridW, 0)); pos.Set(a, 1, geom.Pt(-1, 1)) }, nil},
		{"a spawn", func(a *Action) {
			e := a.Spawn()
			pos.Set(a, e, geom.Pt(0, 4))
			solid.Add(a, e)
			loot.Set(a, e, 2)
		}, map[geom.Point]cellState{
			geom.Pt(1, 1): {at: []Entity{1}, solids: 1, holders: []Entity{}, loot: []Entity{}},
			geom.Pt(2, 2): {at: []Entity{2}, barrels: 1, holders: []Entity{2}, loot: []Entity{2}},
			geom.Pt(0, 4): {at: []Entity{4}, solids: 1, holders: []Entity{}, loot: []Entity{4}},
		}},
		{"a spawn off the grid", func(a *Action) {
			e := a.Spawn()
			pos.Set(a, e, geom.Pt(0, gridH))
			solid.Add(a, e)
		}, map[geom.Point]cellState{
			geom.Pt(1, 1): {at: []Entity{1}, solids: 1, holders: []Entity{}, loot: []Entity{}},
			geom.Pt(2, 2): {at: []Entity{2}, barrels: 1, holders: []Entity{2}, loot: []Entity{2}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := seedWorld(t)
			a := w.NewAction()
			tt.build(a)
			w.Commit(a)
			sp := w.Spatial()
			require.NoError(t, sp.Check(w), dumpGrid(w))
			for y := range gridH {
				for x := range gridW {
					p := geom.Pt(x, y)
					want, ok := tt.want[p]
					if !ok {
						want = empty
					}
					assert.Equal(t, want, cellOf(sp, p), "cell %v\n%s", p, dumpGrid(w))
				}
			}
		})
	}
}

func TestSpatialOffGridAnswersEmpty(t *testing.T) {
	w := seedWorld(t)
	a := w.NewAction()
	pos.Set(a, 2, geom.Pt(-3, 9))
	w.Commit(a)
	sp := w.Spatial()
	for _, p := range []geom.Point{geom.Pt(-1, 0), geom.Pt(0, -1), geom.Pt(gridW, 0), geom.Pt(0, gridH), geom.Pt(-3, 9), geom.Pt(1<<30, 1<<30)} {
		assert.False(t, sp.In(p), "%v", p)
		assert.Nil(t, sp.At(p), "%v", p)
		assert.Zero(t, sp.Count(p, idSolid), "%v", p)
		assert.False(t, sp.Any(p, idBarrel), "%v", p)
		assert.Nil(t, sp.Holders(p, idBarrel), "%v", p)
		_, ok := sp.First(p, idLoot)
		assert.False(t, ok, "%v", p)
	}
	assert.True(t, sp.In(geom.Pt(gridW-1, gridH-1)))
	gw, gh := sp.Size()
	assert.Equal(t, []int{gridW, gridH}, []int{gw, gh})

	pos.Set(a, 2, geom.Pt(0, 0))
	w.Commit(a)
	e, ok := sp.First(geom.Pt(0, 0), idLoot)
	assert.True(t, ok, "an entity coming back on the grid is indexed again")
	assert.Equal(t, Entity(2), e)
	assert.Equal(t, 1, sp.Count(geom.Pt(0, 0), idBarrel))
	require.NoError(t, sp.Check(w))
}

func TestSpatialMisuse(t *testing.T) {
	w := seedWorld(t)
	sp := w.Spatial()
	assert.Panics(t, func() { sp.Count(geom.Pt(0, 0), idHP) }, "hp is not counted")
	assert.Panics(t, func() { sp.Holders(geom.Pt(0, 0), idSolid) }, "solid is not listed")
	assert.Panics(t, func() {
		w.SetSpatial(SpatialSpec{W: 2, H: 2, Pos: pos, Counts: []ID{idSolid, idSolid}})
	})
	assert.Panics(t, func() {
		w.SetSpatial(SpatialSpec{W: 2, H: 2, Pos: pos, Counts: make([]ID, maxIndexed+1)})
	})
}

func TestSpatialBuiltOverExistingState(t *testing.T) {
	w := NewWorld(testSchema())
	a := w.NewAction()
	e := a.Spawn()
	pos.Set(a, e, geom.Pt(3, 3))
	barrel.Add(a, e)
	w.Commit(a)
	sp := w.SetSpatial(testSpatialSpec())
	assert.Same(t, sp, w.Spatial())
	assert.Equal(t, []Entity{e}, sp.Holders(geom.Pt(3, 3), idBarrel))
	require.NoError(t, sp.Check(w))
}

func TestSpatialCheckFindsDisagreement(t *testing.T) {
	tests := []struct {
		name   string
		tamper func(sp *Spatial)
	}{
		{"count", func(sp *Spatial) { sp.counts[0]++ }},
		{"cell", func(sp *Spatial) { sp.push(&sp.cells[0], 77) }},
		{"list", func(sp *Spatial) { sp.push(&sp.lists[1], 77) }},
		{"placement", func(sp *Spatial) { sp.placed.vals[0].cell = 0 }},
		{"lost entity", func(sp *Spatial) { sp.placed.remove(1) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := seedWorld(t)
			sp := w.Spatial()
			require.NoError(t, sp.Check(w))
			tt.tamper(sp)
			assert.Error(t, sp.Check(w))
		})
	}
}

// A crowd crossing the grid must not leave room behind in every cell it
// passed: what each cell gives back when it empties serves the next one, so
// the index's pool stops growing once the crowd has made its first step.
// The crowd keeps to the rows below the seed entities, whose cells would
// rightly keep the room the crowd made them grow.
func TestSpatialCrowdCrossingReusesRoom(t *testing.T) {
	w := seedWorld(t)
	sp := w.Spatial()
	a := w.NewAction()
	crowd := []Entity{a.Spawn(), a.Spawn(), a.Spawn()}
	const firstRow = 3
	march := func(c int) {
		for _, e := range crowd {
			pos.Set(a, e, geom.Pt(c%gridW, firstRow+c/gridW))
			barrel.Add(a, e)
		}
		w.Commit(a)
	}
	march(0)
	march(1)
	room := len(sp.pool)
	for c := 2; c < gridW*(gridH-firstRow); c++ {
		march(c)
		require.NoError(t, sp.Check(w), "after step %d", c)
		at := geom.Pt(c%gridW, firstRow+c/gridW)
		assert.Equal(t, crowd, sp.Holders(at, idBarrel), "barrels at %v", at)
	}
	assert.Equal(t, room, len(sp.pool), "room in the pool after the crossing")
}

// A blast's first shards stand three to a cell, arriving one by one, and
// cascades cross such cells: four entities walking into a cell, one step
// each, fit in the block reset laid out for it, so the pool and its free
// lists do not change and each cell's list stays in its own block, of
// four. Each cell reads as the entities' order of arrival.
func TestSpatialCellsHoldFourInTheirOwnBlock(t *testing.T) {
	w := seedWorld(t)
	sp := w.Spatial()
	a := w.NewAction()
	crowd := make([]Entity, 4)
	for i := range crowd {
		crowd[i] = a.Spawn()
		pos.Set(a, crowd[i], geom.Pt(0, 4))
	}
	w.Commit(a)
	room, free := len(sp.pool), sp.free
	for x := 1; x < gridW; x++ {
		for i, e := range crowd {
			pos.Set(a, e, geom.Pt(x, 4))
			w.Commit(a)
			require.NoError(t, sp.Check(w), "step to x=%d of entity %d", x, i)
			assert.Equal(t, crowd[:i+1], sp.At(geom.Pt(x, 4)), "x=%d", x)
			assert.Equal(t, crowd[i+1:], sp.At(geom.Pt(x-1, 4)), "x=%d", x-1)
		}
		for _, c := range []int{sp.cell(geom.Pt(x-1, 4)), sp.cell(geom.Pt(x, 4))} {
			cs := sp.cells[c]
			assert.Equal(t, [2]int32{int32(4 * c), 4}, [2]int32{cs.off + cs.c - cs.r, cs.r}, "cell %d's block and room", c)
		}
	}
	assert.Equal(t, room, len(sp.pool), "room in the pool after the crossing")
	assert.Equal(t, free, sp.free, "free blocks after the crossing")
}

// A crowd of five to eight that leaves a cell leaves it its block of
// eight (cellKeep), so the cell takes the crowd back without claiming anything; a
// crowd of more than eight leaves an emptied cell no room, so crossing
// the road it leaves none behind. Each cell reads as the order of arrival.
func TestSpatialCellsKeepRoomForEight(t *testing.T) {
	for _, size := range []int{5, 8, 9} {
		w := seedWorld(t)
		sp := w.Spatial()
		a := w.NewAction()
		crowd := make([]Entity, size)
		for i := range crowd {
			crowd[i] = a.Spawn()
			pos.Set(a, crowd[i], geom.Pt(0, 4))
		}
		w.Commit(a)
		walk := func(x int) {
			for _, e := range crowd {
				pos.Set(a, e, geom.Pt(x, 4))
				w.Commit(a)
			}
			require.NoError(t, sp.Check(w), "size %d: to x=%d", size, x)
			require.Equal(t, crowd, sp.At(geom.Pt(x, 4)), "size %d: x=%d", size, x)
		}
		// Each cell of the row has held the crowd once.
		for x := 1; x < gridW; x++ {
			walk(x)
		}
		room, free := len(sp.pool), sp.free
		for x := gridW - 2; x >= 0; x-- {
			walk(x)
			left := sp.cells[sp.cell(geom.Pt(x+1, 4))]
			if size <= 8 {
				assert.Equal(t, int32(8), left.r, "size %d: room left at x=%d", size, x+1)
			} else {
				assert.Equal(t, span{}, left, "size %d: cell left at x=%d", size, x+1)
			}
		}
		if size <= 8 {
			assert.Equal(t, room, len(sp.pool), "size %d: room in the pool on the way back", size)
			assert.Equal(t, free, sp.free, "size %d: free blocks on the way back", size)
		}
	}
}

// A lone mover stepping into empty cells trades blocks with the cell it
// leaves, in its cell list and in every list that holds it: the pool does
// not grow even on its first step into a cell whose list has never had
// room, and the lists read as pull and push would leave them.
func TestSpatialLoneMoverClaimsNothing(t *testing.T) {
	w := seedWorld(t)
	sp := w.Spatial()
	a := w.NewAction()
	e := a.Spawn()
	const row = 3
	pos.Set(a, e, geom.Pt(0, row))
	barrel.Add(a, e)
	loot.Set(a, e, 1)
	w.Commit(a)
	room := len(sp.pool)
	for x := 1; x < gridW; x++ {
		a := w.NewAction()
		pos.Set(a, e, geom.Pt(x, row))
		w.Commit(a)
		require.NoError(t, sp.Check(w), "after the step to x=%d", x)
		assert.Equal(t, cellState{at: []Entity{e}, barrels: 1, holders: []Entity{e}, loot: []Entity{e}},
			cellOf(sp, geom.Pt(x, row)), "the cell it entered")
		assert.Equal(t, cellState{at: []Entity{}, holders: []Entity{}, loot: []Entity{}},
			cellOf(sp, geom.Pt(x-1, row)), "the cell it left")
	}
	assert.Equal(t, room, len(sp.pool), "room in the pool after the walk")
}

// commitByParts is Commit done the plainest way, the reference for every
// short way of the index (the commit of moves alone, the lone mover's
// trades, the membership asked only of the touched components): each
// entity the action touches, gathered as Commit gathers them, is withdrawn
// as it was placed and deposited as the stores now place it, every
// component asked, unless nothing changed.
func commitByParts(w *World, a *Action) {
	s := w.spatial
	affected := plainAffected(s, a)
	a.flush()
	for _, e := range affected {
		old, placed := s.placed.get(e)
		positioned := s.posStore.has(e)
		pl := s.placementOf(w, e)
		if placed && positioned && old == pl {
			continue
		}
		if placed {
			s.withdraw(e, old)
			s.placed.remove(e)
		}
		if positioned {
			s.placed.set(e, pl)
			s.deposit(e, pl)
		}
	}
	w.next += Entity(a.spawned)
	w.noteWrites(a)
	a.committed()
}

// plainAffected gathers the entities of every tracked delta, each delta
// appended whole, then, from more than one delta, sorted without repeats
// (one delta's order, the order of first touch, is the order of placing):
// affected without its short ways.
func plainAffected(s *Spatial, a *Action) []Entity {
	var list []Entity
	deltas := 0
	for _, id := range a.touched {
		if s.tracked.Has(id) {
			list = a.cores[id].appendTouched(list)
			deltas++
		}
	}
	if deltas > 1 {
		slices.Sort(list)
		list = slices.Compact(list)
	}
	return list
}

// gridOf is what the index says about every cell, in cell order.
func gridOf(w *World) []cellState {
	var out []cellState
	for y := range gridH {
		for x := range gridW {
			out = append(out, cellOf(w.Spatial(), geom.Pt(x, y)))
		}
	}
	return out
}

// TestCommitAgreesWithWithdrawAndDeposit plays the same random actions,
// moves alone among them, through Commit and through commitByParts side
// by side, and compares every cell (its entities in order, its counts, its
// holders in order) after each step, and the hashes at the end.
func TestCommitAgreesWithWithdrawAndDeposit(t *testing.T) {
	for _, seed := range testSeeds {
		short, plain := newOpRun(t, newTestWorld(), seed), newOpRun(t, newTestWorld(), seed)
		plain.commit = commitByParts
		for step := range testsize.Steps(200) {
			for _, o := range []*opRun{short, plain} {
				o.step(step)
				o.moveStep()
			}
			require.Equal(t, gridOf(plain.w), gridOf(short.w), "seed %d step %d", seed, step)
		}
		require.Equal(t, plain.hashes, short.hashes, "seed %d", seed)
	}
}

// TestSpatialResetLaysOutEveryCell resets one index to grids of several
// sizes, smaller and larger in turn, and fills every cell with two
// entities: each cell must have its own room laid out, so the index
// agrees with the stores, reads back each cell's pair in order and claims
// nothing beyond the room the reset laid out.
// It does so with no room reserved and with room reserved for a grid
// larger than some and smaller than others, where the index must answer
// the same.
func TestSpatialResetLaysOutEveryCell(t *testing.T) {
	for _, reserve := range []int{0, (gridW + 3) * (gridH + 2)} {
		t.Run(fmt.Sprint("reserve ", reserve), func(t *testing.T) { resetLaysOutEveryCell(t, reserve) })
	}
}

func resetLaysOutEveryCell(t *testing.T, reserve int) {
	w := newTestWorld()
	for _, size := range [][2]int{{3, 2}, {gridW + 3, gridH + 2}, {2, 5}, {gridW, gridH}, {gridW + 5, gridH + 4}} {
		w = w.Renew()
		spec := testSpatialSpec()
		spec.W, spec.H, spec.Reserve = size[0], size[1], reserve
		sp := w.SetSpatial(spec)
		room := len(sp.pool)
		require.Equal(t, cellRoom*size[0]*size[1], room, "%v: the room laid out", size)
		a := w.NewAction()
		for y := range size[1] {
			for x := range size[0] {
				for range 2 {
					e := a.Spawn()
					pos.Set(a, e, geom.Pt(x, y))
					solid.Add(a, e)
				}
			}
		}
		w.Commit(a)
		require.NoError(t, sp.Check(w), "%v", size)
		e := Entity(0)
		for y := range size[1] {
			for x := range size[0] {
				e += 2
				require.Equal(t, []Entity{e - 1, e}, sp.At(geom.Pt(x, y)), "%v: cell %d,%d", size, x, y)
			}
		}
		assert.Equal(t, room, len(sp.pool), "%v: two entities a cell fit the room laid out", size)
	}
}

// TestSpatialReserveMakesRoomOnce resets an index with room reserved to
// grids that grow up to the reservation: after the first reset none
// allocates, so a game that reserves room for its widest road makes the
// index's arrays once. A reset past the reservation makes them again.
func TestSpatialReserveMakesRoomOnce(t *testing.T) {
	w := newTestWorld()
	spec := testSpatialSpec()
	spec.Reserve = 3 * gridW * gridH
	// AllocsPerRun's first call, not measured, outgrows the room the world
	// was made with and makes the reservation.
	widths := []int{gridW + 1, 2, 2 * gridW, 3 * gridW}
	next := 0
	assert.Zero(t, testing.AllocsPerRun(len(widths)-1, func() {
		spec.W = widths[next]
		next++
		w.SetSpatial(spec)
	}), "resets to wider grids within the reservation")
	assert.Equal(t, spec, w.Spatial().spec())
	assert.NotZero(t, testing.AllocsPerRun(1, func() {
		spec.W++
		w.SetSpatial(spec)
	}), "a reset past the reservation")
}

// TestCommitStepAgreesWithTheGeneralWay pins Spatial.commit's straight
// line, the commit of an action that moves one entity and touches nothing
// the index counts or lists: random such steps, some with another component and a
// property written alongside, some with a name set or removed (held or
// not) on any entity, some placing an entity for the first time or
// moving one off the grid or within its cell, go through Commit in one
// world and through commitByUpdate in another. Some set a velocity and
// the position as a mover's pair, which the straight line applies
// without flushBut. Both must agree on the hash, on every cell's order,
// every store's order and every entity's content, and on Check after
// each step.
func TestCommitStepAgreesWithTheGeneralWay(t *testing.T) {
	const n = 12
	pairs := 0
	for _, seed := range testSeeds {
		r := rand.New(rand.NewPCG(seed, 11))
		ws := [2]*World{newTestWorld(), newTestWorld()}
		commits := [2]func(*World, *Action){(*World).Commit, commitByUpdate}
		for k, w := range ws {
			a := w.NewAction()
			for i := range n {
				e := a.Spawn()
				hp.Set(a, e, i)
				if i < 8 {
					pos.Set(a, e, geom.Point{X: i % gridW, Y: i % gridH})
				}
				switch i % 4 {
				case 0:
					solid.Add(a, e)
				case 1:
					barrel.Add(a, e)
				case 2:
					loot.Set(a, e, i)
				}
			}
			commits[k](w, a)
		}
		// Each world's two actions are used again, in turn, for every
		// step, as a game uses its own: what a commit leaves in one counts
		// too, and the index must not take one action's position delta
		// for the other's (it keeps the last one's).
		as := [2][2]*Action{{ws[0].NewAction(), ws[0].NewAction()}, {ws[1].NewAction(), ws[1].NewAction()}}
		for step := range testsize.Steps(400) {
			e := Entity(1 + r.IntN(n))
			p := geom.Point{X: r.IntN(gridW+2) - 1, Y: r.IntN(gridH+2) - 1}
			prop := r.IntN(2) == 0
			// The velocity: none, set after the position, or before it as
			// a mover's pair (SetPair, or two Sets), which commit applies
			// without flushBut when nothing else is touched; sometimes on
			// a second entity too, or removed instead, which it must not.
			velocity, also := r.IntN(5), r.IntN(4)
			// A name set or removed alongside, on any entity: a removal
			// from one without a name is the flush's moot case.
			named, naming := Entity(1+r.IntN(n)), r.IntN(3)
			if r.IntN(2) == 0 {
				prop, naming = false, 2
			}
			for k, w := range ws {
				a := as[k][step%3%2]
				if prop {
					tag.Set(a, "step")
				}
				switch velocity {
				case 1:
					pos.Set(a, e, p)
					velo.Set(a, e, vel{DX: step})
				case 2:
					SetPair(a, e, velo, vel{DX: step, DY: 1}, pos, p)
				case 3:
					velo.Set(a, e, vel{DX: step, DY: 2})
					pos.Set(a, e, p)
				case 4:
					velo.Remove(a, e)
					pos.Set(a, e, p)
				default:
					pos.Set(a, e, p)
				}
				if velocity >= 2 && also == 0 {
					velo.Set(a, named, vel{DY: step})
				}
				switch naming {
				case 0:
					name.Set(a, named, "n")
				case 1:
					name.Remove(a, named)
				}
				if k == 0 && slices.Equal(a.Touched(), []ID{idVel, idPos}) && len(velo.Removing(a)) == 0 {
					if ents, _ := velo.Pending(a); len(ents) == 1 {
						pairs++
					}
				}
				commits[k](w, a)
			}
			require.Equal(t, ws[1].Hash(), ws[0].Hash(), "seed %d step %d", seed, step)
			require.Equal(t, cellOrders(ws[1]), cellOrders(ws[0]), "seed %d step %d", seed, step)
			require.Equal(t, orders(ws[1]), orders(ws[0]), "seed %d step %d", seed, step)
			for x := range Entity(n) {
				require.Equal(t, read(ws[1], x+1), read(ws[0], x+1), "seed %d step %d entity %d", seed, step, x+1)
			}
			require.NoError(t, ws[0].Spatial().Check(ws[0]), "seed %d step %d", seed, step)
		}
	}
	require.Greater(t, pairs, 20, "the pair's straight line was hardly taken")
}

// TestPullAgreesWithThePlainDeletion pulls entities from spans of every
// length up to a crowd's, the first, the last, one between or one the span
// does not hold, and compares each span with the plain deletion of the
// entity's first occurrence: pull looks at the first entity before it
// looks from the end, and must delete the same one.
func TestPullAgreesWithThePlainDeletion(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 11))
	s := &Spatial{}
	for round := range 2000 {
		n := r.IntN(12)
		if round%10 == 0 {
			n = 32 + r.IntN(8)
		}
		s.pool = s.pool[:0]
		for i := range n {
			s.pool = append(s.pool, Entity(100+i*3))
		}
		want := slices.Clone(s.pool)
		e := Entity(1)
		switch k := r.IntN(5); {
		case n == 0 || k == 0:
		case k == 1:
			e = want[0]
		case k == 2:
			e = want[n-1]
		default:
			e = want[r.IntN(n)]
		}
		if i := slices.Index(want, e); i >= 0 {
			want = slices.Delete(want, i, i+1)
		}
		sp := span{n: int32(n), c: int32(n), r: int32(n)}
		s.pull(&sp, e)
		require.Equal(t, want, slices.Clone(s.list(sp)), "round %d: pulling %d", round, e)
		require.Equal(t, sp.r, sp.off+sp.c, "round %d: the span's room ends at its block's", round)
	}
}

func TestSameMembersComparesAsMultisets(t *testing.T) {
	long := func(extra ...Entity) []Entity {
		return append([]Entity{1, 2, 3, 4, 5, 6, 7, 8, 9}, extra...)
	}
	tests := []struct {
		name string
		a, b []Entity
		want bool
	}{
		{"both empty", nil, []Entity{}, true},
		{"one each, equal", []Entity{7}, []Entity{7}, true},
		{"one each, different", []Entity{7}, []Entity{8}, false},
		{"lengths differ", []Entity{1, 2}, []Entity{1}, false},
		{"same, other order", []Entity{1, 2, 3}, []Entity{3, 1, 2}, true},
		{"a repeat against another value", []Entity{1, 1, 2}, []Entity{1, 2, 2}, false},
		{"the same repeats", []Entity{2, 1, 2}, []Entity{2, 2, 1}, true},
		{"b holds a value a lacks", []Entity{1, 1}, []Entity{1, 3}, false},
		{"long, other order", long(10), append([]Entity{10}, long()...), true},
		{"long, one differs", long(10), long(11), false},
		{"long, repeats differ", long(1), long(2), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, sameMembers(tt.a, tt.b))
			assert.Equal(t, tt.want, sameMembers(tt.b, tt.a), "either way round")
		})
	}
}

// TestSpansAgreeWithPlainLists runs random pushes, pulls (the first entity
// often, as crowds leave) and shifts over a few cells' spans and compares
// every span with a plain list after each: a list that starts inside its
// block (pull's first-entity way) must read the same, move back to its
// block's start when it runs out of room (grow), and give back the right
// block when it empties. Every span's block and every free block must lie
// apart in the pool, each inside it, and the pool must stop growing once
// the traffic has made its room.
func TestSpansAgreeWithPlainLists(t *testing.T) {
	for seed := range uint64(4) {
		r := rand.New(rand.NewPCG(seed, 3))
		s := &Spatial{}
		s.reset(SpatialSpec{W: 5, H: 1})
		model := make([][]Entity, len(s.cells))
		for i := range model {
			model[i] = []Entity{}
		}
		next := Entity(1)
		var room int
		steps := testsize.Steps(4000)
		for step := range steps {
			if step == steps/2 {
				room = len(s.pool)
			}
			c := r.IntN(len(s.cells))
			sp := &s.cells[c]
			switch k := r.IntN(10); {
			case k < 4 && len(model[c]) < 18:
				s.push(sp, next)
				model[c] = append(model[c], next)
				next++
			case len(model[c]) == 0:
			case k < 8:
				i := 0
				if k >= 6 {
					i = r.IntN(len(model[c]))
				}
				e := model[c][i]
				d := r.IntN(len(s.cells))
				s.shift(sp, &s.cells[d], e)
				model[c] = slices.Delete(model[c], i, i+1)
				model[d] = append(model[d], e)
			default:
				e := model[c][r.IntN(len(model[c]))]
				if r.IntN(2) == 0 {
					e = model[c][0]
				}
				s.pull(sp, e)
				s.vacated(sp, cellKeep)
				model[c] = slices.DeleteFunc(model[c], func(x Entity) bool { return x == e })
			}
			for i, m := range model {
				if !slices.Equal(m, s.list(s.cells[i])) {
					require.Equal(t, m, slices.Clone(s.list(s.cells[i])), "seed %d step %d: cell %d", seed, step, i)
				}
			}
			requireBlocksApart(t, s, "seed %d step %d", seed, step)
		}
		assert.LessOrEqual(t, len(s.pool), room+64, "seed %d: the pool kept growing", seed)
	}
}

// requireBlocksApart fails unless every cell's span lies inside its block
// (n within c, c within r, the block inside the pool) and no two blocks,
// the free ones included, share a slot.
func requireBlocksApart(t *testing.T, s *Spatial, msg string, args ...any) {
	t.Helper()
	owner := make([]int, len(s.pool))
	claim := func(who, at, r int) {
		if at < 0 || at+r > len(s.pool) {
			require.Fail(t, fmt.Sprintf("block at %d of room %d outside the pool of %d", at, r, len(s.pool)), append([]any{msg}, args...)...)
		}
		for i := at; i < at+r; i++ {
			if owner[i] != 0 {
				require.Fail(t, fmt.Sprintf("slot %d in two blocks", i), append([]any{msg}, args...)...)
			}
			owner[i] = who
		}
	}
	for i, sp := range s.cells {
		if sp.n < 0 || sp.n > sp.c || sp.c > sp.r {
			require.Fail(t, fmt.Sprintf("span %+v", sp), append([]any{msg}, args...)...)
		}
		if sp.r > 0 {
			claim(i+1, int(sp.off+sp.c-sp.r), int(sp.r))
		}
	}
	for k, h := range s.free {
		for ; h != 0; h = int32(s.pool[h-1]) {
			claim(-1, int(h-1), firstRoom<<k)
		}
	}
}

// aboutOnly looks at tracked's words up to the last that holds a bit. With
// tracked components in the second and third words (ids 70 and 140), it
// answers as a walk over every id does, for random writes of tracked and
// untracked components on the entity asked about and on another.
func TestAboutOnlyAgreesWithEveryID(t *testing.T) {
	const n = 150
	specs := make([]Spec, n)
	for i := range specs {
		specs[i] = FlagSpec(FlagOf(ID(i)), fmt.Sprintf("f%d", i))
	}
	p := DataOf[geom.Point](3)
	specs[3] = DataSpec(p, "position", hashPoint)
	w := NewWorld(MustSchema(specs...))
	sp := w.SetSpatial(SpatialSpec{W: 4, H: 4, Pos: p, Counts: []ID{70}, Sets: []ID{140}})
	require.Equal(t, 3, sp.trackedWords)
	flags := []ID{5, 70, 100, 140}
	a := w.NewAction()
	ents := []Entity{a.Spawn(), a.Spawn()}
	for i, e := range ents {
		p.Set(a, e, geom.Pt(i, 1))
		for _, id := range flags {
			FlagOf(id).Add(a, e)
		}
	}
	w.Commit(a)
	plain := func(a *Action, e Entity) bool {
		for id := range ID(n) {
			if a.mask.Has(id) && sp.tracked.Has(id) && id != p.id && !a.cores[id].only(e) {
				return false
			}
		}
		return true
	}
	r := rand.New(rand.NewPCG(7, 11))
	seen := map[bool]int{}
	for trial := range testsize.Steps(400) {
		a := w.NewAction()
		for range 1 + r.IntN(3) {
			e := ents[r.IntN(len(ents))]
			if r.IntN(4) == 0 {
				a.RemoveEntity(e)
			} else {
				FlagOf(flags[r.IntN(len(flags))]).Remove(a, e)
			}
		}
		for _, e := range ents {
			want := plain(a, e)
			require.Equal(t, want, sp.aboutOnly(a, e), "trial %d, entity %d, touched %v", trial, e, a.Touched())
			seen[want]++
		}
		a.Reset()
	}
	require.NotZero(t, seen[true])
	require.NotZero(t, seen[false])
}
