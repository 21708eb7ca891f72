package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Pay hands the van e the camp's pay for the letters it brought.
func Pay(e ecs.Entity, letters int) Act { return Act{Kind: KindPay, E: e, N: letters} }

func buildPay(env *Env, t *Act, a *ecs.Action) {
	pay := env.Data.Campaign.Pay(t.N)
	vocab.Money.Set(a, t.E, vocab.Money.Value(env.World, t.E)+pay)
	vocab.Letters.Set(a, t.E, 0)
	say(a, vocab.Message{ID: assets.MsgArrived, N: pay})
}

func commitPay(env *Env, l Ledger, t *Act) {
	pay := env.Data.Campaign.Pay(t.N)
	tally := l.Tally()
	tally.Letters += t.N
	tally.Earned += pay
	tally.LastPay = pay
}
