package game

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// The content fixtures: a gun and an enemy that only these files define.
const (
	extraGunFile   = "../testdata/content/extra_gun.toml"
	extraEnemyFile = "../testdata/content/extra_enemy.toml"
	extraGun       = "nail_gun"
	extraEnemy     = "trike"
)

// extraData is the shipped data plus the content fixtures.
func extraData(tb testing.TB) *assets.Data {
	tb.Helper()
	data, err := assets.LoadExtra(extraGunFile, extraEnemyFile)
	require.NoError(tb, err)
	return data
}

// contentPlay is what one seeded run did with the extra content.
type contentPlay struct {
	appeared int // extra enemies placed on the two roads
	bought   bool
	fired    int // shots taken from the side holding the extra gun
	lines    int // death lines naming the extra enemy
	kills    int // kills tallied on the turns that told those deaths
}

// playContent plays one seed: the bot drives the first delivery; at the
// camp the extra gun is bought and mounted in front through the camp
// commands; the bot drives the second delivery with it.
func playContent(t *testing.T, data *assets.Data, seed uint64) contentPlay {
	t.Helper()
	g := New(data, seed)
	kind := fxKind(g, extraEnemy)
	var p contentPlay
	var bot Bot
	drive := func() {
		p.appeared += fxCount(g, kind)
		for turn := 0; g.Phase() == act.PhaseRoad && turn < 3000; turn++ {
			kills, logged := g.Run.Kills, len(g.Log().Entries)
			c := bot.Next(g)
			res, err := g.Do(c)
			require.NoError(t, err, "seed %d\n%s", seed, fxDump(g))
			bot.Observe(c, res)
			if c.Kind == CmdFire && res.Took && g.VanState().Guns.Gun(c.Dir) == extraGun {
				p.fired++
			}
			told := 0
			for _, e := range g.Log().Entries[min(logged, len(g.Log().Entries)):] {
				byName := (e.Msg.ID == assets.MsgEnemyKilled || e.Msg.ID == assets.MsgRunOver) && e.Msg.Who == extraEnemy
				if byName || e.Msg.ID == assets.MsgGunKills && e.Msg.Victim == extraEnemy {
					told += max(e.Count, 1)
				}
			}
			if told > 0 {
				p.lines += told
				p.kills += g.Run.Kills - kills
			}
		}
	}
	drive()
	require.Equal(t, act.PhaseCamp, g.Phase(), "seed %d: the first delivery should end at a camp\n%s", seed, fxDump(g))
	offer := slices.Index(g.Stock(), extraGun)
	require.GreaterOrEqual(t, offer, 0, "seed %d: the camp sells %v", seed, g.Stock())
	res, err := g.Do(Command{Kind: CmdBuy, Index: offer})
	require.NoError(t, err)
	require.True(t, res.Took, "seed %d: buying refused: %+v", seed, res.Refusal)
	item := slices.Index(g.Inventory(), extraGun)
	require.GreaterOrEqual(t, item, 0, "seed %d: the bought gun is carried", seed)
	res, err = g.Do(Command{Kind: CmdMount, Dir: geom.East, Index: item})
	require.NoError(t, err)
	require.True(t, res.Took, "seed %d: mounting refused: %+v", seed, res.Refusal)
	p.bought = g.VanState().Guns.Gun(geom.East) == extraGun
	res, err = g.Do(Command{Kind: CmdDepart})
	require.NoError(t, err)
	require.True(t, res.Took)
	drive()
	return p
}

// TestExtraContentPlays proves content is data: a gun and an enemy from
// fixture files, with no code of their own, appear on seeded roads, are
// sold, bought, mounted and fired, and die with their own name.
func TestExtraContentPlays(t *testing.T) {
	data := extraData(t)
	// Seeds whose two deliveries hold every step; the bot survives the first.
	for _, seed := range []uint64{7, 8, 10, 23} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			p := playContent(t, data, seed)
			assert.Positive(t, p.appeared, "seed %d: the extra enemy appears", seed)
			assert.True(t, p.bought, "seed %d: the extra gun is mounted", seed)
			assert.Positive(t, p.fired, "seed %d: the extra gun fires", seed)
			assert.Positive(t, p.lines, "seed %d: the extra enemy dies, told by its name", seed)
			assert.GreaterOrEqual(t, p.kills, p.lines, "seed %d: its deaths count as kills", seed)
		})
	}
}

// TestExtraContentComesFromTheFixtures checks that what the game knows of
// the extra gun and enemy is what the fixtures say, and that adding them
// leaves the shipped things as they were.
func TestExtraContentComesFromTheFixtures(t *testing.T) {
	data, shipped := extraData(t), loadData(t)
	enemy, ok := data.Enemies.Get(extraEnemy)
	require.True(t, ok)
	assert.Equal(t, assets.Glyph('T'), enemy.Glyph)
	assert.Equal(t, "danger", enemy.Colour)
	assert.Equal(t, byte('t'), enemy.MapChar())
	assert.Equal(t, []assets.Mount{{Gun: extraGun, Slot: assets.SlotFront}, {Gun: extraGun, Slot: assets.SlotRear}}, enemy.Weapons)
	assert.Equal(t, assets.SpawnEntry{Thing: extraEnemy, Base: 12, Den: 1}, data.LevelGen.Spawn.Road[len(data.LevelGen.Spawn.Road)-1])
	gun, ok := data.Guns.Get(extraGun)
	require.True(t, ok)
	assert.Equal(t, 15, gun.Price)
	_, ok = data.Shop.Offer(extraGun)
	assert.True(t, ok, "the extra gun is on sale")
	kind := vocab.KindNamed(&data.Enemies, extraEnemy)
	assert.Equal(t, vocab.EnemyKind(len(shipped.Enemies.List)), kind, "a new enemy is numbered after the shipped ones")
	for _, e := range shipped.Enemies.List {
		assert.Equal(t, vocab.KindNamed(&shipped.Enemies, e.ID), vocab.KindNamed(&data.Enemies, e.ID), e.ID)
	}
	ranks := gunRanks(&data.Guns)
	assert.Less(t, ranks["pistol"], ranks[extraGun], "the bot ranks the new gun by its data")
	assert.Less(t, ranks[extraGun], ranks["shotgun"])
}
