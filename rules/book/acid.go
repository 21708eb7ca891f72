package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// AcidTyres lets acid get at the tyres of a vehicle with tyres (the van)
// that drives into an acid cell, lane changes included. Only a committed
// move is bitten.
//
//go:noinline
func AcidTyres(env *Env) Rule {
	return Rule{Name: "acid", Concerns: groundConcerns, Needs: acid, Check: func(c *Check) Verdict {
		m := move(c)
		e, to, ok := m.E, m.To, m.ok
		if ok && c.World.Holds(vocab.Tyres.ID(), e) && env.Acid(to) {
			c.Enqueue(act.Acid(e))
		}
		return Accept
	}}
}
