package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// WouldDoNothing refuses a kit or a purchase that would change nothing: a
// repair of a part that is whole, armour no better than the van's. The kit
// is kept and the money too.
//
//go:noinline
func WouldDoNothing(env *Env) Rule {
	return Rule{Name: "would do nothing", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		switch {
		case isCommand(c, act.KindUseKit):
			kit, _ := env.Data.Shop.Consumable(vocab.Item.Value(c.World, c.Type.O))
			if act.Stat(c.World, c.Type.E, kit.Restores).Full() {
				return refuse(c, assets.PromptNoEffect)
			}
		case isCommand(c, act.KindBuy):
			o, _ := env.Data.Shop.Offer(vocab.Offer.Value(c.World, c.Type.O))
			if act.Needless(c.World, c.Type.E, o) {
				return refuse(c, assets.PromptNoEffect)
			}
		}
		return Accept
	}}
}
