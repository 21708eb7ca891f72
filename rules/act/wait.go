package act

import "lastpost/ecs"

// Wait makes e pass its turn. Its commit is the point: it changes nothing.
func Wait(e ecs.Entity) Act { return Act{Kind: KindWait, E: e} }

func buildWait(env *Env, t *Act, a *ecs.Action) { command(t, a) }
