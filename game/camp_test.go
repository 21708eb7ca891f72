package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// campAt returns a run at its first camp with the given money, stock and
// inventory, and the van's carried state changed by van.
func campAt(tb testing.TB, money int, stock, inventory []string, van func(v *VanState)) *Game {
	tb.Helper()
	g := New(campData(tb), 4)
	campDeliver(tb, g)
	setMoney(g, money)
	setStock(g, stock...)
	setInventory(g, inventory...)
	if van != nil {
		setVanState(g, van)
	}
	return g
}

// campFull is an inventory with no room left, guns and consumables mixed.
func campFull(data *assets.Data) []string {
	inv := make([]string, data.Van.InventoryCapacity)
	for i := range inv {
		inv[i] = []string{"spare_tyre", "shotgun", "engine_kit"}[i%3]
	}
	return inv
}

// campRefused checks that a command is refused with the given text and
// changes nothing but the log, which says why.
func campRefused(tb testing.TB, g *Game, c Command, why assets.TextID) {
	tb.Helper()
	before, whole, run := playHash(g), g.Hash(), g.Run
	res := campDo(tb, g, c)
	assert.False(tb, res.Took, "%s was not refused", c)
	assert.Equal(tb, why, res.Refusal.ID, "%s", c)
	assert.Equal(tb, before, playHash(g), "%s was refused but changed the state", c)
	assert.NotEqual(tb, whole, g.Hash(), "%s was refused and the log, in the hash, says so", c)
	assert.Equal(tb, run, g.Run, "%s was refused but changed the run", c)
}

func campPrice(tb testing.TB, g *Game, offer string) int {
	tb.Helper()
	o, ok := g.data.Shop.Offer(offer)
	require.True(tb, ok, offer)
	return o.Price
}

func TestShopPurchases(t *testing.T) {
	data := campData(t)
	cases := []struct {
		name  string
		offer string
		inv   []string
		van   func(v *VanState)
		check func(t *testing.T, g *Game)
	}{
		{"gun goes into the inventory", "railgun", nil, nil, func(t *testing.T, g *Game) {
			assert.Equal(t, []string{"railgun"}, g.Inventory())
		}},
		{"consumable goes into the inventory", "spare_tyre", []string{"pistol"}, nil, func(t *testing.T, g *Game) {
			assert.Equal(t, []string{"pistol", "spare_tyre"}, g.Inventory())
		}},
		{"engine repair applies at once", "engine_tune_up", nil, func(v *VanState) { v.Engine.Cur = 3 },
			func(t *testing.T, g *Game) {
				assert.Equal(t, 4, g.VanState().Engine.Cur)
				assert.Empty(t, g.Inventory())
			}},
		{"tyre fitting applies at once", "tyre_fitting", nil, func(v *VanState) { v.Tyres.Cur = 0 },
			func(t *testing.T, g *Game) { assert.Equal(t, 1, g.VanState().Tyres.Cur) }},
		{"armour sets the level", "armour_3", nil, func(v *VanState) { v.Armour = 1 },
			func(t *testing.T, g *Game) { assert.Equal(t, 3, g.VanState().Armour) }},
		{"a repair needs no slot", "engine_tune_up", campFull(data), func(v *VanState) { v.Engine.Cur = 1 },
			func(t *testing.T, g *Game) {
				assert.Equal(t, 2, g.VanState().Engine.Cur)
				assert.Equal(t, campFull(data), g.Inventory())
			}},
		{"armour needs no slot", "armour_2", campFull(data), func(v *VanState) { v.Armour = 0 },
			func(t *testing.T, g *Game) { assert.Equal(t, 2, g.VanState().Armour) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := campAt(t, 500, []string{"pistol", c.offer, "armour_4"}, c.inv, c.van)
			price, purchases := campPrice(t, g, c.offer), g.Run.Purchases
			res := campDo(t, g, Command{Kind: CmdBuy, Index: 1})
			require.True(t, res.Took, "refused: %v", res.Refusal)
			assert.Equal(t, 500-price, g.Money())
			assert.Equal(t, []string{"pistol", "armour_4"}, g.Stock(), "each offer is bought once")
			assert.Equal(t, purchases+1, g.Run.Purchases)
			c.check(t, g)
			assert.NoError(t, g.CheckInvariants())
		})
	}
}

// TestOverhaulIsPricedByTheDamage buys the engine overhaul for engines worn
// by different amounts: it mends the whole engine and costs its call-out
// fee and its rate for each point it put back, which the shop shows.
func TestOverhaulIsPricedByTheDamage(t *testing.T) {
	data := campData(t)
	o, ok := data.Shop.Offer("engine_overhaul")
	require.True(t, ok)
	full := data.Van.Engine
	for _, engine := range []int{full - 1, 3, 0} {
		t.Run(fmt.Sprint(engine), func(t *testing.T) {
			g := campAt(t, 500, []string{"pistol", "engine_overhaul"}, nil, func(v *VanState) { v.Engine.Cur = engine })
			want := o.Price + o.PricePerPoint*(full-engine)
			assert.Equal(t, want, g.Price("engine_overhaul"), "the price the shop shows")
			res := campDo(t, g, Command{Kind: CmdBuy, Index: 1})
			require.True(t, res.Took, "refused: %v", res.Refusal)
			assert.Equal(t, 500-want, g.Money())
			assert.Equal(t, full, g.VanState().Engine.Cur)
			assert.NoError(t, g.CheckInvariants())
		})
	}
}

