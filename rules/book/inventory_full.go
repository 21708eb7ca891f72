package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// InventoryFull refuses putting one more thing into a full inventory: a gun
// or consumable bought, a gun taken off its side. Repairs and armour need
// no room.
//
//go:noinline
func InventoryFull(env *Env) Rule {
	return Rule{Name: "inventory full", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		switch {
		case isCommand(c, act.KindBuy):
			o, _ := env.Data.Shop.Offer(vocab.Offer.Value(c.World, c.Type.O))
			if o.Kind != assets.OfferGun && o.Kind != assets.OfferConsumable {
				return Accept
			}
		case !isCommand(c, act.KindUnmount):
			return Accept
		}
		if c.World.Count(vocab.Item.ID()) >= env.Data.Van.InventoryCapacity {
			return refuse(c, assets.ShopInventoryFull)
		}
		return Accept
	}}
}
