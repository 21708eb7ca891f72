package ecs

import (
	"math/rand/v2"
	"testing"

	ark "github.com/mlange-42/ark/ecs"

	"lastpost/ecs/geom"
)

// Rows S1-S5 and P1-P2 of testdata/bench/SUITE.md. Every row runs
// ours next to its baselines in one run; compare ratios, not absolute
// figures. "ours" goes through the public API (actions and commits);
// "ours-inplace" walks our dense slices directly, which is what an
// in-place iteration API would cost. "ours-column" reads through the typed
// Column and Values handles and still writes through an action; S4's
// "ours-read" and "ours-column" are the inlinable reads.

type arkPos struct{ X, Y int }
type arkVel struct{ DX, DY int }
type arkHP struct{ V int }

// storeWorld is a world of the test schema without a spatial index, for the
// store rows.
func storeWorld() (*World, *Action) {
	w := NewWorld(testSchema())
	return w, w.NewAction()
}

// perEntity reports the time per entity of a workload over n entities.
func perEntity(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entity")
}

// measure warms up with one round, times rounds, and reports the time per
// entity of a round over n entities.
func measure(b *testing.B, n int, round func()) {
	round()
	for b.Loop() {
		round()
	}
	perEntity(b, n)
}

// iterateWorkload fills the stores for S1 (all entities move) and S2 (one
// in every `every` moves).
type iterateWorkload struct{ n, every int }

func (wl iterateWorkload) moves(i int) bool { return i%wl.every == 0 }

func (wl iterateWorkload) matches() int { return (wl.n + wl.every - 1) / wl.every }

// world fills a world with the workload's entities.
func (wl iterateWorkload) world() (*World, *Action) {
	w, a := storeWorld()
	for i := range wl.n {
		e := a.Spawn()
		pos.Set(a, e, geom.Pt(i, 0))
		if wl.moves(i) {
			velo.Set(a, e, vel{1, 1})
		}
	}
	w.Commit(a)
	return w, a
}

func benchIterate(b *testing.B, wl iterateWorkload) {
	b.Run("ours", func(b *testing.B) {
		w, a := wl.world()
		q := NewQuery(idPos, idVel)
		step := func(e Entity) bool {
			p, v := pos.Value(w, e), velo.Value(w, e)
			pos.Set(a, e, geom.Pt(p.X+v.DX, p.Y+v.DY))
			return true
		}
		q.Each(w, step)
		w.Commit(a)
		for b.Loop() {
			q.Each(w, step)
			w.Commit(a)
		}
		perEntity(b, wl.matches())
	})
	b.Run("ours-column", func(b *testing.B) {
		w, a := wl.world()
		step := func() {
			ps := pos.Column(w)
			ents, vels := velo.Entities(w), velo.Values(w)
			for i, e := range ents {
				if p, ok := ps.Get(e); ok {
					pos.Set(a, e, geom.Pt(p.X+vels[i].DX, p.Y+vels[i].DY))
				}
			}
			w.Commit(a)
		}
		measure(b, wl.matches(), step)
	})
	b.Run("ours-inplace", func(b *testing.B) {
		w, _ := wl.world()
		ps := w.stores[idPos].(*dataStore[geom.Point])
		vs := w.stores[idVel].(*dataStore[vel])
		for b.Loop() {
			for i, e := range vs.dense {
				if k := ps.index.load(e); k != 0 {
					p, v := &ps.vals[k-1], vs.vals[i]
					p.X += v.DX
					p.Y += v.DY
				}
			}
		}
		perEntity(b, wl.matches())
	})
	b.Run("mapstore", func(b *testing.B) {
		ps, vs := mapStore[geom.Point]{}, mapStore[vel]{}
		for i := range wl.n {
			ps[Entity(i+1)] = geom.Pt(i, 0)
			if wl.moves(i) {
				vs[Entity(i+1)] = vel{1, 1}
			}
		}
		for b.Loop() {
			for e, v := range vs {
				if p, ok := ps[e]; ok {
					ps[e] = geom.Pt(p.X+v.DX, p.Y+v.DY)
				}
			}
		}
		perEntity(b, wl.matches())
	})
	b.Run("sparse", func(b *testing.B) {
		var ps refSparse[geom.Point]
		var vs refSparse[vel]
		for i := range wl.n {
			ps.set(Entity(i+1), geom.Pt(i, 0))
			if wl.moves(i) {
				vs.set(Entity(i+1), vel{1, 1})
			}
		}
		for b.Loop() {
			for i, e := range vs.dense {
				if p := ps.ptr(e); p != nil {
					v := vs.vals[i]
					p.X += v.DX
					p.Y += v.DY
				}
			}
		}
		perEntity(b, wl.matches())
	})
	b.Run("aos", func(b *testing.B) {
		rows := make([]aosEntity, wl.n)
		for i := range rows {
			rows[i] = aosEntity{Pos: geom.Pt(i, 0), Vel: vel{1, 1}, HasVel: wl.moves(i)}
		}
		for b.Loop() {
			for i := range rows {
				r := &rows[i]
				if r.HasVel {
					r.Pos.X += r.Vel.DX
					r.Pos.Y += r.Vel.DY
				}
			}
		}
		perEntity(b, wl.matches())
	})
	b.Run("ark", func(b *testing.B) {
		world := ark.NewWorld(1024)
		both := ark.NewMap2[arkPos, arkVel](world)
		only := ark.NewMap1[arkPos](world)
		for i := range wl.n {
			if wl.moves(i) {
				both.NewEntity(&arkPos{i, 0}, &arkVel{1, 1})
			} else {
				only.NewEntity(&arkPos{i, 0})
			}
		}
		filter := ark.NewFilter2[arkPos, arkVel](world)
		for b.Loop() {
			query := filter.Query()
			for query.Next() {
				p, v := query.Get()
				p.X += v.DX
				p.Y += v.DY
			}
		}
		perEntity(b, wl.matches())
	})
}

