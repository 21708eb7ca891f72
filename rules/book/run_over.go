package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// RunOver lets a vehicle kill whatever can be run over (zombies) in the cell
// it enters, and keep going.
//
//go:noinline
func RunOver() Rule {
	return Rule{Name: "run-over", Concerns: groundConcerns, Needs: runOverable, Check: func(c *Check) Verdict {
		m := move(c)
		e, to := m.E, m.To
		if !m.busy || !vocab.Vehicle.In(c.World, e) || !c.Spatial.Any(to, vocab.RunOverable.ID()) {
			return Accept
		}
		for _, v := range c.Spatial.Holders(to, vocab.Enemy.ID()) {
			if vocab.RunOverable.In(c.World, v) {
				c.Enqueue(act.Damage(v, vocab.HP.Value(c.World, v).Cur, e))
			}
		}
		return Accept
	}}
}
