package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
)

// RetireNeedsVictory refuses retiring before the last settlement is
// reached: a run that has not been won ends only by giving it up.
//
//go:noinline
func RetireNeedsVictory(env *Env) Rule {
	return Rule{Name: "retire needs victory", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		if isCommand(c, act.KindRetire) && (env.Won == nil || !env.Won()) {
			return refuse(c, assets.PromptNotWon)
		}
		return Accept
	}}
}
