package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// GoalReached ends the delivery when the van's committed move reaches the
// goal column.
//
//go:noinline
func GoalReached(env *Env) Rule {
	return Rule{Name: "goal reached", Concerns: groundConcerns, Needs: goal, Check: func(c *Check) Verdict {
		m := move(c)
		e, to, ok := m.E, m.To, m.ok
		if ok && to.X >= env.GoalX && vocab.Player.In(c.World, e) && !vocab.Arrived.In(c.World, e) {
			c.Enqueue(act.Arrive(e))
		}
		return Accept
	}}
}
