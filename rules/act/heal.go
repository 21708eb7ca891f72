package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Heal has the camp patch the van e's hull back to full. Engine, tyres and
// armour are the shop's business.
func Heal(e ecs.Entity) Act { return Act{Kind: KindHeal, E: e} }

func buildHeal(env *Env, t *Act, a *ecs.Action) {
	hp := vocab.HP.Value(env.World, t.E)
	if !env.Data.Campaign.HealAtCamp || hp.Full() {
		return
	}
	hp.Cur = hp.Max
	vocab.HP.Set(a, t.E, hp)
}
