package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// BumpAttack turns an enemy's move into the van's cell into a claw or a ram
// (layered damage worth the attacker's Damage), and refuses the move.
//
//go:noinline
func BumpAttack() Rule {
	return Rule{Name: "bump attack", Concerns: groundConcerns, Needs: enemyBusy, Check: func(c *Check) Verdict {
		m := move(c)
		e, to := m.E, m.To
		if !m.busy || !vocab.Enemy.In(c.World, e) || !c.Spatial.Any(to, vocab.Player.ID()) {
			return Accept
		}
		for _, v := range c.Spatial.At(to) {
			if vocab.Player.In(c.World, v) {
				c.Enqueue(act.Hit(v, vocab.Damage.Value(c.World, e), e))
			}
		}
		stopMover(c, e)
		return Reject | Stop
	}}
}