func TestShopRefusals(t *testing.T) {
	data := campData(t)
	cases := []struct {
		name  string
		money int
		offer string
		inv   []string
		van   func(v *VanState)
		why   assets.TextID
	}{
		{"cannot afford", 0, "railgun", nil, nil, assets.ShopCannotAfford},
		{"cannot afford by one", -1, "armour_4", nil, nil, assets.ShopCannotAfford},
		{"gun with a full inventory", 500, "shotgun", campFull(data), nil, assets.ShopInventoryFull},
		{"consumable with a full inventory", 500, "engine_kit", campFull(data), nil, assets.ShopInventoryFull},
		{"engine repair at full", 500, "engine_tune_up", nil, nil, assets.PromptNoEffect},
		{"tyres at full", 500, "tyre_fitting", nil, nil, assets.PromptNoEffect},
		{"armour level not higher", 500, "armour_2", nil, func(v *VanState) { v.Armour = 2 }, assets.PromptNoEffect},
		{"armour level lower", 500, "armour_1", nil, func(v *VanState) { v.Armour = 3 }, assets.PromptNoEffect},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			money := c.money
			if money < 0 {
				money = campPrice(t, New(data, 1), c.offer) - 1
			}
			g := campAt(t, money, []string{c.offer}, c.inv, c.van)
			campRefused(t, g, Command{Kind: CmdBuy, Index: 0}, c.why)
		})
	}
	g := campAt(t, 500, []string{"pistol"}, nil, nil)
	campRefused(t, g, Command{Kind: CmdBuy, Index: 1}, assets.PromptNoSuchItem)
	campRefused(t, g, Command{Kind: CmdBuy, Index: -1}, assets.PromptNoSuchItem)
}

func TestGarage(t *testing.T) {
	data := campData(t)
	t.Run("mount into an empty slot", func(t *testing.T) {
		g := campAt(t, 0, nil, []string{"spare_tyre", "railgun"}, func(v *VanState) { v.Guns = vocab.Slots{} })
		require.True(t, campDo(t, g, Command{Kind: CmdMount, Dir: geom.West, Index: 1}).Took)
		assert.Equal(t, "railgun", g.VanState().Guns.Gun(geom.West))
		assert.Equal(t, []string{"spare_tyre"}, g.Inventory())
	})
	t.Run("mount swaps the old gun back", func(t *testing.T) {
		g := campAt(t, 0, nil, campFull(data), func(v *VanState) { v.Guns[vocab.Slot(geom.North)] = "pistol" })
		require.True(t, campDo(t, g, Command{Kind: CmdMount, Dir: geom.North, Index: 1}).Took,
			"a swap works with a full inventory")
		assert.Equal(t, "shotgun", g.VanState().Guns.Gun(geom.North))
		assert.Len(t, g.Inventory(), data.Van.InventoryCapacity)
		assert.Equal(t, "pistol", g.Inventory()[len(g.Inventory())-1])
	})
	t.Run("unmount", func(t *testing.T) {
		g := campAt(t, 0, nil, nil, func(v *VanState) { v.Guns[vocab.Slot(geom.South)] = "machine_gun" })
		require.True(t, campDo(t, g, Command{Kind: CmdUnmount, Dir: geom.South}).Took)
		assert.Empty(t, g.VanState().Guns.Gun(geom.South))
		assert.Equal(t, []string{"machine_gun"}, g.Inventory())
	})
	t.Run("a kit at the camp", func(t *testing.T) {
		g := campAt(t, 0, nil, []string{"pistol", "spare_tyre"}, func(v *VanState) { v.Tyres.Cur = 1 })
		require.True(t, campDo(t, g, Command{Kind: CmdUse, Index: 1}).Took, "kits work at a camp too")
		assert.Equal(t, 2, g.VanState().Tyres.Cur)
		assert.Equal(t, []string{"pistol"}, g.Inventory())
	})
	t.Run("discard", func(t *testing.T) {
		g := campAt(t, 0, nil, []string{"pistol", "spare_tyre"}, nil)
		require.True(t, campDo(t, g, Command{Kind: CmdDiscard, Index: 0}).Took)
		assert.Equal(t, []string{"spare_tyre"}, g.Inventory())
	})
	refusals := []struct {
		name string
		inv  []string
		c    Command
		why  assets.TextID
	}{
		{"unmount with a full inventory", campFull(data), Command{Kind: CmdUnmount, Dir: geom.North}, assets.ShopInventoryFull},
		{"unmount an empty slot", nil, Command{Kind: CmdUnmount, Dir: geom.West}, assets.PromptEmptySlot},
		{"mount a consumable", []string{"engine_kit"}, Command{Kind: CmdMount, Dir: geom.West, Index: 0}, assets.PromptNotAGun},
		{"mount nothing", nil, Command{Kind: CmdMount, Dir: geom.West, Index: 0}, assets.PromptNoSuchItem},
		{"mount on no side", []string{"pistol"}, Command{Kind: CmdMount, Dir: geom.None, Index: 0}, assets.PromptNoSuchItem},
		{"discard nothing", nil, Command{Kind: CmdDiscard, Index: 3}, assets.PromptNoSuchItem},
		{"a road command", nil, Command{Kind: CmdAccelerate}, assets.PromptNotNow},
		{"a kit with nothing to mend", []string{"spare_tyre"}, Command{Kind: CmdUse, Index: 0}, assets.PromptNoEffect},
		{"a gun as a kit", []string{"pistol"}, Command{Kind: CmdUse, Index: 0}, assets.PromptMountAtGarage},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			g := campAt(t, 0, nil, c.inv, func(v *VanState) {
				v.Guns = vocab.Slots{}
				v.Guns[vocab.Slot(geom.North)] = "pistol"
			})
			campRefused(t, g, c.c, c.why)
		})
	}
}

