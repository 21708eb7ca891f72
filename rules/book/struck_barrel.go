package book

import (
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// StruckBarrelGoesOff sets off a barrel the action marks struck: a bullet
// or a fragment spent on it. Only the first projectile to strike a barrel
// marks it, so however many strike it at one instant, it goes off once.
//
//go:noinline
func StruckBarrelGoesOff() Rule {
	return Rule{Name: "struck barrel goes off", Concerns: []ecs.ID{vocab.Struck.ID()}, Check: func(c *Check) Verdict {
		ents, _ := vocab.Struck.Pending(c.Action)
		for _, x := range ents {
			c.Enqueue(act.Explode(x, c.Type.E))
		}
		return Accept
	}}
}
