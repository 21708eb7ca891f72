package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Damage takes n hit points from e (an enemy or a barrel), dealt by by.
func Damage(e ecs.Entity, n int, by ecs.Entity) Act {
	return Act{Kind: KindDamage, E: e, O: by, N: n}
}

func buildDamage(env *Env, t *Act, a *ecs.Action) {
	hp, ok := vocab.HP.Read(env.World, t.E)
	if !ok || hp.Cur <= 0 {
		return
	}
	hp.Cur = max(hp.Cur-t.N, 0)
	vocab.HP.Set(a, t.E, hp)
	vocab.Cause.Set(a, env.culprit(t.O))
	why := env.why(t.O, t.E)
	if hp.Cur > 0 {
		if m, ok := hitLine(env, t, hp.Cur); ok {
			tell(a, m, why)
			return
		}
	}
	because(a, why)
}

// hitLine tells the driver a hit that did not kill: by one of the van's
// guns, or by a barrel's fragment the driver can see. Without it the player
// learns nothing of a shot until the target dies. Kills have their own line
// (see Die), so a hit that kills is not told twice.
func hitLine(env *Env, t *Act, left int) (vocab.Message, bool) {
	w := env.World
	kind, _ := vocab.KindOf.Read(w, t.E)
	victim, ok := vocab.EnemyOf(&env.Data.Enemies, kind)
	if !ok {
		return vocab.Message{}, false
	}
	if vocab.Shard.In(w, t.O) {
		p, ok := vocab.Position.Read(w, t.E)
		if !ok || !env.Visible(p) {
			return vocab.Message{}, false
		}
		return vocab.Message{ID: assets.MsgShrapnelHits, Victim: victim.Name, N: left, Of: t.E}, true
	}
	if env.culprit(t.O) != env.Van {
		return vocab.Message{}, false
	}
	name := gunName(env, vocab.Gun.Value(w, t.O))
	return vocab.Message{ID: assets.MsgGunHits, Who: name, Victim: victim.Name, N: left, Of: t.E}, true
}