// BenchmarkStore/Iterate2/10k is S1: iterate {Pos,Vel} over 10k entities,
// writing Pos. Iterate2Selective is S2: 10k Pos-only and 1k {Pos,Vel}, per
// match.
func BenchmarkStore(b *testing.B) {
	b.Run("Iterate2/10k", func(b *testing.B) { benchIterate(b, iterateWorkload{n: 10_000, every: 1}) })
	b.Run("Iterate2Selective", func(b *testing.B) { benchIterate(b, iterateWorkload{n: 11_000, every: 11}) })
	b.Run("AddRemove1/1k", benchAddRemove)
	b.Run("Get/Random1k", benchRandomGet)
	b.Run("SpawnDespawn/1k", benchSpawnDespawn)
}

const small = 1000

// benchAddRemove is S3: add then remove one component on each of 1k
// entities, one at a time.
func benchAddRemove(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		w, a := storeWorld()
		for i := range small {
			pos.Set(a, a.Spawn(), geom.Pt(i, 0))
		}
		w.Commit(a)
		round := func() {
			for e := Entity(1); e <= small; e++ {
				velo.Set(a, e, vel{1, 0})
				w.Commit(a)
				velo.Remove(a, e)
				w.Commit(a)
			}
		}
		measure(b, small, round)
	})
	b.Run("mapstore", func(b *testing.B) {
		ps, vs := mapStore[geom.Point]{}, mapStore[vel]{}
		for i := range small {
			ps[Entity(i+1)] = geom.Pt(i, 0)
		}
		for b.Loop() {
			for e := Entity(1); e <= small; e++ {
				vs[e] = vel{1, 0}
				delete(vs, e)
			}
		}
		perEntity(b, small)
	})
	b.Run("sparse", func(b *testing.B) {
		var ps refSparse[geom.Point]
		var vs refSparse[vel]
		for i := range small {
			ps.set(Entity(i+1), geom.Pt(i, 0))
		}
		for b.Loop() {
			for e := Entity(1); e <= small; e++ {
				vs.set(e, vel{1, 0})
				vs.remove(e)
			}
		}
		perEntity(b, small)
	})
	b.Run("ark", func(b *testing.B) {
		world := ark.NewWorld(1024)
		ps := ark.NewMap1[arkPos](world)
		vs := ark.NewMap1[arkVel](world)
		ents := make([]ark.Entity, small)
		for i := range ents {
			ents[i] = ps.NewEntity(&arkPos{i, 0})
		}
		v := arkVel{1, 0}
		for b.Loop() {
			for _, e := range ents {
				vs.Add(e, &v)
				vs.Remove(e)
			}
		}
		perEntity(b, small)
	})
}

// posWorld is a world of small entities with a position each.
func posWorld() *World {
	w, a := storeWorld()
	for i := range small {
		pos.Set(a, a.Spawn(), geom.Pt(i, 0))
	}
	w.Commit(a)
	return w
}

