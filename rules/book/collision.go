package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Collision stops anything but an explosion fragment from entering a solid
// cell. The van touching a barrel sets it off; a bullet hitting a wreck is
// spent.
//
//go:noinline
func Collision() Rule {
	return Rule{Name: "collision", Concerns: moveConcerns, Needs: busy, Check: func(c *Check) Verdict {
		m := move(c)
		e, to := m.E, m.To
		if !m.busy || vocab.Shard.In(c.World, e) || !c.Spatial.Any(to, vocab.Solid.ID()) {
			return Accept
		}
		if vocab.Player.In(c.World, e) {
			for _, x := range c.Spatial.Holders(to, vocab.Hittable.ID()) {
				if vocab.Explosive.In(c.World, x) {
					c.Enqueue(act.Explode(x, e))
				}
			}
		}
		if vocab.Projectile.In(c.World, e) {
			c.Enqueue(act.Destroy(e))
		} else {
			stopMover(c, e)
		}
		return Reject | Stop
	}}
}
