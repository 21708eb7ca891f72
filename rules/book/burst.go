package book

import (
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// BurstContinues fires the next bullet of a burst one period after this
// one, whatever becomes of this bullet, so a machine gun or railgun always
// fires at its stated rate. A shot that fires no bullet (its shooter gone
// mid-burst) ends the burst; in the book moot has refused such a shot
// already, since it changes nothing.
//
// The trace shows the rule for every action, but it acts only on a shot
// that fires, which sets its bullet's shooter: untraced, the engine asks it
// about no other action (ActsOn).
//
//go:noinline
func BurstContinues() Rule {
	return Rule{Name: "burst continues", ActsOn: []ecs.ID{vocab.Shooter.ID()}, Check: func(c *Check) Verdict {
		t := c.Type
		if t.Kind == act.KindFire && t.Delay > 0 && t.N > 1 && firesBullet(c) {
			c.EnqueueAfter(act.Fire(t.E, t.Dir, t.Item, t.N-1, t.Delay), t.Delay)
		}
		return Accept
	}}
}

// firesBullet reports whether the action sets a bullet's shooter.
func firesBullet(c *Check) bool {
	ents, _ := vocab.Shooter.Pending(c.Action)
	return len(ents) > 0
}
