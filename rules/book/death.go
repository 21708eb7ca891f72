package book

import (
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Death notices hit points falling to zero and queues the death.
//
//go:noinline
func Death() Rule {
	return Rule{Name: "death", Concerns: []ecs.ID{vocab.HP.ID()}, Check: func(c *Check) Verdict {
		ents, vals := vocab.HP.Pending(c.Action)
		for i, e := range ents {
			before, had := vocab.HP.Get(c.World, e)
			if vals[i].Cur <= 0 && had && before.Cur > 0 {
				cause, _ := vocab.Cause.Get(c.Action)
				lines, _ := vocab.Says.Get(c.Action)
				c.Enqueue(act.Die(e, cause).Because(lines.Why))
			}
		}
		return Accept
	}}
}
