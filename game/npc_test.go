package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ai"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestWalkGridAgreesWithMapView plays runs of fixed seeds, one of them
// saved and loaded halfway, and after every step on the road compares the
// grid the zombies' search reads from the spatial index with the plain
// per-cell view it replaced: mapView's Solid and enemyAt, over every cell of
// the road and a ring off it.
func TestWalkGridAgreesWithMapView(t *testing.T) {
	skipUnderRace(t)
	data := campData(t)
	for _, seed := range campSeeds {
		g := New(data, seed)
		for step := range 300 {
			if g.Phase() == act.PhaseOver {
				break
			}
			if step == 150 {
				g = saveRoundTrip(t, g)
			}
			campPolicy(t, g)
			if g.Phase() == act.PhaseRoad {
				checkWalkGrid(t, g, fmt.Sprintf("seed %d step %d", seed, step))
			}
		}
	}
}

// checkWalkGrid compares g's walk grid with mapView and enemyAt cell by
// cell; off the road the grid's counts answer false and mapView solid.
func checkWalkGrid(t *testing.T, g *Game, where string) {
	t.Helper()
	grid := g.walkGrid()
	for y := -1; y <= g.level.H; y++ {
		for x := -1; x <= g.level.W; x++ {
			p := geom.Pt(x, y)
			on := p.In(g.level.W, g.level.H)
			if grid.Solid.Any(p) != (on && g.view.Solid(p)) || grid.Occupied.Any(p) != g.enemyAt(p) {
				require.Failf(t, "the walk grid disagrees with the map view",
					"%s cell %v: grid solid %v enemy %v, view solid %v enemy %v\n%s", where, p,
					grid.Solid.Any(p), grid.Occupied.Any(p), g.view.Solid(p), g.enemyAt(p), fxDump(g))
			}
		}
	}
}

// An enemy's order that orderAct turns into a wait is skipped before its
// action is built; ordersWait must say so for exactly those orders, for
// every enemy (armed or not) and every order the AI can give.
func TestOrdersWaitAgreesWithOrderAct(t *testing.T) {
	data := campData(t)
	fires := 0
	for _, seed := range campSeeds {
		g := New(data, seed)
		for step := range 120 {
			if g.Phase() == act.PhaseOver {
				break
			}
			campPolicy(t, g)
			if g.Phase() != act.PhaseRoad || step%10 != 0 {
				continue
			}
			for _, e := range vocab.Enemy.Entities(g.world) {
				for kind := ai.Wait; kind <= ai.Use; kind++ {
					for _, d := range []geom.Dir{geom.None, geom.North, geom.East, geom.South, geom.West} {
						o := ai.Order{Kind: kind, Dir: d}
						plain := g.orderAct(e, o).Kind == act.KindWait
						require.Equal(t, plain, g.ordersWait(e, o), "seed %d step %d enemy %d order %v", seed, step, e, o)
						if kind == ai.Fire && !plain {
							fires++
						}
					}
				}
			}
		}
	}
	require.Positive(t, fires, "some enemies could fire")
}

// TestLivesAgreesWithAlive plays runs of fixed seeds and after every step
// asks lives and World.Alive of every entity ever handed out and one past
// the last: the enemies that live, those killed, the van and every other
// thing (which lives asks of Alive) must answer alike.
func TestLivesAgreesWithAlive(t *testing.T) {
	skipUnderRace(t)
	data := campData(t)
	for _, seed := range campSeeds[:2] {
		g := New(data, seed)
		for step := range 200 {
			if g.Phase() == act.PhaseOver {
				break
			}
			campPolicy(t, g)
			for e := range g.world.LastEntity() + 2 {
				require.Equal(t, g.world.Alive(e), g.lives(e), "seed %d step %d entity #%d", seed, step, e)
			}
		}
	}
}
