package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// ReachCamp ends a delivery at a survivor camp: the road and everything on
// it is left behind, and the van parks. The camp-arrival rule follows it
// with the pay, the patched hull and the shop's stock.
func ReachCamp(e ecs.Entity) Act { return Act{Kind: KindReachCamp, E: e} }

func buildReachCamp(env *Env, t *Act, a *ecs.Action) {
	w := env.World
	for _, e := range vocab.Position.Entities(w) {
		if e != t.E {
			a.RemoveEntity(e)
		}
	}
	vocab.Position.Remove(a, t.E)
	for _, c := range []ecs.Data[int]{vocab.Speed, vocab.TopSpeed} {
		if c.Has(w, t.E) {
			c.Remove(a, t.E)
		}
	}
	if vocab.Velocity.Has(w, t.E) {
		vocab.Velocity.Remove(a, t.E)
	}
	if vocab.Steering.Has(w, t.E) {
		vocab.Steering.Remove(a, t.E)
	}
	vocab.Arrived.Remove(a, t.E)
	vocab.AtCamp.Add(a, t.E)
}

// commitReachCamp moves the run to the camp and counts the delivery; the
// last settlement reached wins the run.
func commitReachCamp(env *Env, l Ledger) {
	tally := l.Tally()
	tally.Phase = PhaseCamp
	tally.Delivery++
	if tally.Delivery == env.Data.Campaign.DeliveriesToWin {
		tally.Won = true
	}
}
