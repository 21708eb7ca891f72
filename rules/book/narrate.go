package book

import (
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Narrate writes an action's log lines, with the chain of causes behind
// them, once the action is committed. It runs last, so a refused action is
// never told.
//
//go:noinline
func Narrate() Rule {
	return Rule{Name: "narrate", Concerns: []ecs.ID{vocab.Says.ID()}, Check: func(c *Check) Verdict {
		if lines, ok := vocab.Says.Get(c.Action); ok {
			for _, m := range lines.All() {
				c.Enqueue(act.Say(m).Because(lines.Why))
			}
		}
		return Accept
	}}
}
