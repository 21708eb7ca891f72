package act

import (
	"cmp"
	"slices"

	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Carried returns the items the van carries, in inventory order.
func Carried(w *ecs.World) []ecs.Entity { return ranked(w, vocab.Item.Entities(w)) }

// OnSale returns the offers of the camp's shop, in the order they are
// shown.
func OnSale(w *ecs.World) []ecs.Entity { return ranked(w, vocab.Offer.Entities(w)) }

// ranked returns a sorted copy of ents by rank (ties, which never happen,
// by id), since a store's order changes as entities come and go.
func ranked(w *ecs.World, ents []ecs.Entity) []ecs.Entity {
	out := slices.Clone(ents)
	slices.SortFunc(out, func(a, b ecs.Entity) int {
		if c := cmp.Compare(vocab.Rank.Value(w, a), vocab.Rank.Value(w, b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return out
}

// Nth returns the n-th entity of list, or 0 when there is none: a command
// that names an item or offer that does not exist builds into an action on
// entity 0, which the rules refuse.
func Nth(list []ecs.Entity, n int) ecs.Entity {
	if n < 0 || n >= len(list) {
		return 0
	}
	return list[n]
}

// carry puts a new item id into the inventory, after everything there.
func carry(w *ecs.World, id string, a *ecs.Action) {
	rank := 0
	for _, e := range vocab.Item.Entities(w) {
		rank = max(rank, vocab.Rank.Value(w, e)+1)
	}
	e := a.Spawn()
	vocab.Item.Set(a, e, id)
	vocab.Rank.Set(a, e, rank)
}

// IsCarried reports whether e is an item in the inventory.
func IsCarried(r ecs.Reader, e ecs.Entity) bool { return e != 0 && vocab.Item.Has(r, e) }
