package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// idleZombieRoad is a road with a zombie far beyond its sight of the van.
var idleZombieRoad = fxMap(
	"..............................",
	"@............................z",
	"..............................",
)

// idleZombie starts idleZombieRoad with its zombie given back its turn.
func idleZombie(t *testing.T) (*Game, ecs.Entity) {
	t.Helper()
	g := fxGame(t, 1, idleZombieRoad)
	z := fxAt(t, g, fxKind(g, "zombie"), geom.Pt(29, 1))
	ledger{g}.Enlist(z)
	return g, z
}

// TestIdleWaitSkipsTheBookUntraced: an enemy with nothing to do but wait
// (a zombie standing on its target) waits through the rule book only while
// a trace is kept, where it is listed as committed; untraced it skips the
// book, and the two games end in the same state.
func TestIdleWaitSkipsTheBookUntraced(t *testing.T) {
	play := func(traced bool) (*Game, string) {
		g, z := idleZombie(t)
		fxChange(g, func(a *ecs.Action) { vocab.Target.Set(a, z, geom.Pt(29, 1)) })
		g.SetTracing(traced)
		fxDo(t, g, Command{Kind: CmdWait})
		var b strings.Builder
		if traced {
			_, err := g.LastTrace().WriteTo(&b)
			require.NoError(t, err)
		}
		return g, b.String()
	}
	untraced, _ := play(false)
	traced, trace := play(true)
	assert.Equal(t, 2, strings.Count(trace, "Wait(#"), "the traced turn lists the van's wait and the enemy's\n%s", trace)
	assert.Equal(t, traced.Hash(), untraced.Hash(), "skipping the book changes nothing")
}

// TestSleeperWakesWhenTheVanComesNear: a zombie with no target out of the
// van's sight leaves the schedule at its first turn and sleeps in its
// column's bucket; it stays asleep while the van is farther than its
// vision, wakes at the van's turn once the van is nearer, and then notices
// the van. The invariants hold throughout.
func TestSleeperWakesWhenTheVanComesNear(t *testing.T) {
	g, z := idleZombie(t)
	vision := g.env.Enemy(vocab.KindOf.Value(g.world, z)).Vision
	fxDo(t, g, Command{Kind: CmdWait})
	require.Equal(t, 1, g.sleepsInColumn(z), "asleep after its first turn")
	assert.NotContains(t, g.tickets, z, "a sleeper holds no place in the schedule")
	require.NoError(t, g.CheckInvariants())

	moveVan := func(x int) {
		fxChange(g, func(a *ecs.Action) { vocab.Position.Set(a, g.env.Van, geom.Pt(x, 1)) })
	}
	moveVan(29 - vision)
	fxDo(t, g, Command{Kind: CmdWait})
	assert.Equal(t, 1, g.sleepsInColumn(z), "the van at its vision's edge does not wake it")
	require.NoError(t, g.CheckInvariants())

	moveVan(29 - vision + 1)
	fxDo(t, g, Command{Kind: CmdWait})
	assert.Zero(t, g.sleepsInColumn(z), "the van within its vision wakes it")
	assert.Contains(t, g.tickets, z, "awake, it has its place in the schedule")
	require.NoError(t, g.CheckInvariants())

	fxDo(t, g, Command{Kind: CmdWait})
	target, has := vocab.Target.Get(g.world, z)
	assert.True(t, has && target == fxVanAt(g), "awake, it notices the van")
	require.NoError(t, g.CheckInvariants())
}

// TestSleepersSurviveASave: sleepers are not saved but derived on loading
// (living enemies without a place in the schedule), so a loaded road has
// the same sleepers and plays on exactly as the saved one, waking them alike.
func TestSleepersSurviveASave(t *testing.T) {
	g := New(fxData(t), 4242)
	fxDo(t, g, Command{Kind: CmdWait})
	asleep := g.asleep()
	require.NotEmpty(t, asleep, "the road's far enemies sleep after their first turn")
	loaded := saveRoundTrip(t, g)
	assert.Equal(t, asleep, loaded.asleep())
	var bot, twin Bot
	woke := false
	for g.Phase() == act.PhaseRoad {
		before := len(g.asleep())
		fxDo(t, g, bot.Next(g))
		fxDo(t, loaded, twin.Next(loaded))
		require.Equal(t, g.Hash(), loaded.Hash(), "turn %d", g.Run.Turns)
		require.Equal(t, g.asleep(), loaded.asleep(), "turn %d", g.Run.Turns)
		require.NoError(t, loaded.CheckInvariants())
		woke = woke || g.Phase() == act.PhaseRoad && len(g.asleep()) < before
	}
	assert.True(t, woke, "the van drove near enough to wake some")
}

// asleep lists the living sleepers, in ascending order.
func (g *Game) asleep() []ecs.Entity {
	var out []ecs.Entity
	for _, e := range vocab.Enemy.Entities(g.world) {
		if g.sleepsInColumn(e) > 0 {
			out = append(out, e)
		}
	}
	slices.Sort(out)
	return out
}
