package book

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Stranded ends the run when the van on a road can never move again: its
// engine dead (a top speed of zero) with no kit that could mend it, or
// wrecks ahead of it and on both sides (the van never reverses, and only a
// lane change or a step east could free it). Waiting for the enemies to
// finish it would only waste the player's time.
//
//go:noinline
func Stranded(env *Env) Rule {
	return Rule{Name: "stranded", Concerns: []ecs.ID{vocab.TopSpeed.ID(), vocab.Ground.ID()}, Needs: mayStrand,
		Check: func(c *Check) Verdict {
			if van, why, stuck := stranded(c, env); stuck {
				c.Enqueue(act.Strand(van, why))
			}
			return Accept
		}}
}

// stranded reports whether the action leaves a van on a road for good, and
// why: a top speed set to zero with no kit that could mend the engine, or
// a move short of the goal column into a cell walled in by wrecks. It
// looks only at what the action sets, and at the move as every rule about
// moves sees it (an action moves one thing), since every move of the van
// and the enemies asks.
func stranded(c *Check, env *Env) (ecs.Entity, assets.TextID, bool) {
	ents, tops := vocab.TopSpeed.Pending(c.Action)
	for i, van := range ents {
		if tops[i] <= 0 && vocab.Player.In(c.World, van) && !vocab.Stranded.In(c.World, van) &&
			vocab.Position.Has(c.After, van) && !carriesEngineKit(c, env) {
			return van, assets.MsgStranded, true
		}
	}
	// A move into the goal column ends the delivery, however walled in
	// the cell is. The cheapest tests go first: most moves are an
	// enemy's, or the van's into a cell with nothing solid to the east,
	// which the index's count tells without a call.
	m := move(c)
	van, p := m.E, m.To
	east := geom.Pt(p.X+1, p.Y)
	if !m.ok || p.X >= env.GoalX || !vocab.Player.In(c.World, van) ||
		c.Spatial.In(east) && !c.Spatial.Any(east, vocab.Solid.ID()) ||
		vocab.Stranded.In(c.World, van) || !boxedIn(c, p) {
		return 0, "", false
	}
	return van, assets.MsgBoxedIn, true
}

// carriesEngineKit reports whether a kit that mends the engine is still
// carried after the action.
func carriesEngineKit(c *Check, env *Env) bool {
	for _, e := range vocab.Item.Entities(c.World) {
		kit, ok := env.Data.Shop.Consumable(vocab.Item.Value(c.World, e))
		if ok && kit.Restores == assets.StatEngine && vocab.Item.Has(c.After, e) {
			return true
		}
	}
	return false
}

// boxedIn reports whether the cells east, north and south of p are each a
// wreck (solid for good: a barrel can be shot away) or off the road.
func boxedIn(c *Check, p geom.Point) bool {
	return walls(c, geom.Pt(p.X+1, p.Y)) && walls(c, geom.Pt(p.X, p.Y-1)) && walls(c, geom.Pt(p.X, p.Y+1))
}

// walls reports whether cell q is off the road or holds a wreck: something
// solid that is not explosive. The index's count of solid things answers
// for most cells, which hold none, without a walk over their entities.
func walls(c *Check, q geom.Point) bool {
	if !c.Spatial.In(q) {
		return true
	}
	if !c.Spatial.Any(q, vocab.Solid.ID()) {
		return false
	}
	for _, e := range c.Spatial.At(q) {
		if vocab.Solid.In(c.World, e) && !vocab.Explosive.In(c.World, e) {
			return true
		}
	}
	return false
}
