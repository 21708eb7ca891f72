package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// CommandPlace refuses a command given where it makes no sense: driving or
// firing at a camp, shopping or fitting guns on the road.
//
//go:noinline
func CommandPlace() Rule {
	return Rule{Name: "command place", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		if _, ok := vocab.Command.Get(c.Action); !ok {
			return Accept
		}
		atCamp := vocab.AtCamp.In(c.World, c.Type.E)
		switch c.Type.Kind.Where() {
		case act.OnTheRoad:
			if atCamp {
				return refuse(c, assets.PromptNotNow)
			}
		case act.AtCamp:
			if !atCamp {
				return refuse(c, assets.PromptNotNow)
			}
		}
		return Accept
	}}
}
