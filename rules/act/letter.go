package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// TakeLetter makes the van e pick up letter l.
func TakeLetter(e, l ecs.Entity) Act { return Act{Kind: KindTakeLetter, E: e, O: l} }

func buildTakeLetter(env *Env, t *Act, a *ecs.Action) {
	if !vocab.Letter.Has(env.World, t.O) {
		return
	}
	a.RemoveEntity(t.O)
	vocab.Letters.Set(a, t.E, vocab.Letters.Value(env.World, t.E)+1)
	say(a, vocab.Message{ID: assets.MsgLetterTaken})
}
