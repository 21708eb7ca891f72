package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Accelerate raises e's speed by one, up to its top speed.
func Accelerate(e ecs.Entity) Act { return Act{Kind: KindAccelerate, E: e} }

// Decelerate lowers e's speed by one, down to zero.
func Decelerate(e ecs.Entity) Act { return Act{Kind: KindDecelerate, E: e} }

// buildSpeed builds both kinds: they differ only in the sign. The van is
// told when it is already at the limit.
func buildSpeed(env *Env, t *Act, a *ecs.Action) {
	command(t, a)
	delta := 1
	if t.Kind == KindDecelerate {
		delta = -1
	}
	speed, ok := vocab.Speed.Get(env.World, t.E)
	if !ok {
		return
	}
	top := vocab.TopSpeed.Value(env.World, t.E)
	next := min(max(speed+delta, 0), top)
	if t.E == env.Van && delta > 0 && speed >= top {
		say(a, vocab.Message{ID: assets.MsgTopSpeed})
	}
	if t.E == env.Van && delta < 0 && speed == 0 {
		say(a, vocab.Message{ID: assets.MsgAlreadyStopped})
	}
	if next != speed {
		vocab.Speed.Set(a, t.E, next)
	}
}
