package ecs

import (
	"fmt"
	"strings"

	"lastpost/ecs/geom"
)

// The test schema: every kind of component, with the spatial index counting
// two flags and listing a flag and a data component.
const (
	idPos ID = iota
	idVel
	idHP
	idName
	idSolid
	idBarrel
	idLoot
	idTag
	numTest
)

type vel struct{ DX, DY int }

var (
	pos    = DataOf[geom.Point](idPos)
	velo   = DataOf[vel](idVel)
	hp     = DataOf[int](idHP)
	name   = DataOf[string](idName)
	solid  = FlagOf(idSolid)
	barrel = FlagOf(idBarrel)
	loot   = DataOf[int](idLoot)
	tag    = PropOf[string](idTag)
)

const gridW, gridH = 8, 5

func hashPoint(h uint64, p geom.Point) uint64 { return MixInt(MixInt(h, p.X), p.Y) }

func hashVel(h uint64, v vel) uint64 { return MixInt(MixInt(h, v.DX), v.DY) }

func testSchema() *Schema {
	return MustSchema(
		DataSpec(pos, "position", hashPoint),
		DataSpec(velo, "velocity", hashVel),
		DataSpec(hp, "hp", HashInt[int]),
		DataSpec(name, "name", HashString[string]),
		FlagSpec(solid, "solid"),
		FlagSpec(barrel, "barrel"),
		DataSpec(loot, "loot", HashInt[int]),
		PropSpec(tag, "tag"),
	)
}

func testSpatialSpec() SpatialSpec {
	return SpatialSpec{W: gridW, H: gridH, Pos: pos,
		Counts: []ID{idSolid, idBarrel}, Sets: []ID{idBarrel, idLoot}}
}

// newTestWorld returns an empty world of the test schema with a spatial
// index.
func newTestWorld() *World {
	w := NewWorld(testSchema())
	w.SetSpatial(testSpatialSpec())
	return w
}

// content is everything an entity holds, read through a Reader, for
// comparisons between a view and the world.
type content struct {
	Pos     geom.Point
	HasPos  bool
	Vel     vel
	HasVel  bool
	HP      int
	HasHP   bool
	Name    string
	HasName bool
	Solid   bool
	Barrel  bool
	Loot    int
	HasLoot bool
}

func read(r Reader, e Entity) content {
	var c content
	c.Pos, c.HasPos = pos.Get(r, e)
	c.Vel, c.HasVel = velo.Get(r, e)
	c.HP, c.HasHP = hp.Get(r, e)
	c.Name, c.HasName = name.Get(r, e)
	c.Solid = solid.Has(r, e)
	c.Barrel = barrel.Has(r, e)
	c.Loot, c.HasLoot = loot.Get(r, e)
	return c
}

// orders lists every store's entities in iteration order.
func orders(w *World) [][]Entity {
	out := make([][]Entity, 0, len(w.stores))
	for _, s := range w.stores {
		if s == nil {
			out = append(out, nil)
			continue
		}
		out = append(out, append([]Entity{}, s.entities()...))
	}
	return out
}

// dumpGrid draws the spatial index for failure messages: the number of
// entities per cell, '#' for solid cells and 'b' for barrels.
func dumpGrid(w *World) string {
	sp := w.Spatial()
	gw, gh := sp.Size()
	var b strings.Builder
	for y := range gh {
		for x := range gw {
			p := geom.Pt(x, y)
			switch {
			case sp.Any(p, idBarrel):
				b.WriteByte('b')
			case sp.Any(p, idSolid):
				b.WriteByte('#')
			case len(sp.At(p)) > 0:
				fmt.Fprintf(&b, "%d", min(len(sp.At(p)), 9))
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
