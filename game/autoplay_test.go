package game

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ai"
	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

func TestAutoplayTotalsLine(t *testing.T) {
	var tot AutoplayTotals
	tot.Add(RunStats{Turns: 10, Deliveries: 1, Kills: 2, Explosions: 3, Purchases: 4, Hash: 5})
	tot.Add(RunStats{Turns: 20, Deliveries: 2, Kills: 4, Explosions: 6, Purchases: 8, Hash: 6, Cause: AutoplayWon})
	tot.Add(RunStats{Cause: act.CauseStranded, Hash: 7})
	again := tot
	again.Add(RunStats{})
	assert.NotEqual(t, tot.Hash, again.Hash, "every run's hash counts")
	assert.Regexp(t, `^runs=3 turns=30 deliveries=3 kills=6 explosions=9 purchases=12 wins=1 stranded=1 turns/s=123 hash=[0-9a-f]{16}$`, tot.Line(123))
}

// roadGame returns a fresh game of seed on its first road.
func roadGame(t *testing.T, seed uint64) *Game {
	t.Helper()
	g := New(loadData(t), seed)
	require.Equal(t, act.PhaseRoad, g.Phase())
	return g
}

// setVan changes the van in the world, as damage would.
func setVan(g *Game, speed int, tyres vocab.Stat) {
	a := g.world.NewAction()
	vocab.Speed.Set(a, g.env.Van, speed)
	vocab.Tyres.Set(a, g.env.Van, tyres)
	g.world.Commit(a)
}

// TestBotUsesItemsByInventoryIndex stops the van on worn tyres with a spare
// further down the inventory: the bot must use that slot, and the game must
// take it.
func TestBotUsesItemsByInventoryIndex(t *testing.T) {
	g := roadGame(t, 3)
	setVan(g, 0, vocab.Stat{Cur: 1, Max: 4})
	setInventory(g, "pistol", "engine_kit", "spare_tyre")
	var bot Bot
	c := bot.Next(g)
	assert.Equal(t, Command{Kind: CmdUse, Index: 2}, c)
	res, err := g.Do(c)
	require.NoError(t, err)
	assert.True(t, res.Took)
	assert.Equal(t, []string{"pistol", "engine_kit"}, g.Inventory())
}

// TestBotDoesNotRepeatARefusal makes the game refuse the bot's choice and
// checks it falls back instead of asking again.
func TestBotDoesNotRepeatARefusal(t *testing.T) {
	tests := []struct {
		name     string
		phase    act.Phase
		fallback Command
	}{
		{"road", act.PhaseRoad, Command{Kind: CmdWait}},
		{"camp", act.PhaseCamp, Command{Kind: CmdDepart}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := roadGame(t, 3)
			g.Run.Phase = tt.phase
			setStock(g, "railgun")
			setMoney(g, 500)
			var bot Bot
			c := bot.Next(g)
			require.NotEqual(t, tt.fallback, c, "the bot must want something else first")
			bot.Observe(c, Result{})
			assert.Equal(t, tt.fallback, bot.Next(g))
			bot.Observe(c, Result{Took: true})
			assert.Equal(t, c, bot.Next(g), "a command the game took may be given again")
		})
	}
}

// TestBotAtCamp gives the bot money and a stock at a camp and checks the
// whole visit: repair first, then the best gun, fit it, move the old gun to
// an empty side, leave.
func TestBotAtCamp(t *testing.T) {
	g := roadGame(t, 1)
	var bot Bot
	for g.Phase() == act.PhaseRoad {
		c := bot.Next(g)
		res, err := g.Do(c)
		require.NoError(t, err)
		bot.Observe(c, res)
	}
	require.Equal(t, act.PhaseCamp, g.Phase(), "seed 1 should reach the first camp")
	setMoney(g, 200)
	setStock(g, "railgun", "engine_tune_up")
	setVanState(g, func(v *VanState) {
		v.Engine.Cur = v.Engine.Max - 1
		v.Guns = vocab.Slots{}
		v.Guns[vocab.Slot(geom.East)] = "pistol"
	})
	setInventory(g)
	var got []Command
	for g.Phase() == act.PhaseCamp && len(got) < 10 {
		c := bot.Next(g)
		res, err := g.Do(c)
		require.NoError(t, err)
		require.True(t, res.Took, "%s refused", c)
		bot.Observe(c, res)
		got = append(got, c)
	}
	assert.Equal(t, []Command{
		{Kind: CmdBuy, Index: 1},
		{Kind: CmdBuy, Index: 0},
		{Kind: CmdMount, Dir: geom.East, Index: 0},
		{Kind: CmdMount, Dir: geom.West, Index: 0},
		{Kind: CmdDepart},
	}, got)
	assert.Equal(t, "railgun", g.VanState().Guns[vocab.Slot(geom.East)])
	assert.Equal(t, "pistol", g.VanState().Guns[vocab.Slot(geom.West)])
}

// TestBotSeesOnlyWithinVision checks the situation lists only enemies,
// letters and barrels inside the driver's sight, every enemy there that the
// driver reads, and the van's guns.
func TestBotSeesOnlyWithinVision(t *testing.T) {
	g := roadGame(t, 6)
	var bot Bot
	s := bot.situation(g)
	vision := g.data.Van.Vision
	assert.Equal(t, vocab.Position.Value(g.world, g.env.Van), s.Van)
	for _, e := range s.Enemies {
		assert.Less(t, e.At.Dist2(s.Van), vision*vision)
	}
	seen, read := 0, 0
	for _, e := range vocab.Enemy.Entities(g.world) {
		if p := vocab.Position.Value(g.world, e); p.Dist2(s.Van) < vision*vision {
			seen++
			if geom.Abs(p.Y-s.Van.Y) <= 1 || p.X == s.Van.X || s.RepairItem() != ai.NoItem {
				read++
			}
		}
	}
	// The bot lists the enemies in sight that the driver reads.
	assert.Len(t, s.Enemies, read)
	assert.Less(t, seen, len(vocab.Enemy.Entities(g.world)), "seed 6 has enemies out of sight")
	assert.True(t, s.Guns[geom.East-1].Mounted, "the van starts with a front gun")
	assert.False(t, slices.ContainsFunc(s.Guns[:], func(gi ai.GunInfo) bool { return gi.Mounted && gi.Range <= 0 }))
}

// skipUnderRace skips a test that plays in one goroutine under the race
// detector, which slows play about tenfold and can only report what two
// goroutines do at once; the plain run checks all of it.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("one goroutine, and ten times slower under the race detector; the plain run checks it")
	}
}

func loadData(t testing.TB) *assets.Data {
	t.Helper()
	data, err := assets.Load()
	require.NoError(t, err)
	return data
}

// TestGunRanksKeepTheShippedOrder checks that rating guns by their data
// ranks every gun of the data, a dearer gun above a cheaper one, so the
// shipped guns keep the order the bot always bought them in, and a gun
// added by TOML finds its place by its price alone.
func TestGunRanksKeepTheShippedOrder(t *testing.T) {
	for _, tt := range []struct {
		name string
		data *assets.Data
	}{{"shipped", loadData(t)}, {"with an extra gun", extraData(t)}} {
		t.Run(tt.name, func(t *testing.T) {
			guns := tt.data.Guns.List
			ranks := gunRanks(&tt.data.Guns)
			require.Len(t, ranks, len(guns))
			for _, a := range guns {
				for _, b := range guns {
					if a.Price < b.Price {
						assert.Less(t, ranks[a.ID], ranks[b.ID], "%s costs less than %s", a.ID, b.ID)
					}
				}
			}
		})
	}
}
