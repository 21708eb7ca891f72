package book

import (
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// DrivingPhysics turns the round's physics step into motion: first every
// queued lane change, then every moving vehicle's drive east, so a lane
// change always happens before the forward motion.
//
//go:noinline
func DrivingPhysics() Rule {
	return Rule{Name: "driving physics", Concerns: []ecs.ID{vocab.Physics.ID()}, Check: func(c *Check) Verdict {
		if !vocab.Physics.On(c.Action) {
			return Accept
		}
		for _, e := range vocab.Steering.Entities(c.World) {
			c.Enqueue(act.Lane(e, vocab.Steering.Value(c.World, e)))
		}
		for _, e := range vocab.Speed.Entities(c.World) {
			if vocab.Speed.Value(c.World, e) > 0 && vocab.Position.Has(c.World, e) {
				c.Enqueue(act.Drive(e))
			}
		}
		return Accept
	}}
}
