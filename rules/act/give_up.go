package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// GiveUp ends the run at the driver's wish, on the road or at a camp. It is
// told apart from a destruction by its cause.
func GiveUp(e ecs.Entity) Act { return Act{Kind: KindGiveUp, E: e} }

func buildGiveUp(t *Act, a *ecs.Action) {
	command(t, a)
	vocab.Retired.Add(a, t.E)
}

func commitGiveUp(l Ledger) {
	tally := l.Tally()
	tally.Phase, tally.Cause = PhaseOver, CauseAbandoned
}