// benchRandomGet is S4: read one component of 1k entities in random order.
func benchRandomGet(b *testing.B) {
	order := rand.New(rand.NewPCG(4, 4)).Perm(small)
	ents := make([]Entity, small) // ids 1..small, shuffled
	for i, k := range order {
		ents[i] = Entity(k + 1)
	}
	b.Run("ours", func(b *testing.B) {
		w := posWorld()
		sum := 0
		for b.Loop() {
			for _, e := range ents {
				p, _ := pos.Get(w, e)
				sum += p.X
			}
		}
		perEntity(b, small)
		sink(b, sum)
	})
	b.Run("ours-read", func(b *testing.B) {
		w := posWorld()
		sum := 0
		for b.Loop() {
			for _, e := range ents {
				p, _ := pos.Read(w, e)
				sum += p.X
			}
		}
		perEntity(b, small)
		sink(b, sum)
	})
	b.Run("ours-column", func(b *testing.B) {
		w := posWorld()
		sum := 0
		for b.Loop() {
			col := pos.Column(w)
			for _, e := range ents {
				p, _ := col.Get(e)
				sum += p.X
			}
		}
		perEntity(b, small)
		sink(b, sum)
	})
	b.Run("mapstore", func(b *testing.B) {
		ps := mapStore[geom.Point]{}
		for i := range small {
			ps[Entity(i+1)] = geom.Pt(i, 0)
		}
		sum := 0
		for b.Loop() {
			for _, e := range ents {
				sum += ps[e].X
			}
		}
		perEntity(b, small)
		sink(b, sum)
	})
	b.Run("sparse", func(b *testing.B) {
		var ps refSparse[geom.Point]
		for i := range small {
			ps.set(Entity(i+1), geom.Pt(i, 0))
		}
		sum := 0
		for b.Loop() {
			for _, e := range ents {
				p, _ := ps.get(e)
				sum += p.X
			}
		}
		perEntity(b, small)
		sink(b, sum)
	})
	b.Run("ark", func(b *testing.B) {
		world := ark.NewWorld(1024)
		ps := ark.NewMap1[arkPos](world)
		all := make([]ark.Entity, small)
		for i := range all {
			all[i] = ps.NewEntity(&arkPos{i, 0})
		}
		shuffled := make([]ark.Entity, small)
		for i, k := range order {
			shuffled[i] = all[k]
		}
		sum := 0
		for b.Loop() {
			for _, e := range shuffled {
				sum += ps.Get(e).X
			}
		}
		perEntity(b, small)
		sink(b, sum)
	})
}

// benchSpawnDespawn is S5: create 1k entities with three components, then
// delete them, one at a time.
func benchSpawnDespawn(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		w, a := storeWorld()
		ents := make([]Entity, small)
		round := func() {
			for i := range ents {
				e := a.Spawn()
				pos.Set(a, e, geom.Pt(i, 0))
				velo.Set(a, e, vel{1, 0})
				hp.Set(a, e, 3)
				w.Commit(a)
				ents[i] = e
			}
			for _, e := range ents {
				a.RemoveEntity(e)
				w.Commit(a)
			}
		}
		measure(b, small, round)
	})
	b.Run("mapstore", func(b *testing.B) {
		ps, vs, hs := mapStore[geom.Point]{}, mapStore[vel]{}, mapStore[int]{}
		next := Entity(0)
		ents := make([]Entity, small)
		for b.Loop() {
			for i := range ents {
				next++
				ps[next], vs[next], hs[next] = geom.Pt(i, 0), vel{1, 0}, 3
				ents[i] = next
			}
			for _, e := range ents {
				delete(ps, e)
				delete(vs, e)
				delete(hs, e)
			}
		}
		perEntity(b, small)
	})
	b.Run("ark", func(b *testing.B) {
		world := ark.NewWorld(1024)
		m := ark.NewMap3[arkPos, arkVel, arkHP](world)
		ents := make([]ark.Entity, small)
		round := func() {
			for i := range ents {
				ents[i] = m.NewEntity(&arkPos{i, 0}, &arkVel{1, 0}, &arkHP{3})
			}
			for _, e := range ents {
				world.RemoveEntity(e)
			}
		}
		measure(b, small, round)
	})
}

// sink keeps a benchmark's result alive.
func sink(b *testing.B, v int) {
	if v == -1 {
		b.Log(v)
	}
}

