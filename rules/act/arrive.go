package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Arrive marks the van e as having reached the goal column. The delivery
// ends when the turn's resolution is over (ReachCamp), unless the van is
// destroyed before that.
func Arrive(e ecs.Entity) Act { return Act{Kind: KindArrive, E: e} }

func buildArrive(t *Act, a *ecs.Action) { vocab.Arrived.Add(a, t.E) }
