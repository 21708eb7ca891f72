package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Restock lays out a fresh stock in the camp's shop, drawn by weight from
// the shop's offers.
func Restock() Act { return Act{Kind: KindRestock} }

func buildRestock(env *Env, a *ecs.Action) {
	for i, o := range env.Data.Shop.Stock(env.Rand) {
		e := a.Spawn()
		vocab.Offer.Set(a, e, o.ID)
		vocab.Rank.Set(a, e, i)
	}
}
