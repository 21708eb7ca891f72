package game

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/game/vocab"
)

// buildHit deals layered damage to the van: each point first meets the
// armour, which may lose a plate or shrug the point off; with no armour left
// the point lands on the engine, the tyres or the hull, weighted by how much
// of each is left, so a worn part is hit less often.
func (g *Game) buildHit(t vocab.Act, a *ecs.Action) {
	e := t.E
	hp, ok := vocab.HP.Get(g.world, e)
	if !ok || hp.Cur <= 0 {
		return
	}
	say(a, g.hitOpening(t.O))
	armour := vocab.Armour.Value(g.world, e)
	eng := vocab.Engine.Value(g.world, e)
	ty := vocab.Tyres.Value(g.world, e)
	speed := vocab.Speed.Value(g.world, e)
	for range t.N {
		if armour > 0 {
			if g.rng.IntN(armour+g.data.Combat.ArmourBreakOffset) == 0 {
				armour--
				say(a, vocab.Message{ID: assets.MsgArmourLost})
			} else {
				say(a, vocab.Message{ID: assets.MsgArmourHeld})
			}
			continue
		}
		total := eng.Cur + ty.Cur + hp.Cur
		if total <= 0 {
			break
		}
		switch r := g.rng.IntN(total); {
		case r < eng.Cur:
			before := g.data.Van.MaxSpeed(eng.Cur)
			eng.Cur--
			after := g.data.Van.MaxSpeed(eng.Cur)
			speed = min(speed, after)
			if after < before {
				say(a, vocab.Message{ID: assets.MsgEngineHitSlower, N: after})
			} else {
				say(a, vocab.Message{ID: assets.MsgEngineHit})
			}
		case r < eng.Cur+ty.Cur:
			ty.Cur--
			say(a, vocab.Message{ID: assets.MsgTyreBurst})
		default:
			hp.Cur--
			say(a, vocab.Message{ID: assets.MsgHurt})
		}
	}
	vocab.Armour.Set(a, e, armour)
	vocab.Engine.Set(a, e, eng)
	vocab.TopSpeed.Set(a, e, g.data.Van.MaxSpeed(eng.Cur))
	vocab.Speed.Set(a, e, speed)
	vocab.Tyres.Set(a, e, ty)
	vocab.HP.Set(a, e, hp)
	vocab.Cause.Set(a, g.culprit(t.O))
}

// hitOpening says what struck the van: a claw, a ram, a bullet (and whose),
// or a blast.
func (g *Game) hitOpening(by ecs.Entity) vocab.Message {
	kind := vocab.KindOf.Value(g.world, by)
	switch kind {
	case vocab.KindZombie, vocab.KindCar, vocab.KindBike:
		return vocab.Message{ID: g.enemy(kind).BumpText, Who: g.enemy(kind).Name}
	case vocab.KindFragment:
		return vocab.Message{ID: assets.MsgShrapnel}
	}
	shooter := vocab.KindOf.Value(g.world, g.culprit(by))
	switch shooter {
	case vocab.KindCar, vocab.KindBike:
		return vocab.Message{ID: assets.MsgShotBy, Who: g.enemy(shooter).Name}
	}
	return vocab.Message{ID: assets.MsgShot}
}
