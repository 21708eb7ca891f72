package act

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Mount puts carried gun item (an inventory entity, or 0) on the van e's
// side d. A gun already there goes back into the inventory.
func Mount(e ecs.Entity, d geom.Dir, item ecs.Entity) Act {
	return Act{Kind: KindMount, E: e, Dir: d, O: item}
}

func buildMount(env *Env, t *Act, a *ecs.Action) {
	command(t, a)
	w := env.World
	gun, ok := vocab.Item.Get(w, t.O)
	slot := vocab.Slot(t.Dir)
	if !ok || slot < 0 {
		return
	}
	guns := vocab.Guns.Value(w, t.E)
	old := guns[slot]
	guns[slot] = gun
	vocab.Guns.Set(a, t.E, guns)
	a.RemoveEntity(t.O)
	if old != "" {
		carry(w, old, a)
	}
}
