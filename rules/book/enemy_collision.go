package book

import (
	"lastpost/rules/vocab"
)

// EnemyCollision keeps enemies out of each other's cells, except that a car
// or bike runs a zombie over.
//
//go:noinline
func EnemyCollision() Rule {
	return Rule{Name: "enemy collision", Concerns: groundConcerns, Needs: enemyBusy, Check: func(c *Check) Verdict {
		m := move(c)
		e, to := m.E, m.To
		if !m.busy || !vocab.Enemy.In(c.World, e) || !c.Spatial.Any(to, vocab.Enemy.ID()) {
			return Accept
		}
		runs := vocab.Vehicle.In(c.World, e)
		for _, o := range c.Spatial.Holders(to, vocab.Enemy.ID()) {
			if o != e && !(runs && vocab.RunOverable.In(c.World, o)) {
				stopMover(c, e)
				return Reject | Stop
			}
		}
		return Accept
	}}
}
