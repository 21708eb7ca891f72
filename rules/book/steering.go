package book

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// SteeringNeedsSpeed refuses a lane change by a vehicle that is standing
// still. The van's driver is told, and the refusal costs no turn.
//
//go:noinline
func SteeringNeedsSpeed() Rule {
	return Rule{Name: "steering needs speed", Concerns: []ecs.ID{vocab.Steering.ID()}, Needs: steers, Check: func(c *Check) Verdict {
		ents, _ := vocab.Steering.Pending(c.Action)
		for _, e := range ents {
			if vocab.Speed.Value(c.After, e) == 0 {
				if vocab.Player.In(c.World, e) {
					c.Enqueue(act.Say(vocab.Message{ID: assets.MsgSteerStopped}))
				}
				return Reject
			}
		}
		return Accept
	}}
}
