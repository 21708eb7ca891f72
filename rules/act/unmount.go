package act

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Unmount takes the gun off the van e's side d into the inventory.
func Unmount(e ecs.Entity, d geom.Dir) Act { return Act{Kind: KindUnmount, E: e, Dir: d} }

func buildUnmount(env *Env, t *Act, a *ecs.Action) {
	command(t, a)
	w := env.World
	guns := vocab.Guns.Value(w, t.E)
	slot := vocab.Slot(t.Dir)
	if slot < 0 || guns[slot] == "" {
		return
	}
	carry(w, guns[slot], a)
	guns[slot] = ""
	vocab.Guns.Set(a, t.E, guns)
}
