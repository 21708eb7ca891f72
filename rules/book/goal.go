package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// GoalReached ends the delivery when the van's committed move reaches the
// goal column.
func GoalReached(env *Env) Rule {
	return Rule{Name: "goal reached", Concerns: groundConcerns, Check: func(c *Check) Verdict {
		e, _, to, ok := move(c)
		if ok && to.X >= env.GoalX && vocab.Player.Has(c.World, e) && !vocab.Arrived.Has(c.World, e) {
			c.Enqueue(act.Arrive(e))
		}
		return Accept
	}}
}
