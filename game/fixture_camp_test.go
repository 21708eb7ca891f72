package game

import (
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// The camp fixtures put a test's state straight into the world, outside
// the rules, the way a save would restore it.

// setMoney gives the van n money.
func setMoney(g *Game, n int) {
	campChange(g, func(a *ecs.Action) { vocab.Money.Set(a, g.env.Van, n) })
}

// setStock replaces the shop's stock with offers ids, in order.
func setStock(g *Game, ids ...string) { replaceRanked(g, act.OnSale(g.world), vocab.Offer, ids) }

// setInventory replaces what the van carries with item ids, in order.
func setInventory(g *Game, ids ...string) { replaceRanked(g, act.Carried(g.world), vocab.Item, ids) }

func replaceRanked(g *Game, old []ecs.Entity, c ecs.Data[string], ids []string) {
	campChange(g, func(a *ecs.Action) {
		for _, e := range old {
			a.RemoveEntity(e)
		}
		for i, id := range ids {
			e := a.Spawn()
			c.Set(a, e, id)
			vocab.Rank.Set(a, e, i)
		}
	})
}

// setVanState changes the van's condition and guns with change.
func setVanState(g *Game, change func(v *VanState)) {
	v := g.VanState()
	change(&v)
	campChange(g, func(a *ecs.Action) {
		e := g.env.Van
		vocab.HP.Set(a, e, v.HP)
		vocab.Engine.Set(a, e, v.Engine)
		vocab.Tyres.Set(a, e, v.Tyres)
		vocab.Armour.Set(a, e, v.Armour)
		vocab.Guns.Set(a, e, v.Guns)
		if vocab.TopSpeed.Has(g.world, e) {
			vocab.TopSpeed.Set(a, e, g.data.Van.MaxSpeed(v.Engine.Cur))
		}
	})
}
