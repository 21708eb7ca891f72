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
func Stranded(env *Env) Rule {
	return Rule{Name: "stranded", Concerns: []ecs.ID{vocab.TopSpeed.ID(), vocab.Item.ID(), vocab.Position.ID()},
		Check: func(c *Check) Verdict {
			for _, van := range vocab.Player.Entities(c.World) {
				if why, stuck := strandedAfter(c, env, van); stuck {
					c.Enqueue(act.Strand(van, why))
				}
			}
			return Accept
		}}
}

// strandedAfter reports whether, and why, the van would be stranded once
// the action is committed.
func strandedAfter(c *Check, env *Env, van ecs.Entity) (assets.TextID, bool) {
	at, onRoad := vocab.Position.Get(c.After, van)
	if !onRoad || vocab.Stranded.Has(c.World, van) {
		return "", false
	}
	if vocab.TopSpeed.Value(c.After, van) <= 0 && !carriesEngineKit(c, env) {
		return assets.MsgStranded, true
	}
	if moved, _ := vocab.Position.Get(c.World, van); moved != at && boxedIn(c, at) {
		return assets.MsgBoxedIn, true
	}
	return "", false
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
	for _, d := range [3]geom.Dir{geom.East, geom.North, geom.South} {
		q := p.Add(d.Vec())
		if !c.Spatial.In(q) {
			continue
		}
		wreck := false
		for _, e := range c.Spatial.At(q) {
			wreck = wreck || vocab.Solid.Has(c.World, e) && !vocab.Explosive.Has(c.World, e)
		}
		if !wreck {
			return false
		}
	}
	return true
}
