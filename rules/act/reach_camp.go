package act

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// ReachCamp ends a delivery at a survivor camp: the road and everything on
// it is left behind, and the van parks. The camp-arrival rule follows it
// with the pay, the patched hull and the shop's stock.
func ReachCamp(e ecs.Entity) Act { return Act{Kind: KindReachCamp, E: e} }

func buildReachCamp(env *Env, t *Act, a *ecs.Action) {
	w := env.World
	leaveRoad(w, a, t.E)
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

// leaveRoad makes a remove every entity on the road (every one with a
// position) but van, and all its components: what a.RemoveEntity of each,
// in the position column's order, does, with the same removals listed in
// the same order for each component. It goes component by component rather
// than entity by entity: a removal of one entity asks every component of
// the schema about it, while here a component none of the road's entities
// holds (the camp's stock, the van's guns) is passed over after a look at
// its few holders. a must not set anything on the road's entities before
// (RemoveEntity would drop such values too; this does not look).
func leaveRoad(w *ecs.World, a *ecs.Action, van ecs.Entity) {
	road := vocab.Position.Entities(w)
	pos := vocab.Position.Column(w)
	for _, c := range entityComponents() {
		if !holdsRoadEntity(c.Entities(w), pos, van) {
			continue
		}
		id := c.ID()
		for _, e := range road {
			if e != van && w.Holds(id, e) {
				c.Remove(a, e)
			}
		}
	}
}

// holdsRoadEntity reports whether any of holders is on the road, the van
// aside.
func holdsRoadEntity(holders []ecs.Entity, pos ecs.Column[geom.Point], van ecs.Entity) bool {
	for _, e := range holders {
		if e != van && pos.Has(e) {
			return true
		}
	}
	return false
}

// component is what leaveRoad needs of a component's handle; the handles
// of data components and of flags both have it.
type component interface {
	ID() ecs.ID
	Entities(w *ecs.World) []ecs.Entity
	Remove(a *ecs.Action, e ecs.Entity)
}

// entityComponents lists the handle of every component an entity can hold,
// data and flags, in id order (action properties belong to no entity). A
// test checks it against the schema.
func entityComponents() [39]component {
	return [...]component{
		vocab.Position, vocab.KindOf, vocab.HP, vocab.Engine, vocab.Tyres, vocab.Armour, vocab.Speed,
		vocab.TopSpeed, vocab.Steering, vocab.Velocity, vocab.Damage, vocab.Shooter, vocab.Target,
		vocab.Guns, vocab.Letters, vocab.Gun, vocab.Player, vocab.Enemy, vocab.Solid, vocab.Hittable,
		vocab.Projectile, vocab.Explosive, vocab.RunOverable, vocab.Vehicle, vocab.Letter, vocab.Fragment,
		vocab.Dead, vocab.Arrived, vocab.Decal, vocab.Money, vocab.Item, vocab.Offer, vocab.Rank,
		vocab.AtCamp, vocab.Retired, vocab.Stranded, vocab.DestroyedBy, vocab.Why, vocab.Struck,
	}
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
