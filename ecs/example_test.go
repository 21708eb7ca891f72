package ecs_test

import (
	"fmt"

	"lastpost/ecs"
	"lastpost/ecs/geom"
)

// A game declares each component once, as a typed handle on a dense id:
// here a position (a value per entity) and "solid" (presence only).
const (
	idPos ecs.ID = iota
	idSolid
)

var (
	pos   = ecs.DataOf[geom.Point](idPos)
	solid = ecs.FlagOf(idSolid)
)

// hashPoint folds a position into the world's hash. It reads the fields
// one by one so the hash is the same on every platform.
func hashPoint(h uint64, p geom.Point) uint64 { return ecs.MixInt(ecs.MixInt(h, p.X), p.Y) }

// newWorld returns an empty world of the examples' schema.
func newWorld() *ecs.World {
	return ecs.NewWorld(ecs.MustSchema(
		ecs.DataSpec(pos, "position", hashPoint),
		ecs.FlagSpec(solid, "solid"),
	))
}

func ExampleNewSchema() {
	schema, err := ecs.NewSchema(
		ecs.DataSpec(pos, "position", hashPoint),
		ecs.FlagSpec(solid, "solid"),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(schema.Len(), "components:", schema.Name(idPos), schema.Name(idSolid))

	// A slip in the declarations is an error here, not a confused world
	// later.
	_, err = ecs.NewSchema(
		ecs.DataSpec(pos, "position", hashPoint),
		ecs.FlagSpec(ecs.FlagOf(idPos), "solid"),
	)
	fmt.Println(err)
	// Output:
	// 2 components: position solid
	// ecs: two components share id 0 ("position" and "solid")
}

func ExampleWorld_Commit() {
	w := newWorld()
	a := w.NewAction()
	wall := a.Spawn()
	pos.Set(a, wall, geom.Pt(2, 1))
	solid.Add(a, wall)
	// Nothing happens to the world until the action is committed, so a
	// rule can still refuse it.
	fmt.Println("alive before the commit:", w.Alive(wall))

	w.Commit(a)
	fmt.Println("alive after the commit:", w.Alive(wall))
	fmt.Println("position:", pos.Value(w, wall), "solid:", solid.Has(w, wall))
	// The action comes back empty, ready for the next change.
	fmt.Println("action empty:", a.Empty())
	// Output:
	// alive before the commit: false
	// alive after the commit: true
	// position: {2 1} solid: true
	// action empty: true
}

func ExampleWorld_After() {
	w := newWorld()
	a := w.NewAction()
	van := a.Spawn()
	pos.Set(a, van, geom.Pt(0, 0))
	w.Commit(a)

	pos.Set(a, van, geom.Pt(1, 0))
	// The view reads as if the move were made, while the world still
	// holds the state before it: rules compare the two.
	after := w.After(a)
	fmt.Println("world:", pos.Value(w, van))
	fmt.Println("after:", pos.Value(after, van))

	w.Commit(a)
	fmt.Println("world once committed:", pos.Value(w, van))
	// Output:
	// world: {0 0}
	// after: {1 0}
	// world once committed: {1 0}
}

func ExampleSpatial_Any() {
	w := newWorld()
	// The index counts solid things per cell of a 5x5 grid, so "is
	// anything here solid?" costs one array read.
	grid := w.SetSpatial(ecs.SpatialSpec{W: 5, H: 5, Pos: pos, Counts: []ecs.ID{idSolid}})

	a := w.NewAction()
	wall := a.Spawn()
	pos.Set(a, wall, geom.Pt(2, 2))
	solid.Add(a, wall)
	letter := a.Spawn()
	pos.Set(a, letter, geom.Pt(3, 2))
	w.Commit(a)

	for _, p := range []geom.Point{geom.Pt(2, 2), geom.Pt(3, 2), geom.Pt(9, 9)} {
		fmt.Printf("%v solid: %v, entities: %d\n", p, grid.Any(p, idSolid), len(grid.At(p)))
	}
	// Output:
	// {2 2} solid: true, entities: 1
	// {3 2} solid: false, entities: 1
	// {9 9} solid: false, entities: 0
}
