package act

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Notice makes enemy e remember that it saw the van at p.
func Notice(e ecs.Entity, p geom.Point) Act { return Act{Kind: KindNotice, E: e, At: p} }

func buildNotice(t *Act, a *ecs.Action) { vocab.Target.Set(a, t.E, t.At) }
