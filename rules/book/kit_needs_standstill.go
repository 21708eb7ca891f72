package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// KitNeedsStandstill refuses using a kit while the van is moving: a tyre is
// changed and an engine mended standing still.
//
//go:noinline
func KitNeedsStandstill() Rule {
	return Rule{Name: "kit needs standstill", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		if isCommand(c, act.KindUseKit) && vocab.Speed.Value(c.World, c.Type.E) > 0 {
			return refuse(c, assets.PromptMoving)
		}
		return Accept
	}}
}
