package book

import (
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// ProjectileHit resolves a bullet or fragment entering a cell with something
// it can hit: the first such thing (other than its own shooter, so the van
// never shoots itself) takes the damage, once for each fragment of a
// shard, and the projectile is spent. A
// projectile is spent on a barrel, marking it struck, and the
// struck-barrel rule sets it off: the several fragments that strike one
// barrel at the same instant then ask for one explosion, not one each.
//
//go:noinline
func ProjectileHit() Rule {
	return Rule{Name: "projectile hit", Concerns: moveConcerns, Needs: projectileBusy, Check: func(c *Check) Verdict {
		m := move(c)
		e, to := m.E, m.To
		if !m.busy || !vocab.IsProjectile(c.World, e) || !c.Spatial.Any(to, vocab.Hittable.ID()) {
			return Accept
		}
		shooter := vocab.Shooter.Value(c.World, e)
		victim := ecs.Entity(0)
		for _, h := range c.Spatial.Holders(to, vocab.Hittable.ID()) {
			if h != shooter {
				victim = h
				break
			}
		}
		if victim == 0 {
			return Accept
		}
		if vocab.Explosive.In(c.World, victim) {
			c.Enqueue(act.SpendOn(e, victim))
			return Reject | Stop
		}
		// A shard of a blast strikes once for each fragment in it, as its
		// fragments would one after another at the same instant.
		damage, strikes := vocab.Damage.Value(c.World, e), 1
		if sh, ok := vocab.Shard.Read(c.World, e); ok {
			damage, strikes = sh.Damage, sh.N
		}
		player := vocab.Player.In(c.World, victim)
		for range strikes {
			if player {
				c.Enqueue(act.Hit(victim, damage, e))
			} else {
				c.Enqueue(act.Damage(victim, damage, e))
			}
		}
		c.Enqueue(act.Spend(e))
		return Reject | Stop
	}}
}
