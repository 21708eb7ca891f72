package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// EmptySlot refuses firing, or unmounting, a side of the van that has no
// gun.
//
//go:noinline
func EmptySlot() Rule {
	return Rule{Name: "empty slot", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		switch {
		case isCommand(c, act.KindFire):
			if c.Type.Item == "" {
				return refuse(c, assets.PromptEmptySlot)
			}
		case isCommand(c, act.KindUnmount):
			if vocab.Guns.Value(c.World, c.Type.E).Gun(c.Type.Dir) == "" {
				return refuse(c, assets.PromptEmptySlot)
			}
		}
		return Accept
	}}
}
