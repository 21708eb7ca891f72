package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// NotAGun refuses mounting a carried item that is not a gun.
//
//go:noinline
func NotAGun(env *Env) Rule {
	return Rule{Name: "not a gun", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		if !isCommand(c, act.KindMount) {
			return Accept
		}
		if _, ok := env.Data.Guns.Get(vocab.Item.Value(c.World, c.Type.O)); !ok {
			return refuse(c, assets.PromptNotAGun)
		}
		return Accept
	}}
}
