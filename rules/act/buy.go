package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Buy makes the van e buy offer (a shop offer entity, or 0 when the driver
// named no such offer). The rules refuse what the van cannot afford, has no
// room for, or would gain nothing from.
func Buy(e, offer ecs.Entity) Act { return Act{Kind: KindBuy, E: e, O: offer} }

// buildBuy pays for the offer and delivers it: a repair or armour at once,
// a gun or consumable into the inventory.
func buildBuy(env *Env, t *Act, a *ecs.Action) {
	command(t, a)
	o, ok := OfferOf(env, t.O)
	if !ok {
		return
	}
	w := env.World
	a.RemoveEntity(t.O)
	vocab.Money.Set(a, t.E, vocab.Money.Value(w, t.E)-PriceOf(w, t.E, o))
	switch o.Kind {
	case assets.OfferRepair:
		restore(env, t.E, o.Restores, o.Amount, a)
	case assets.OfferArmour:
		vocab.Armour.Set(a, t.E, o.Level)
	case assets.OfferGun:
		carry(w, o.Gun, a)
	case assets.OfferConsumable:
		carry(w, o.Consumable, a)
	}
}

// PriceOf returns what offer o costs the van e as it stands: a repair
// priced per point charges for the points it would put back.
func PriceOf(r ecs.Reader, e ecs.Entity, o assets.Offer) int {
	if o.Kind != assets.OfferRepair {
		return o.Price
	}
	s := Stat(r, e, o.Restores)
	return o.PriceFor(s.Max - s.Cur)
}

// Needless reports whether offer o would change nothing for the van e as
// it stands: a repair of a part that is whole, armour no better than the
// van's. The rules refuse such a purchase, and the shop says so beside it.
func Needless(r ecs.Reader, e ecs.Entity, o assets.Offer) bool {
	switch o.Kind {
	case assets.OfferRepair:
		return Stat(r, e, o.Restores).Full()
	case assets.OfferArmour:
		return o.Level <= vocab.Armour.Value(r, e)
	}
	return false
}

// OfferOf returns the shop offer that entity e stands for.
func OfferOf(env *Env, e ecs.Entity) (assets.Offer, bool) {
	id, ok := vocab.Offer.Get(env.World, e)
	if !ok {
		return assets.Offer{}, false
	}
	return env.Data.Shop.Offer(id)
}

func commitBuy(l Ledger) { l.Tally().Purchases++ }
