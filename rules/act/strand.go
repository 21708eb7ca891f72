package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Strand ends the run of the van e, which can never move again (why says
// how: a dead engine with no kit, wrecks on every side): it could only
// ever wait for the enemies, so the run ends at once, with its own cause.
func Strand(e ecs.Entity, why assets.TextID) Act {
	return Act{Kind: KindStrand, E: e, Msg: vocab.Message{ID: why}}
}

func buildStrand(env *Env, t *Act, a *ecs.Action) {
	if vocab.Stranded.Has(env.World, t.E) {
		return
	}
	vocab.Stranded.Add(a, t.E)
	say(a, t.Msg)
}

func commitStrand(l Ledger) {
	tally := l.Tally()
	tally.Phase, tally.Cause = PhaseOver, CauseStranded
}
