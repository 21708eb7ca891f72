package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Outfit makes the van of a new run, as the data describes it: its stats,
// its starting guns and the bank it starts with. It is the first action of
// every run; the van is the one entity that lasts the whole run.
func Outfit() Act { return Act{Kind: KindOutfit} }

func buildOutfit(env *Env, _ *Act, a *ecs.Action) {
	v := env.Data.Van
	e := a.Spawn()
	vocab.KindOf.Set(a, e, vocab.KindVan)
	vocab.Player.Add(a, e)
	vocab.Vehicle.Add(a, e)
	vocab.Hittable.Add(a, e)
	vocab.HP.Set(a, e, vocab.Stat{Cur: v.HP, Max: v.HP})
	vocab.Engine.Set(a, e, vocab.Stat{Cur: v.Engine, Max: v.Engine})
	vocab.Tyres.Set(a, e, vocab.Stat{Cur: v.Tyres, Max: v.Tyres})
	vocab.Armour.Set(a, e, v.Armour)
	var guns vocab.Slots
	for _, m := range v.StartGuns {
		guns[vocab.Slot(m.Slot.Dir())] = m.Gun
	}
	vocab.Guns.Set(a, e, guns)
	vocab.Money.Set(a, e, env.Data.Campaign.StartBank)
}
