package book

import (
	"lastpost/rules/vocab"
)

// VanCollision stops the van at a car or bike in its way, with no damage to
// either. Zombies are run over instead.
//
//go:noinline
func VanCollision() Rule {
	return Rule{Name: "van collision", Concerns: groundConcerns, Needs: vanBusy, Check: func(c *Check) Verdict {
		m := move(c)
		e, to := m.E, m.To
		if !m.busy || !vocab.Player.In(c.World, e) || !c.Spatial.Any(to, vocab.Enemy.ID()) {
			return Accept
		}
		for _, o := range c.Spatial.Holders(to, vocab.Enemy.ID()) {
			if !vocab.RunOverable.In(c.World, o) {
				stopMover(c, e)
				return Reject | Stop
			}
		}
		return Accept
	}}
}
