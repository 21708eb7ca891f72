package act

import "lastpost/ecs"

// Discard throws carried item (an inventory entity, or 0) of the van e
// away.
func Discard(e, item ecs.Entity) Act { return Act{Kind: KindDiscard, E: e, O: item} }

func buildDiscard(env *Env, t *Act, a *ecs.Action) {
	command(t, a)
	if IsCarried(env.World, t.O) {
		a.RemoveEntity(t.O)
	}
}
