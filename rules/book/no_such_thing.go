package book

import (
	"lastpost/assets"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// NoSuchThing refuses a command about an inventory item, a shop offer or a
// side of the van that is not there.
//
//go:noinline
func NoSuchThing() Rule {
	return Rule{Name: "no such thing", Concerns: commandConcerns, Check: func(c *Check) Verdict {
		switch {
		case isCommand(c, act.KindUseKit, act.KindMount, act.KindDiscard):
			if !act.IsCarried(c.World, c.Type.O) || c.Type.Kind == act.KindMount && vocab.Slot(c.Type.Dir) < 0 {
				return refuse(c, assets.PromptNoSuchItem)
			}
		case isCommand(c, act.KindBuy):
			if c.Type.O == 0 || !vocab.Offer.Has(c.World, c.Type.O) {
				return refuse(c, assets.PromptNoSuchItem)
			}
		}
		return Accept
	}}
}
