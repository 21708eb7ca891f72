package book

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Stranded ends the run when the van on a road is left with a dead engine
// (a top speed of zero) and no kit that could mend it: it could never move
// again, and waiting for the enemies to finish it would only waste the
// player's time.
func Stranded(env *Env) Rule {
	return Rule{Name: "stranded", Concerns: []ecs.ID{vocab.TopSpeed.ID(), vocab.Item.ID()},
		Check: func(c *Check) Verdict {
			for _, van := range vocab.Player.Entities(c.World) {
				if strandedAfter(c, env, van) {
					c.Enqueue(act.Strand(van))
				}
			}
			return Accept
		}}
}

// strandedAfter reports whether the van would be stranded once the action
// is committed: on the road, not already stranded, no top speed, no kit.
func strandedAfter(c *Check, env *Env, van ecs.Entity) bool {
	if !vocab.Position.Has(c.After, van) || vocab.Stranded.Has(c.World, van) ||
		vocab.TopSpeed.Value(c.After, van) > 0 {
		return false
	}
	for _, e := range vocab.Item.Entities(c.World) {
		kit, ok := env.Data.Shop.Consumable(vocab.Item.Value(c.World, e))
		if ok && kit.Restores == assets.StatEngine && vocab.Item.Has(c.After, e) {
			return false
		}
	}
	return true
}
