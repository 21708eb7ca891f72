package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/levelgen"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// The campaign tests drive deliveries quickly: campWarp puts the van just
// west of the goal by hand, so a delivery takes a turn or two, and
// campPolicy plays whole runs as a pure function of the state.

// campSeeds are the runs the campaign and save tests play.
var campSeeds = []uint64{1, 7, 42, 1999}

// campData loads the game's data or stops the test.
func campData(tb testing.TB) *assets.Data {
	tb.Helper()
	data, err := assets.Load()
	require.NoError(tb, err)
	return data
}

// campChange commits a change made by hand, outside the rules.
func campChange(g *Game, fn func(a *ecs.Action)) {
	a := g.world.NewAction()
	fn(a)
	g.world.Commit(a)
}

// campDo plays a command that must not break the rules.
func campDo(tb testing.TB, g *Game, c Command) Result {
	tb.Helper()
	res, err := g.Do(c)
	require.NoError(tb, err, "seed %d: %s", g.Run.Seed, c)
	return res
}

// campClear reports whether nothing blocks or hurts the van at p.
func campClear(g *Game, p geom.Point) bool {
	sp := g.world.Spatial()
	return p.In(g.level.W, g.level.H) && !g.Acid(p) && !sp.Any(p, vocab.Solid.ID()) &&
		!sp.Any(p, vocab.Enemy.ID()) && !sp.Any(p, vocab.Player.ID())
}

// campWarp moves the van, at speed 1, to a clear cell just west of a clear
// goal cell. It reports false if the van cannot move or no row is clear.
func campWarp(g *Game) bool {
	if vocab.TopSpeed.Value(g.world, g.env.Van) < 1 {
		return false
	}
	goal := g.level.GoalX()
	for y := range g.level.H {
		from, to := geom.Pt(goal-1, y), geom.Pt(goal, y)
		if campClear(g, from) && campClear(g, to) {
			campChange(g, func(a *ecs.Action) {
				vocab.Position.Set(a, g.env.Van, from)
				vocab.Speed.Set(a, g.env.Van, 1)
			})
			return true
		}
	}
	return false
}

// campDeliver finishes the current delivery at once and stops at the camp.
func campDeliver(tb testing.TB, g *Game) {
	tb.Helper()
	require.Equal(tb, act.PhaseRoad, g.Phase())
	require.True(tb, campWarp(g), "seed %d: no clear way to the goal", g.Run.Seed)
	for range 5 {
		if g.Phase() != act.PhaseRoad {
			break
		}
		campDo(tb, g, Command{Kind: CmdWait})
	}
	require.Equal(tb, act.PhaseCamp, g.Phase(), "seed %d: the van did not arrive", g.Run.Seed)
}

// campWarpEvery is how many road turns campPolicy drives before it warps.
const campWarpEvery = 10

// campPolicy plays one step of a fixed policy and returns what it played.
// At a camp it buys the first offer the shop lets it, mounts a spare gun in
// an empty slot, or departs; on the road it warps to the goal now and then,
// fires at enemies in line, mends the van when stopped, steers round what
// blocks its lane and keeps a modest speed. A refused command changes no
// part of the state the hash covers, so the policy is a function of the
// state alone and a continued run repeats an uninterrupted one.
func campPolicy(tb testing.TB, g *Game) Command {
	tb.Helper()
	for _, c := range campChoices(g) {
		if res := campDo(tb, g, c); res.Took {
			return c
		}
	}
	tb.Fatalf("seed %d: every choice refused in phase %s", g.Run.Seed, g.Phase())
	return Command{}
}

