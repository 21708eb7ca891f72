package book

import (
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// MotionEnds finishes a velocity whose moves run out: a projectile is spent,
// a vehicle simply stops until the next round. A shard of a blast whose leg
// ends with moves left scatters there, where its fragments' paths part.
// Every step of a velocity touches it, and most leave moves to make and
// part nothing: it needs the ends fact.
//
//go:noinline
func MotionEnds() Rule {
	return Rule{Name: "motion ends", Concerns: []ecs.ID{vocab.Velocity.ID()}, Needs: ends, Check: func(c *Check) Verdict {
		ents, vals := vocab.Velocity.Pending(c.Action)
		for i, e := range ents {
			if !vals[i].Ends() {
				continue
			}
			if vals[i].Moves > 0 {
				c.Enqueue(act.Scatter(e))
				continue
			}
			// A shard ending here was spawned by an earlier action (a
			// blast or a scatter sets out with moves to make): the world
			// as it is answers for it, at the cost of one index read for
			// every vehicle that stops.
			if vocab.Projectile.Has(c.After, e) || vocab.Shard.In(c.World, e) {
				c.Enqueue(act.Destroy(e))
			} else {
				c.Enqueue(act.Stop(e))
			}
		}
		return Accept
	}}
}
