package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// NotAKit refuses using a carried gun as if it were a kit: guns are
// mounted at a camp's garage.
//
//go:noinline
func NotAKit(env *Env) Rule {
	return Rule{Name: "not a kit", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		if !isCommand(c, act.KindUseKit) {
			return Accept
		}
		if _, ok := env.Data.Shop.Consumable(vocab.Item.Value(c.World, c.Type.O)); !ok {
			return refuse(c, assets.PromptMountAtGarage)
		}
		return Accept
	}}
}
