package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Hit deals n points of layered damage to the van e, dealt by by.
func Hit(e ecs.Entity, n int, by ecs.Entity) Act { return Act{Kind: KindHit, E: e, O: by, N: n} }

// buildHit deals layered damage to the van: each point first meets the
// armour, which may lose a plate or shrug the point off; with no armour left
// the point lands on the engine, the tyres or the hull as the combat data's
// hit weights share it out (assets.HitWeights).
func buildHit(env *Env, t *Act, a *ecs.Action) {
	w, e := env.World, t.E
	hp, ok := vocab.HP.Get(w, e)
	if !ok || hp.Cur <= 0 {
		return
	}
	say(a, hitOpening(env, t.O))
	armour := vocab.Armour.Value(w, e)
	eng := vocab.Engine.Value(w, e)
	ty := vocab.Tyres.Value(w, e)
	speed := vocab.Speed.Value(w, e)
	for range t.N {
		if armour > 0 {
			if env.Rand.IntN(armour+env.Data.Combat.ArmourBreakOffset) == 0 {
				armour--
				say(a, vocab.Message{ID: assets.MsgArmourLost})
			} else {
				say(a, vocab.Message{ID: assets.MsgArmourHeld})
			}
			continue
		}
		weights := env.Data.Combat.HitWeights
		total := weights.Total(eng.Cur, ty.Cur, hp.Cur)
		if total <= 0 {
			break
		}
		switch weights.Part(eng.Cur, ty.Cur, hp.Cur, env.Rand.IntN(total)) {
		case assets.PartEngine:
			before := env.Data.Van.MaxSpeed(eng.Cur)
			eng.Cur--
			after := env.Data.Van.MaxSpeed(eng.Cur)
			speed = min(speed, after)
			if after < before {
				say(a, vocab.Message{ID: assets.MsgEngineHitSlower, N: after})
			} else {
				say(a, vocab.Message{ID: assets.MsgEngineHit})
			}
		case assets.PartTyres:
			ty.Cur--
			say(a, vocab.Message{ID: assets.MsgTyreBurst})
		default:
			hp.Cur--
			say(a, vocab.Message{ID: assets.MsgHurt})
		}
	}
	vocab.Armour.Set(a, e, armour)
	vocab.Engine.Set(a, e, eng)
	vocab.TopSpeed.Set(a, e, env.Data.Van.MaxSpeed(eng.Cur))
	vocab.Speed.Set(a, e, speed)
	vocab.Tyres.Set(a, e, ty)
	vocab.HP.Set(a, e, hp)
	vocab.Cause.Set(a, env.culprit(t.O))
	because(a, env.why(t.O, t.E))
	if hp.Cur == 0 {
		vocab.DestroyedBy.Set(a, e, destroyer(env, t.O))
	}
}

// destroyer is the kind of what dealt a fatal hit: whoever fired the
// bullet if they still stand, else the bullet, fragment or enemy itself.
func destroyer(env *Env, by ecs.Entity) vocab.Kind {
	if k := vocab.KindOf.Value(env.World, env.culprit(by)); k != vocab.KindNone {
		return k
	}
	return vocab.KindOf.Value(env.World, by)
}

// hitOpening says what struck the van: a claw, a ram, a bullet (and whose),
// or a blast.
func hitOpening(env *Env, by ecs.Entity) vocab.Message {
	w := env.World
	kind := vocab.KindOf.Value(w, by)
	if e, ok := vocab.EnemyOf(&env.Data.Enemies, kind); ok {
		return vocab.Message{ID: e.BumpText, Who: e.Name}
	}
	if kind == vocab.KindFragment {
		return vocab.Message{ID: assets.MsgShrapnel}
	}
	if e, ok := vocab.EnemyOf(&env.Data.Enemies, vocab.KindOf.Value(w, env.culprit(by))); ok {
		return vocab.Message{ID: assets.MsgShotBy, Who: e.Name}
	}
	return vocab.Message{ID: assets.MsgShot}
}
