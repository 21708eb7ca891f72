package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Damage takes n hit points from e (an enemy or a barrel), dealt by by.
func Damage(e ecs.Entity, n int, by ecs.Entity) Act {
	return Act{Kind: KindDamage, E: e, O: by, N: n}
}

func buildDamage(env *Env, t Act, a *ecs.Action) {
	hp, ok := vocab.HP.Get(env.World, t.E)
	if !ok || hp.Cur <= 0 {
		return
	}
	hp.Cur = max(hp.Cur-t.N, 0)
	vocab.HP.Set(a, t.E, hp)
	vocab.Cause.Set(a, env.culprit(t.O))
}
