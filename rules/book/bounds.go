package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Bounds keeps everything on the map. Projectiles and enemy vehicles that
// leave it are destroyed; anything else just stops at the edge.
//
//go:noinline
func Bounds(env *Env) Rule {
	return Rule{Name: "bounds", Concerns: moveConcerns, Needs: offGrid, Check: func(c *Check) Verdict {
		m := move(c)
		e, to, ok := m.E, m.To, m.ok
		if !ok || c.Spatial.In(to) {
			return Accept
		}
		if vocab.IsProjectile(c.World, e) || vocab.Enemy.In(c.World, e) {
			c.Enqueue(act.Destroy(e))
		} else {
			stopMover(c, e)
		}
		return Reject | Stop
	}}
}
