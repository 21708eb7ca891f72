package act

import (
	bits64 "math/bits"

	"lastpost/ecs"
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
// position) but van, and all its components: it ends in the world that
// a.RemoveEntity of each, in the position column's order, makes, with
// every component listing the same entities in the same order. It goes
// component by component rather than entity by entity: a removal of one
// entity asks every component of the schema about it, while here a
// component none of the road's entities holds (the camp's stock, the van's
// guns) is passed over after a look at its few holders. a must not set
// anything on the road's entities before (RemoveEntity would drop such
// values too; this does not look).
//
// A component whose every holder but van is on the road keeps van alone,
// or nothing, whatever the order of the removals, so its removals are
// listed by rising entity: each then goes at the end of the action's list
// without a search among those listed, and no entity of the road is asked
// whether it holds the component. Only a component that also holds things
// off the road (none in play, but nothing forbids it) has its removals
// listed in the position column's order, which decides where those others
// end up in its store.
func leaveRoad(w *ecs.World, a *ecs.Action, van ecs.Entity) {
	road := vocab.Position.Entities(w)
	pos := vocab.Position.Column(w)
	// The road's entities as bits from the lowest id up, which lists a
	// component's holders by rising id.
	lo, hi := ecs.Entity(0), ecs.Entity(0)
	for _, e := range road {
		if e != van {
			if lo == 0 || e < lo {
				lo = e
			}
			hi = max(hi, e)
		}
	}
	if lo == 0 {
		return
	}
	bits := make([]uint64, (hi-lo)/64+1)
	// A component's removals, listed by rising id, go to a in one call.
	list := make([]ecs.Entity, 0, len(road))
	for _, c := range entityComponents() {
		// The removals go by id, not through c: a call through the
		// interface for each of a road's many removals costs more
		// than the removal's own work.
		id := c.ID()
		onRoad, elsewhere := 0, false
		for _, e := range c.Entities(w) {
			switch {
			case e == van:
			case pos.Has(e):
				onRoad++
				bits[(e-lo)/64] |= 1 << ((e - lo) % 64)
			default:
				elsewhere = true
			}
		}
		switch {
		case onRoad == 0:
		case elsewhere:
			clear(bits)
			removeInRoadOrder(w, a, id, road, van)
		default:
			list = list[:0]
			for i, word := range bits {
				for word != 0 {
					list = append(list, lo+ecs.Entity(i*64+bits64.TrailingZeros64(word)))
					word &= word - 1
				}
				bits[i] = 0
			}
			a.RemoveIDs(id, list)
		}
	}
}

// removeInRoadOrder makes a remove component id from every entity of road
// but van that holds it, in the road's order.
func removeInRoadOrder(w *ecs.World, a *ecs.Action, id ecs.ID, road []ecs.Entity, van ecs.Entity) {
	for _, e := range road {
		if e != van && w.Holds(id, e) {
			a.RemoveID(id, e)
		}
	}
}

// component is what leaveRoad needs of a component's handle; the handles
// of data components and of flags both have it. The removals themselves
// go by the component's id.
type component interface {
	ID() ecs.ID
	Entities(w *ecs.World) []ecs.Entity
}

// entityComponents lists the handle of every component an entity can hold,
// data and flags, in id order (action properties belong to no entity). A
// test checks it against the schema.
func entityComponents() [39]component {
	return [...]component{
		vocab.Position, vocab.KindOf, vocab.HP, vocab.Engine, vocab.Tyres, vocab.Armour, vocab.Speed,
		vocab.TopSpeed, vocab.Steering, vocab.Velocity, vocab.Damage, vocab.Shooter, vocab.Target,
		vocab.Guns, vocab.Letters, vocab.Gun, vocab.Player, vocab.Enemy, vocab.Solid, vocab.Hittable,
		vocab.Projectile, vocab.Explosive, vocab.RunOverable, vocab.Vehicle, vocab.Letter,
		vocab.Dead, vocab.Arrived, vocab.Decal, vocab.Money, vocab.Item, vocab.Offer, vocab.Rank,
		vocab.AtCamp, vocab.Retired, vocab.Stranded, vocab.DestroyedBy, vocab.Why, vocab.Struck, vocab.Shard,
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
