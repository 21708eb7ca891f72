package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// CannotAfford refuses a purchase dearer than the money the van carries. A
// repair priced per point costs what it would put back on this van.
//
//go:noinline
func CannotAfford(env *Env) Rule {
	return Rule{Name: "cannot afford", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		if !isCommand(c, act.KindBuy) {
			return Accept
		}
		o, _ := env.Data.Shop.Offer(vocab.Offer.Value(c.World, c.Type.O))
		if act.PriceOf(c.World, c.Type.E, o) > vocab.Money.Value(c.World, c.Type.E) {
			return refuse(c, assets.ShopCannotAfford)
		}
		return Accept
	}}
}
