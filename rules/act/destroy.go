package act

import "lastpost/ecs"

// Destroy removes e: a spent bullet, a burnt letter. An actor removed this
// way leaves the turn schedule.
func Destroy(e ecs.Entity) Act { return Act{Kind: KindDestroy, E: e} }

func buildDestroy(t Act, a *ecs.Action) { a.RemoveEntity(t.E) }

func commitDestroy(l Ledger, t Act) { l.Forget(t.E) }
