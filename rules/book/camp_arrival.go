package book

import (
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// CampArrival follows the van into a camp: the pay for its letters, the
// hull patched, and the shop's stock laid out.
//
//go:noinline
func CampArrival() Rule {
	return Rule{Name: "camp arrival", Concerns: []ecs.ID{vocab.AtCamp.ID()}, Check: func(c *Check) Verdict {
		if c.Type.Kind != act.KindReachCamp {
			return Accept
		}
		van := c.Type.E
		c.Enqueue(act.Pay(van, vocab.Letters.Value(c.World, van)))
		c.Enqueue(act.Heal(van))
		c.Enqueue(act.Restock())
		return Accept
	}}
}
