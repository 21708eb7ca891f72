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
	var room [thingsRoom]vocab.Kind
	kinds := thingKinds(env, road, room[:0])
	var recipeRoom [thingsRoom]recipe
	recipes := recipeRoom[:0]
	for _, k := range kinds {
		recipes = append(recipes, recipeOf(env, k))
	}
	var countRoom [thingsRoom]int
	counts := countRoom[:0]
	for range kinds {
		counts = append(counts, 0)
	}
	for _, s := range road.Spawns {
		counts[s.Thing]++
	}
	pl := newPlacer(a)
	pl.grow(recipes, counts)
	first := a.SpawnRun(len(road.Spawns))
	for i, s := range road.Spawns {
		pl.place(first+ecs.Entity(i), &recipes[s.Thing], s.At)
	}
}

// thingsRoom is how many things a road may name before thingKinds needs
// more room than its caller keeps on the stack; the shipped tables name
// six.
const thingsRoom = 16

// thingKinds appends to kinds the kind of each thing the road names, in
// its order: a road names a handful of things, so each one's kind is
// looked up once, not once a cell.
func thingKinds(env *Env, road *levelgen.Level, kinds []vocab.Kind) []vocab.Kind {
	for _, th := range road.Things {
		kinds = append(kinds, vocab.KindNamed(&env.Data.Enemies, th.ID))
	}
	return kinds
}

// commitPopulate gives each enemy placed its turn in the schedule, in the
// order the road placed them: they are the action's spawned ids, the last
// ones the world handed out, one a spawn in the road's order. Which are
// enemies follows from each spawn's kind, as place decides it, without
// asking the Enemy store about every thing placed.
func commitPopulate(env *Env, l Ledger) {
	road := env.Road
	var room [thingsRoom]vocab.Kind
	kinds := thingKinds(env, road, room[:0])
	first := env.World.LastEntity() - ecs.Entity(len(road.Spawns)) + 1
	for i, s := range road.Spawns {
		if placesEnemy(kinds[s.Thing]) {
			l.Enlist(first + ecs.Entity(i))
		}
	}
}
