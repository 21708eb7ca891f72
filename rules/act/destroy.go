package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Destroy removes e: a bullet that hit nothing, a burnt letter. An actor
// removed this way leaves the turn schedule.
func Destroy(e ecs.Entity) Act { return Act{Kind: KindDestroy, E: e} }

// Spend removes projectile e, spent on what it hit (which tells its own
// line).
func Spend(e ecs.Entity) Act { return Act{Kind: KindDestroy, E: e, N: spent} }

// SpendOn removes projectile e, spent on barrel x: the first projectile to
// strike the barrel marks it struck, and the rules set it off; one that
// strikes it at the same instant after the first finds it marked, and is
// only spent.
func SpendOn(e, x ecs.Entity) Act { return Act{Kind: KindDestroy, E: e, O: x, N: spent} }

// spent marks a Destroy as a projectile's end on a hit.
const spent = 1

// buildDestroy removes the entity. A round of the van's that ends without
// hitting anything (its range run out, off the road, into a wreck) says so,
// so a shot that falls short is not a shot that never happened.
func buildDestroy(env *Env, t *Act, a *ecs.Action) {
	w := env.World
	if t.N == spent && t.O != 0 && vocab.Explosive.In(w, t.O) && !vocab.Struck.Has(w, t.O) {
		vocab.Struck.Set(a, t.O, env.why(t.E, t.O))
	}
	a.RemoveEntity(t.E)
	if t.N == spent || vocab.Shard.In(w, t.E) || !vocab.Projectile.In(w, t.E) {
		return
	}
	if by, _ := vocab.Shooter.Read(w, t.E); by != env.Van {
		return
	}
	gun, _ := vocab.Gun.Read(w, t.E)
	why, _ := vocab.Why.Read(w, t.E)
	tell(a, vocab.Message{ID: assets.MsgMissed, Who: gunName(env, gun)}, why)
}

func commitDestroy(l Ledger, t *Act) { l.Forget(t.E) }
