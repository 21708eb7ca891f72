package ecs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

func TestSmokeCommitViewSpatial(t *testing.T) {
	pos := DataOf[geom.Point](0)
	hp := DataOf[int](1)
	solid := FlagOf(2)
	tag := PropOf[string](3)
	w := NewWorld(MustSchema(
		DataSpec(pos, "position", func(h uint64, p geom.Point) uint64 { return MixInt(MixInt(h, p.X), p.Y) }),
		DataSpec(hp, "hp", HashInt[int]),
		FlagSpec(solid, "solid"),
		PropSpec(tag, "tag"),
	))
	sp := w.SetSpatial(SpatialSpec{W: 4, H: 3, Pos: pos, Counts: []ID{solid.ID()}, Sets: []ID{hp.ID()}})
	a := w.NewAction()
	e := a.Spawn()
	pos.Set(a, e, geom.Pt(1, 1))
	hp.Set(a, e, 3)
	solid.Add(a, e)
	tag.Set(a, "spawn")
	v := w.After(a)
	assert.Equal(t, 3, hp.Value(v, e))
	assert.False(t, hp.Has(w, e))
	w.Commit(a)
	require.True(t, solid.Has(w, e))
	assert.Equal(t, 1, sp.Count(geom.Pt(1, 1), solid.ID()))
	assert.Equal(t, []Entity{e}, sp.Holders(geom.Pt(1, 1), hp.ID()))
	pos.Set(a, e, geom.Pt(2, 1))
	w.Commit(a)
	assert.Equal(t, 0, sp.Count(geom.Pt(1, 1), solid.ID()))
	assert.Equal(t, 1, sp.Count(geom.Pt(2, 1), solid.ID()))
	require.NoError(t, sp.Check(w))
	a.RemoveEntity(e)
	assert.False(t, pos.Has(w.After(a), e))
	w.Commit(a)
	assert.False(t, w.Alive(e))
	assert.Empty(t, sp.At(geom.Pt(2, 1)))
	require.NoError(t, sp.Check(w))
}

