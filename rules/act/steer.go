package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Steer queues a lane change north or south for e, made by the next
// physics step.
func Steer(e ecs.Entity, d geom.Dir) Act { return Act{Kind: KindSteer, E: e, Dir: d} }

// buildSteer queues the lane change. The van's tyres may let it down; a van
// standing still is not rolled for, so the steering rule can refuse it
// without using the turn.
func buildSteer(env *Env, t *Act, a *ecs.Action) {
	command(t, a)
	if t.E == env.Van && vocab.Speed.Value(env.World, t.E) > 0 {
		tyres := vocab.Tyres.Value(env.World, t.E)
		if env.Rand.IntN(100) >= env.Data.Van.SteerChance(tyres.Cur) {
			say(a, vocab.Message{ID: assets.MsgSteerFailed})
			return
		}
	}
	vocab.Steering.Set(a, t.E, t.Dir)
}
