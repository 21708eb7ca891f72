package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Acid lets acid get at e's tyres: one may be eaten, by chance.
func Acid(e ecs.Entity) Act { return Act{Kind: KindAcid, E: e} }

func buildAcid(env *Env, t *Act, a *ecs.Action) {
	tyres, ok := vocab.Tyres.Get(env.World, t.E)
	if !ok || tyres.Cur <= 0 {
		return
	}
	if env.Rand.IntN(100) < env.Data.Van.AcidTyreChance {
		tyres.Cur--
		vocab.Tyres.Set(a, t.E, tyres)
		say(a, vocab.Message{ID: assets.MsgAcidTyre})
	}
}
