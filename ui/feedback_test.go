package ui

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// spawnOnRoad puts a thing of the data (an enemy, a wreck, a barrel) at p
// in the middle of a delivery, made as the level's own spawns are, and
// returns it.
func spawnOnRoad(t *testing.T, g *game.Game, thing string, p geom.Point) ecs.Entity {
	t.Helper()
	w := g.World()
	env := &act.Env{World: w, Rand: rand.New(rand.NewPCG(1, 2)), Data: g.Data(), Van: g.Van(), Clock: func() int { return 0 }}
	a := w.NewAction()
	act.Build(env, act.Spawn(thing, p), a)
	w.Commit(a)
	e := w.LastEntity()
	require.Equal(t, p, vocab.Position.Value(w, e))
	return e
}

// TestAHitOnAnEnemyIsTold: firing the pistol at a car in reach tells what
// was hit and how much health it has left.
func TestAHitOnAnEnemyIsTold(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	van, _ := vanAt(g)
	spawnOnRoad(t, g, "car", van.Add(geom.Pt(3, 0)))
	h.app.redraw(false)
	h.typeKeys("fl")
	h.contains("The pistol hits the car (4 of 5 left).")
	h.checkGolden("hit_told")
}

// TestABlockedMoveIsTold: the van driving into a wreck says what stops it.
func TestABlockedMoveIsTold(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	van, _ := vanAt(g)
	spawnOnRoad(t, g, "wreck", van.Add(geom.Pt(1, 0)))
	h.typeKeys("..")
	after, _ := vanAt(g)
	assert.Equal(t, van, after, "the wreck holds the van")
	h.contains("A wreck blocks your way. (x2)")
	h.checkGolden("blocked_told")
}
