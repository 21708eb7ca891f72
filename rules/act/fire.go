package act

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Fire fires gun from e's side d. With period 0 every bullet of the shot
// leaves at once; otherwise one bullet leaves now and the burst rule fires
// the rest, remaining counting this one, period milliseconds apart. A gun
// of "" is an empty slot, which the rules refuse.
func Fire(e ecs.Entity, d geom.Dir, gun string, remaining, period int) Act {
	return Act{Kind: KindFire, E: e, Dir: d, Item: gun, N: remaining, Delay: period}
}

// FireFrom is the shot of whatever gun e has on side d: its whole volley,
// or the first bullet of its burst. An empty side gives a Fire of no gun.
func FireFrom(env *Env, e ecs.Entity, d geom.Dir) Act {
	gun := vocab.Guns.Value(env.World, e).Gun(d)
	if gun == "" {
		return Fire(e, d, "", 0, 0)
	}
	spec := env.Gun(gun)
	return Fire(e, d, gun, spec.Bullets, spec.BurstPeriodMs)
}

// buildFire spawns the bullets of a shot in the shooter's own cell, already
// moving: their first step, at once, takes them to the neighbouring cell, so
// at point blank every pellet hits. A burst gun spawns one bullet per action.
func buildFire(env *Env, t *Act, a *ecs.Action) {
	command(t, a)
	p, ok := vocab.Position.Read(env.World, t.E)
	if !ok || t.Item == "" {
		return
	}
	gun := env.Gun(t.Item)
	why := vocab.Chain{}.Then(vocab.Link{By: vocab.KindOf.Value(env.World, t.E), Gun: GunRefOf(env.Data, gun.ID)})
	n := gun.Bullets
	if t.Delay > 0 {
		n = 1
	}
	for range n {
		aim := t.Dir.Vec().Mul(gun.Range)
		if gun.Spread > 0 {
			aim = aim.Add(geom.Pt(spread(env, gun.Spread), spread(env, gun.Spread)))
		}
		b := a.Spawn()
		vocab.Position.Set(a, b, p)
		vocab.KindOf.Set(a, b, vocab.KindBullet)
		vocab.Projectile.Add(a, b)
		vocab.Damage.Set(a, b, env.Data.Combat.BulletDamage)
		vocab.Shooter.Set(a, b, t.E)
		vocab.Gun.Set(a, b, gun.ID)
		vocab.Why.Set(a, b, why)
		vocab.Velocity.Set(a, b, vocab.Course{
			Line: geom.NewLine(aim), MsPerCell: gun.MsPerCell, Moves: gun.Range + 1, Next: env.Clock(),
		})
	}
}

// spread draws evenly from -s..s, so a spread shot leans no way.
func spread(env *Env, s int) int { return env.Rand.IntN(2*s+1) - s }