// campChoices lists the commands the policy would play, best first.
func campChoices(g *Game) []Command {
	if g.Phase() == act.PhaseCamp {
		return campShopping(g)
	}
	if g.Run.Turns%campWarpEvery == campWarpEvery-1 {
		campWarp(g)
	}
	w, v := g.world, g.env.Van
	var out []Command
	for _, d := range geom.Dirs {
		if gun := vocab.Guns.Value(w, v).Gun(d); gun != "" && campEnemyInLine(g, d, g.env.Gun(gun).Range+1) {
			out = append(out, Command{Kind: CmdFire, Dir: d})
		}
	}
	speed := vocab.Speed.Value(w, v)
	if speed == 0 {
		for i := range g.Inventory() {
			out = append(out, Command{Kind: CmdUse, Index: i})
		}
	}
	at := vocab.Position.Value(w, v)
	if !campLaneClear(g, at, speed+1) {
		for _, c := range []Command{{Kind: CmdSteerUp}, {Kind: CmdSteerDown}} {
			dy := 1
			if c.Kind == CmdSteerUp {
				dy = -1
			}
			if speed > 0 && campLaneClear(g, at.Add(geom.Pt(0, dy)), speed+1) {
				out = append(out, c)
			}
		}
		out = append(out, Command{Kind: CmdDecelerate})
	}
	if speed < 2 {
		out = append(out, Command{Kind: CmdAccelerate})
	}
	return append(out, Command{Kind: CmdWait})
}

// campShopping lists every purchase, then the mounts into empty slots,
// then departure.
func campShopping(g *Game) []Command {
	var out []Command
	for i := range g.Stock() {
		out = append(out, Command{Kind: CmdBuy, Index: i})
	}
	for i, id := range g.Inventory() {
		for _, d := range geom.Dirs {
			if g.knownGun(id) && g.VanState().Guns.Gun(d) == "" {
				out = append(out, Command{Kind: CmdMount, Dir: d, Index: i})
			}
		}
	}
	return append(out, Command{Kind: CmdDepart})
}

// campEnemyInLine reports an enemy within n cells of the van toward d.
func campEnemyInLine(g *Game, d geom.Dir, n int) bool {
	at := vocab.Position.Value(g.world, g.env.Van)
	for i := 1; i <= n; i++ {
		if g.world.Spatial().Any(at.Add(d.Vec().Mul(i)), vocab.Enemy.ID()) {
			return true
		}
	}
	return false
}

// campLaneClear reports whether the n cells east of p are on the map and
// free of solids and acid.
func campLaneClear(g *Game, p geom.Point, n int) bool {
	if !p.In(g.level.W, g.level.H) {
		return false
	}
	for i := 1; i <= n; i++ {
		q := p.Add(geom.Pt(i, 0))
		if q.X >= g.level.W {
			return true
		}
		if g.Acid(q) || g.world.Spatial().Any(q, vocab.Solid.ID()) {
			return false
		}
	}
	return true
}

func TestPayAndProgression(t *testing.T) {
	data := campData(t)
	require.Equal(t, 20, data.Campaign.PayBase, "the issue sets the base pay")
	require.Equal(t, 40, data.Campaign.PayPerLetter, "the issue sets the pay per letter")
	for _, letters := range []int{0, 1, 3} {
		t.Run(fmt.Sprintf("%d letters", letters), func(t *testing.T) {
			g := New(data, 5)
			campChange(g, func(a *ecs.Action) {
				vocab.Letters.Set(a, g.env.Van, letters)
				vocab.HP.Set(a, g.env.Van, vocab.Stat{Cur: 3, Max: data.Van.HP})
				vocab.Engine.Set(a, g.env.Van, vocab.Stat{Cur: 5, Max: data.Van.Engine})
				vocab.TopSpeed.Set(a, g.env.Van, data.Van.MaxSpeed(5))
				vocab.Tyres.Set(a, g.env.Van, vocab.Stat{Cur: 2, Max: data.Van.Tyres})
				vocab.Armour.Set(a, g.env.Van, 0)
			})
			before, money := g.Run, g.Money()
			campDeliver(t, g)
			pay := 20 + 40*letters
			assert.Equal(t, money+pay, g.Money())
			assert.Equal(t, before.Earned+pay, g.Run.Earned)
			assert.Equal(t, pay, g.Run.LastPay)
			assert.Equal(t, before.Letters+letters, g.Run.Letters)
			assert.Equal(t, 1, g.Run.Delivery)
			assert.Equal(t, data.Van.HP, g.VanState().HP.Cur, "the camp heals the driver")
			assert.Equal(t, 5, g.VanState().Engine.Cur, "the engine is not restored")
			assert.Equal(t, 2, g.VanState().Tyres.Cur, "the tyres are not restored")
			assert.Equal(t, 0, g.VanState().Armour, "the armour is not restored")
			assert.GreaterOrEqual(t, len(g.Stock()), data.Shop.StockMin)
			assert.LessOrEqual(t, len(g.Stock()), data.Shop.StockMax)
		})
	}
}

