package act

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Notice makes enemy e remember that it saw the van at p.
func Notice(e ecs.Entity, p geom.Point) Act { return Act{Kind: KindNotice, E: e, At: p} }

// NoticeIn makes the zero action type t, as Engine.EnqueueNew hands one
// out in its queue slot, the Notice of p by e: every enemy that sees the
// van moving queues one a turn.
func NoticeIn(t *Act, e ecs.Entity, p geom.Point) { t.Kind, t.E, t.At = KindNotice, e, p }

func buildNotice(t *Act, a *ecs.Action) { vocab.Target.Set(a, t.E, t.At) }
