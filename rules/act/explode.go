package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Explode sets off barrel e: it is gone, and fragments fly out from its
// cell along every direction of the explosion's pattern.
func Explode(e ecs.Entity) Act { return Act{Kind: KindExplode, E: e} }

func buildExplode(env *Env, t Act, a *ecs.Action) {
	p, ok := vocab.Position.Get(env.World, t.E)
	if !ok {
		return
	}
	a.RemoveEntity(t.E)
	ex := env.Data.Combat.Explosion
	for _, d := range ex.Directions {
		f := a.Spawn()
		vocab.Position.Set(a, f, p)
		vocab.KindOf.Set(a, f, vocab.KindFragment)
		vocab.Projectile.Add(a, f)
		vocab.Fragment.Add(a, f)
		vocab.Damage.Set(a, f, ex.Damage)
		vocab.Velocity.Set(a, f, vocab.Course{
			Line: geom.NewLine(geom.Pt(d[0], d[1])), MsPerCell: ex.MsPerCell, Moves: ex.Range, Next: env.Clock(),
		})
	}
	if env.Visible(p) {
		say(a, vocab.Message{ID: assets.MsgBarrelExplodes})
	}
}

func commitExplode(l Ledger) { l.Tally().Explosions++ }
