package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Die kills e, killed by by. The van is marked dead (its wreck stays where
// it is); anything else is removed, and an enemy that bleeds leaves a stain.
func Die(e ecs.Entity, by ecs.Entity) Act { return Act{Kind: KindDie, E: e, O: by} }

func buildDie(env *Env, t *Act, a *ecs.Action) {
	w := env.World
	if t.E == env.Van {
		vocab.Dead.Add(a, t.E)
		tell(a, vocab.Message{ID: assets.MsgDied}, t.Why)
		return
	}
	p, ok := vocab.Position.Read(w, t.E)
	if !ok {
		return
	}
	kind, _ := vocab.KindOf.Read(w, t.E)
	a.RemoveEntity(t.E)
	if env.Enemy(kind).LeavesBloodstain {
		stain := a.Spawn()
		vocab.Position.Set(a, stain, p)
		vocab.KindOf.Set(a, stain, vocab.KindBloodstain)
		vocab.Decal.Add(a, stain)
	}
	if env.Visible(p) {
		m := deathLine(env, t, kind, p == vocab.Position.Value(w, t.O))
		m.Of = t.E
		tell(a, m, t.Why)
	}
}

// deathLine tells a death: run over by the van, crushed by an enemy
// vehicle, shot dead by one of the van's guns (the killing hit has its
// line), or plainly killed. Only a vehicle entering the cell of something
// that can be run over runs it over; the van shooting it is its culprit
// too, but that is a plain kill.
func deathLine(env *Env, t *Act, kind vocab.Kind, killerHere bool) vocab.Message {
	w := env.World
	victim := env.Enemy(kind).Name
	if killerHere && vocab.RunOverable.Has(w, t.E) {
		if t.O == env.Van {
			return vocab.Message{ID: assets.MsgRunOver, Who: victim}
		}
		if killer, ok := vocab.EnemyOf(&env.Data.Enemies, vocab.KindOf.Value(w, t.O)); ok && vocab.Vehicle.Has(w, t.O) {
			return vocab.Message{ID: assets.MsgCrushed, Who: killer.Name, Victim: victim}
		}
	}
	if why := t.Why; !why.Empty() {
		if last := why.L[why.N-1]; last.By == vocab.KindVan && last.Gun != 0 {
			return vocab.Message{ID: assets.MsgGunKills, Who: env.gunRefName(last.Gun), Victim: victim}
		}
	}
	return vocab.Message{ID: assets.MsgEnemyKilled, Who: victim}
}

// commitDie counts a kill, ends the run when the van is the one dying, and
// takes the dead out of the turn schedule.
func commitDie(env *Env, l Ledger, t *Act) {
	if t.E == env.Van {
		tally := l.Tally()
		tally.Phase, tally.Cause = PhaseOver, CauseDestroyed
		tally.DestroyedBy = vocab.DestroyedBy.Value(env.World, t.E)
		return
	}
	l.Tally().Kills++
	l.Forget(t.E)
}