// level is the spatial fixture: an 80x24 grid with about 1,200 static
// entities (some solid, some barrels) and 50 movers, from a fixed seed.
type level struct {
	w, h    int
	statics []geom.Point
	solids  []bool
	barrels []bool
	movers  []geom.Point
}

func newLevel(w, h int) level {
	r := rand.New(rand.NewPCG(80, 24))
	lv := level{w: w, h: h}
	for range 1200 {
		lv.statics = append(lv.statics, geom.Pt(r.IntN(w), r.IntN(h)))
		lv.solids = append(lv.solids, r.IntN(4) == 0)
		lv.barrels = append(lv.barrels, r.IntN(20) == 0)
	}
	for range 50 {
		lv.movers = append(lv.movers, geom.Pt(r.IntN(w), r.IntN(h)))
	}
	return lv
}

// world builds the level into a world with a spatial index; the movers are
// solid and take the ids after the statics.
func (lv level) world() (*World, *Action) {
	w := NewWorld(testSchema())
	w.SetSpatial(SpatialSpec{W: lv.w, H: lv.h, Pos: pos, Counts: []ID{idSolid, idBarrel}, Sets: []ID{idBarrel}})
	a := w.NewAction()
	for i, p := range lv.statics {
		e := a.Spawn()
		pos.Set(a, e, p)
		if lv.solids[i] {
			solid.Add(a, e)
		}
		if lv.barrels[i] {
			barrel.Add(a, e)
		}
	}
	for _, p := range lv.movers {
		e := a.Spawn()
		pos.Set(a, e, p)
		solid.Add(a, e)
		hp.Set(a, e, 3)
	}
	w.Commit(a)
	return w, a
}

func (lv level) seed() *seedSpatial {
	s := newSeedSpatial(lv.w, lv.h)
	e := Entity(0)
	for i, p := range lv.statics {
		e++
		s.place(e, p, lv.solids[i], lv.barrels[i])
	}
	for _, p := range lv.movers {
		e++
		s.place(e, p, true, false)
	}
	return s
}

// tour is the path of the moving entity: a walk over every cell.
func (lv level) tour() []geom.Point {
	var path []geom.Point
	for y := range lv.h {
		for x := range lv.w {
			if y%2 == 1 {
				x = lv.w - 1 - x
			}
			path = append(path, geom.Pt(x, y))
		}
	}
	return path
}

// BenchmarkSpatial holds P1 (move an entity between cells, keeping
// occupancy and counts) and P2 (ask a cell whether it is solid, and for its
// barrel).
func BenchmarkSpatial(b *testing.B) {
	lv := newLevel(80, 24)
	path := lv.tour()
	mover := Entity(len(lv.statics) + 1)
	b.Run("Move/ours", func(b *testing.B) {
		w, a := lv.world()
		walk := func() {
			for _, p := range path {
				pos.Set(a, mover, p)
				w.Commit(a)
			}
		}
		measure(b, len(path), walk)
	})
	b.Run("Move/seed-cell", func(b *testing.B) {
		s := lv.seed()
		for b.Loop() {
			for _, p := range path {
				s.move(mover, p)
			}
		}
		perEntity(b, len(path))
	})
	b.Run("CellQuery/ours", func(b *testing.B) {
		w, _ := lv.world()
		sp := w.Spatial()
		n := 0
		for b.Loop() {
			for _, p := range path {
				if sp.Any(p, idSolid) {
					n++
				}
				if _, ok := sp.First(p, idBarrel); ok {
					n++
				}
			}
		}
		perEntity(b, 2*len(path))
		sink(b, n)
	})
	b.Run("CellQuery/direct", func(b *testing.B) {
		solidAt := make([]bool, lv.w*lv.h)
		barrelAt := make([]Entity, lv.w*lv.h)
		for i, p := range lv.statics {
			solidAt[p.Y*lv.w+p.X] = solidAt[p.Y*lv.w+p.X] || lv.solids[i]
			if lv.barrels[i] {
				barrelAt[p.Y*lv.w+p.X] = Entity(i + 1)
			}
		}
		n := 0
		for b.Loop() {
			for _, p := range path {
				if solidAt[p.Y*lv.w+p.X] {
					n++
				}
				if barrelAt[p.Y*lv.w+p.X] != 0 {
					n++
				}
			}
		}
		perEntity(b, 2*len(path))
		sink(b, n)
	})
}
