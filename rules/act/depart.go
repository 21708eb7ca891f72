package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Depart makes the van e leave the camp: what the shop did not sell stays
// behind. The game then lays out the next road.
func Depart(e ecs.Entity) Act { return Act{Kind: KindDepart, E: e} }

func buildDepart(env *Env, t *Act, a *ecs.Action) {
	command(t, a)
	for _, e := range vocab.Offer.Entities(env.World) {
		a.RemoveEntity(e)
	}
	if vocab.AtCamp.Has(env.World, t.E) {
		vocab.AtCamp.Remove(a, t.E)
	}
}

func commitDepart(l Ledger) { l.Tally().Phase = PhaseRoad }
