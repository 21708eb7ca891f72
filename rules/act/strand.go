package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Strand ends the run of the van e, whose engine is dead with no kit to
// mend it: it could only ever wait for the enemies, so the run ends at
// once, with its own cause.
func Strand(e ecs.Entity) Act { return Act{Kind: KindStrand, E: e} }

func buildStrand(env *Env, t Act, a *ecs.Action) {
	if vocab.Stranded.Has(env.World, t.E) {
		return
	}
	vocab.Stranded.Add(a, t.E)
	say(a, vocab.Message{ID: assets.MsgStranded})
}

func commitStrand(l Ledger) {
	tally := l.Tally()
	tally.Phase, tally.Cause = PhaseOver, CauseStranded
}
