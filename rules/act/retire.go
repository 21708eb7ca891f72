package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Retire ends a won run at the driver's wish, at a camp: the courier hangs
// up the keys. It is told apart from giving up by its cause, and the rules
// refuse it before the last settlement is reached.
func Retire(e ecs.Entity) Act { return Act{Kind: KindRetire, E: e} }

func buildRetire(t *Act, a *ecs.Action) {
	command(t, a)
	vocab.Retired.Add(a, t.E)
}

func commitRetire(l Ledger) {
	tally := l.Tally()
	tally.Phase, tally.Cause = PhaseOver, CauseRetired
}