func TestDifficultyFollowsDeliveries(t *testing.T) {
	data := campData(t)
	for _, seed := range campSeeds {
		g := New(data, seed)
		for want := range 4 {
			require.Equal(t, want, g.Run.Delivery, "seed %d", seed)
			assert.Equal(t, want, g.levelDifficulty, "seed %d: road %d", seed, want)
			assert.Equal(t, levelgen.Generate(g.levelSeed, want, data.LevelGen).Hash(), g.level.Hash(),
				"seed %d: road %d is not the generator's road at difficulty %d", seed, want, want)
			campDeliver(t, g)
			campDo(t, g, Command{Kind: CmdDepart})
			require.Equal(t, act.PhaseRoad, g.Phase())
		}
	}
}

func TestSpeedDoesNotCarryOver(t *testing.T) {
	data := campData(t)
	g := New(data, 3)
	campDeliver(t, g)
	campChange(g, func(a *ecs.Action) { vocab.Speed.Set(a, g.env.Van, 3) })
	campDo(t, g, Command{Kind: CmdDepart})
	top := data.Van.MaxSpeed(g.VanState().Engine.Cur)
	assert.Equal(t, min(data.Van.StartSpeed, top), vocab.Speed.Value(g.world, g.env.Van))
	assert.Equal(t, top, vocab.TopSpeed.Value(g.world, g.env.Van))
}

func TestVictoryAfterTenDeliveries(t *testing.T) {
	data := campData(t)
	require.Equal(t, 10, data.Campaign.DeliveriesToWin, "the issue sets ten deliveries")
	g := New(data, 11)
	for d := 1; d <= 12; d++ {
		campDeliver(t, g)
		assert.Equal(t, d >= 10, g.Run.Won, "after delivery %d", d)
		assert.Equal(t, d, g.Run.Delivery)
		campDo(t, g, Command{Kind: CmdDepart})
		require.Equal(t, act.PhaseRoad, g.Phase(), "play goes on after the victory")
	}
	fxDestroy(t, g)
	assert.Equal(t, act.CauseDestroyed, g.Run.Cause, "a won run destroyed later ends by its destruction")
	assert.True(t, g.Run.Won, "a won run that ends stays won")
}

// TestPolicyRunsKeepInvariants plays whole runs with the policy and checks
// the state between all turns, so the save tests play meaningful runs.
func TestPolicyRunsKeepInvariants(t *testing.T) {
	skipUnderRace(t)
	data := campData(t)
	for _, seed := range campSeeds {
		g := New(data, seed)
		camps := 0
		for step := 0; step < 250 && g.Phase() != act.PhaseOver; step++ {
			before := g.Phase()
			campPolicy(t, g)
			if before == act.PhaseRoad && g.Phase() == act.PhaseCamp {
				camps++
			}
			require.NoError(t, g.CheckInvariants(), "seed %d step %d", seed, step)
		}
		t.Logf("seed %d: %d camps, phase %s, %d turns", seed, camps, g.Phase(), g.Run.Turns)
		assert.Positive(t, camps, "seed %d: the policy never reached a camp", seed)
	}
}
