package ai

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
)

// The tests' world for Grids: a position, a solid flag and an enemy flag,
// both counted by the spatial index, as the game's are.
var (
	gtPos   = ecs.DataOf[geom.Point](0)
	gtSolid = ecs.FlagOf(1)
	gtEnemy = ecs.FlagOf(2)
)

// gridOf puts the solid cells of m and the enemies of occ into a world of
// that schema and returns the Grid read from its spatial index, as the game
// reads its road.
func gridOf(m *GridMap, occ map[geom.Point]bool) *Grid {
	w := ecs.NewWorld(ecs.MustSchema(
		ecs.DataSpec(gtPos, "position", func(h uint64, p geom.Point) uint64 { return ecs.MixInt(ecs.MixInt(h, p.X), p.Y) }),
		ecs.FlagSpec(gtSolid, "solid"),
		ecs.FlagSpec(gtEnemy, "enemy"),
	))
	gw, gh := m.Size()
	// Enemies counted first, so the two grids start at different slots.
	sp := w.SetSpatial(ecs.SpatialSpec{W: gw, H: gh, Pos: gtPos, Counts: []ecs.ID{gtEnemy.ID(), gtSolid.ID()}})
	a := w.NewAction()
	place := func(p geom.Point, f ecs.Flag) {
		e := a.Spawn()
		gtPos.Set(a, e, p)
		f.Add(a, e)
	}
	for y := range gh {
		for x := range gw {
			if p := geom.Pt(x, y); m.Solid(p) {
				place(p, gtSolid)
			}
		}
	}
	for p := range occ {
		place(p, gtEnemy)
	}
	w.Commit(a)
	return &Grid{Solid: sp.CountGrid(gtSolid.ID()), Occupied: sp.CountGrid(gtEnemy.ID())}
}

// setOf returns the points of ps as a set.
func setOf(ps ...geom.Point) map[geom.Point]bool {
	s := map[geom.Point]bool{}
	for _, p := range ps {
		s[p] = true
	}
	return s
}
