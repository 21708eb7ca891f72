package act

import (
	"lastpost/ecs"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// Populate places every thing of the road in env.Road on it, in the order
// the road lists them, as one action: the rules see everything placed at
// once, and a road of a few hundred things is checked and committed once
// rather than once a thing (no rule refuses a thing appearing). n is how
// many things the road has, for the trace.
func Populate(road *levelgen.Level) Act { return Act{Kind: KindPopulate, N: len(road.Spawns)} }

func buildPopulate(env *Env, a *ecs.Action) {
	road := env.Road
	// A road names a handful of things: each one's kind is looked up once,
	// not once a cell.
	kinds := make([]vocab.Kind, len(road.Things))
	for i, th := range road.Things {
		kinds[i] = vocab.KindNamed(&env.Data.Enemies, th.ID)
	}
	for _, s := range road.Spawns {
		place(env, a, kinds[s.Thing], s.At)
	}
}

// commitPopulate gives each enemy placed its turn in the schedule, in the
// order the road placed them: they are the action's spawned ids, the last
// ones the world handed out.
func commitPopulate(env *Env, l Ledger) {
	w := env.World
	last := w.LastEntity()
	for e := last - ecs.Entity(len(env.Road.Spawns)) + 1; e <= last; e++ {
		if vocab.Enemy.Has(w, e) {
			l.Enlist(e)
		}
	}
}