// campStopped returns a run on the road with the van standing still,
// the given inventory, and its engine and tyres set.
func campStopped(tb testing.TB, inventory []string, engine, tyres int) *Game {
	tb.Helper()
	g := New(campData(tb), 6)
	setInventory(g, inventory...)
	campChange(g, func(a *ecs.Action) {
		vocab.Speed.Set(a, g.env.Van, 0)
		vocab.Engine.Set(a, g.env.Van, vocab.Stat{Cur: engine, Max: g.data.Van.Engine})
		vocab.TopSpeed.Set(a, g.env.Van, g.data.Van.MaxSpeed(engine))
		vocab.Tyres.Set(a, g.env.Van, vocab.Stat{Cur: tyres, Max: g.data.Van.Tyres})
	})
	return g
}

func TestConsumablesOnTheRoad(t *testing.T) {
	data := campData(t)
	uses := []struct {
		name   string
		item   string
		engine int
		tyres  int
	}{
		{"engine kit", "engine_kit", 2, data.Van.Tyres},
		{"spare tyre", "spare_tyre", data.Van.Engine, 1},
	}
	for _, c := range uses {
		t.Run(c.name, func(t *testing.T) {
			g := campStopped(t, []string{"pistol", c.item, "spare_tyre"}, c.engine, c.tyres)
			turns := g.Run.Turns
			require.True(t, campDo(t, g, Command{Kind: CmdUse, Index: 1}).Took)
			assert.Equal(t, turns+1, g.Run.Turns, "using an item takes the turn")
			assert.Equal(t, []string{"pistol", "spare_tyre"}, g.Inventory(), "the item used is gone")
			eng, ty := vocab.Engine.Value(g.world, g.env.Van), vocab.Tyres.Value(g.world, g.env.Van)
			if c.item == "engine_kit" {
				assert.Equal(t, c.engine+1, eng.Cur)
				assert.Equal(t, data.Van.MaxSpeed(eng.Cur), vocab.TopSpeed.Value(g.world, g.env.Van))
			} else {
				assert.Equal(t, c.tyres+1, ty.Cur)
			}
			assert.NoError(t, g.CheckInvariants())
		})
	}
	refusals := []struct {
		name  string
		inv   []string
		speed int
		index int
		why   assets.TextID
	}{
		{"while moving", []string{"engine_kit"}, 1, 0, assets.PromptMoving},
		{"at full", []string{"spare_tyre"}, 0, 0, assets.PromptNoEffect},
		{"a gun", []string{"railgun"}, 0, 0, assets.PromptMountAtGarage},
		{"a gun while moving", []string{"railgun"}, 1, 0, assets.PromptMountAtGarage},
		{"nothing there", []string{"engine_kit"}, 0, 4, assets.PromptNoSuchItem},
		{"a camp command", []string{"engine_kit"}, 0, 0, assets.PromptNotNow},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			g := campStopped(t, c.inv, 2, data.Van.Tyres)
			campChange(g, func(a *ecs.Action) { vocab.Speed.Set(a, g.env.Van, c.speed) })
			cmd := Command{Kind: CmdUse, Index: c.index}
			if c.why == assets.PromptNotNow {
				cmd = Command{Kind: CmdBuy}
			}
			log := len(g.Log().Entries)
			campRefused(t, g, cmd, c.why)
			assert.Equal(t, c.inv, g.Inventory(), "a refused item is never lost")
			require.Len(t, g.Log().Entries, log+1, "the refusal is explained in the log")
			assert.Equal(t, c.why, g.Log().Entries[log].Msg.ID)
		})
	}
}

// playHash is Game.Hash without the message log: what a refusal must leave
// as it was, since it tells the log why.
func playHash(g *Game) uint64 {
	log := g.log
	g.log = Log{Limit: log.Limit}
	defer func() { g.log = log }()
	return g.Hash()
}
