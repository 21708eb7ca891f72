package book

import "lastpost/rules/vocab"

// EnemyCollision keeps enemies out of each other's cells, except that a car
// or bike runs a zombie over.
func EnemyCollision() Rule {
	return Rule{Name: "enemy collision", Concerns: groundConcerns, Check: func(c *Check) Verdict {
		e, _, to, ok := move(c)
		if !ok || !vocab.Enemy.Has(c.World, e) || !c.Spatial.Any(to, vocab.Enemy.ID()) {
			return Accept
		}
		runs := vocab.Vehicle.Has(c.World, e)
		for _, o := range c.Spatial.Holders(to, vocab.Enemy.ID()) {
			if o != e && !(runs && vocab.RunOverable.Has(c.World, o)) {
				stopMover(c, e)
				return Reject | Stop
			}
		}
		return Accept
	}}
}
