package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Explode sets off barrel e, struck by by (a bullet, a fragment, the van
// ramming it): it is gone, and fragments fly out from its cell along every
// direction of the explosion's pattern, in shards (see Blast), carrying the
// chain of causes on. A barrel a projectile struck carries that chain
// itself, the projectile being spent by then.
func Explode(e, by ecs.Entity) Act { return Act{Kind: KindExplode, E: e, O: by} }

func buildExplode(env *Env, t *Act, a *ecs.Action) {
	p, ok := vocab.Position.Get(env.World, t.E)
	if !ok {
		return
	}
	why, struck := vocab.Struck.Get(env.World, t.E)
	if !struck {
		why = env.why(t.O, t.E)
	}
	a.RemoveEntity(t.E)
	blast := why.Then(vocab.Link{By: vocab.KindBarrel})
	ex := &env.Data.Combat.Explosion
	// The shards that set out from the barrel's cell (see Blast) are
	// spawned in a row and given what they share a component at a time,
	// each component in the order a shard's own writes would first touch
	// it: the same change set as writing each shard whole, without a
	// write per shard and component.
	b := env.blast()
	n := b.Starts()
	f := a.SpawnRun(n)
	vocab.Position.SetRun(a, f, n, p)
	vocab.KindOf.SetRun(a, f, n, vocab.KindFragment)
	now := env.Clock()
	for i := range n {
		s := b.start(i)
		c := s.course
		c.MsPerCell, c.Next = ex.MsPerCell, now
		vocab.Velocity.Set(a, f+ecs.Entity(i), c)
		sh := s.shard
		sh.Why = blast
		vocab.Shard.Set(a, f+ecs.Entity(i), sh)
	}
	if env.Visible(p) {
		tell(a, setOff(env, why), why)
	}
}

// setOff tells what set a barrel off, from the last step of the chain that
// struck it: a blast, a round (the van's, an enemy's or a stray one), or
// the van driving into it.
func setOff(env *Env, why vocab.Chain) vocab.Message {
	if why.Empty() {
		return vocab.Message{ID: assets.MsgBarrelExplodes}
	}
	last := why.L[why.N-1]
	switch {
	case last.By == vocab.KindBarrel:
		return vocab.Message{ID: assets.MsgBarrelSetOffByBlast}
	case last.Gun != 0 && last.By == vocab.KindVan:
		return vocab.Message{ID: assets.MsgBarrelShotByYou, Who: env.gunRefName(last.Gun)}
	case last.Gun != 0:
		if e, ok := vocab.EnemyOf(&env.Data.Enemies, last.By); ok {
			return vocab.Message{ID: assets.MsgBarrelShotBy, Who: e.Name, Victim: env.gunRefName(last.Gun)}
		}
		return vocab.Message{ID: assets.MsgBarrelShotStray}
	case last.By == vocab.KindVan:
		return vocab.Message{ID: assets.MsgBarrelRammed}
	}
	return vocab.Message{ID: assets.MsgBarrelExplodes}
}

// gunName is the name of gun id as a log line says it, in lower case.
func gunName(env *Env, id string) string { return GunName(env.Data, id) }

func commitExplode(l Ledger) { l.Tally().Explosions++ }
