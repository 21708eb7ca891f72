package game

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/game/vocab"
)

// build fills the action for an action type from the current state. Builders
// may roll the random generator (a tyre roll, where damage lands) but never
// change anything outside the action: committing it is the only way state
// changes.
func (g *Game) build(t vocab.Act, a *ecs.Action) {
	switch t.Kind {
	case vocab.ActAccelerate:
		g.buildSpeed(t.E, a, +1)
	case vocab.ActDecelerate:
		g.buildSpeed(t.E, a, -1)
	case vocab.ActSteer:
		g.buildSteer(t, a)
	case vocab.ActPhysics:
		vocab.Physics.Set(a, true)
	case vocab.ActLane:
		g.buildStep(t.E, t.Dir.Vec(), a)
		vocab.Steering.Remove(a, t.E)
	case vocab.ActDrive:
		g.buildDrive(t, a)
	case vocab.ActMove:
		g.buildMove(t, a)
	case vocab.ActWalk:
		g.buildStep(t.E, t.Dir.Vec(), a)
	case vocab.ActStop:
		g.buildStop(t.E, a)
	case vocab.ActDestroy:
		a.RemoveEntity(t.E)
	case vocab.ActDamage:
		g.buildDamage(t, a)
	case vocab.ActHit:
		g.buildHit(t, a)
	case vocab.ActDie:
		g.buildDie(t, a)
	case vocab.ActExplode:
		g.buildExplode(t, a)
	case vocab.ActFire:
		g.buildFire(t, a)
	case vocab.ActTakeLetter:
		g.buildTakeLetter(t, a)
	case vocab.ActAcid:
		g.buildAcid(t, a)
	case vocab.ActArrive:
		vocab.Arrived.Add(a, t.E)
	case vocab.ActRepair:
		g.buildRepair(t, a)
	case vocab.ActNotice:
		vocab.Target.Set(a, t.E, t.At)
	}
	// ActWait and ActSay change nothing: their commit is the point.
}

func say(a *ecs.Action, m vocab.Message) {
	lines, _ := vocab.Says.Get(a)
	lines.Add(m)
	vocab.Says.Set(a, lines)
}

func (g *Game) buildSpeed(e ecs.Entity, a *ecs.Action, delta int) {
	speed, ok := vocab.Speed.Get(g.world, e)
	if !ok {
		return
	}
	top := vocab.TopSpeed.Value(g.world, e)
	next := min(max(speed+delta, 0), top)
	if e == g.van && delta > 0 && speed >= top {
		say(a, vocab.Message{ID: assets.MsgTopSpeed})
	}
	if e == g.van && delta < 0 && speed == 0 {
		say(a, vocab.Message{ID: assets.MsgAlreadyStopped})
	}
	if next != speed {
		vocab.Speed.Set(a, e, next)
	}
}

// buildSteer queues a lane change. The van's tyres may let it down; a van
// standing still is not rolled for, so the steering rule can refuse it
// without using the turn.
func (g *Game) buildSteer(t vocab.Act, a *ecs.Action) {
	if t.E == g.van && vocab.Speed.Value(g.world, t.E) > 0 {
		tyres := vocab.Tyres.Value(g.world, t.E)
		if g.rng.IntN(100) >= g.data.Van.SteerChance(tyres.Cur) {
			say(a, vocab.Message{ID: assets.MsgSteerFailed})
			return
		}
	}
	vocab.Steering.Set(a, t.E, t.Dir)
}

func (g *Game) buildStep(e ecs.Entity, d geom.Point, a *ecs.Action) {
	if p, ok := vocab.Position.Get(g.world, e); ok {
		vocab.Position.Set(a, e, p.Add(d))
	}
}

func (g *Game) buildDrive(t vocab.Act, a *ecs.Action) {
	speed := vocab.Speed.Value(g.world, t.E)
	if speed <= 0 || !vocab.Position.Has(g.world, t.E) {
		return
	}
	ms := g.data.Combat.VehicleMsPerCell
	vocab.Moving.Set(a, t.E, vocab.Velocity{
		Line: geom.NewLine(geom.East.Vec()), MsPerCell: ms, Moves: speed, Next: g.engine.Now() + ms,
	})
}

// buildMove advances a velocity one step. A diagonal step takes longer, by
// the square root of two in integer thousandths, so every platform agrees.
func (g *Game) buildMove(t vocab.Act, a *ecs.Action) {
	v, ok := vocab.Moving.Get(g.world, t.E)
	if !ok {
		return
	}
	p, ok := vocab.Position.Get(g.world, t.E)
	if !ok {
		return
	}
	step := v.Line.Step()
	ms := v.MsPerCell
	if step.X != 0 && step.Y != 0 {
		ms = ms * 1414 / 1000
	}
	v.Moves--
	v.Next = g.engine.Now() + ms
	vocab.Moving.Set(a, t.E, v)
	vocab.Position.Set(a, t.E, p.Add(step))
}

func (g *Game) buildStop(e ecs.Entity, a *ecs.Action) {
	if vocab.Moving.Has(g.world, e) {
		vocab.Moving.Remove(a, e)
	}
	if vocab.Steering.Has(g.world, e) {
		vocab.Steering.Remove(a, e)
	}
}

func (g *Game) buildDamage(t vocab.Act, a *ecs.Action) {
	hp, ok := vocab.HP.Get(g.world, t.E)
	if !ok || hp.Cur <= 0 {
		return
	}
	hp.Cur = max(hp.Cur-t.N, 0)
	vocab.HP.Set(a, t.E, hp)
	vocab.Cause.Set(a, g.culprit(t.O))
}

// culprit follows a projectile back to whoever fired it.
func (g *Game) culprit(e ecs.Entity) ecs.Entity {
	if s, ok := vocab.Shooter.Get(g.world, e); ok {
		return s
	}
	return e
}

func (g *Game) buildDie(t vocab.Act, a *ecs.Action) {
	if t.E == g.van {
		vocab.Dead.Add(a, t.E)
		say(a, vocab.Message{ID: assets.MsgDied})
		return
	}
	p, ok := vocab.Position.Get(g.world, t.E)
	if !ok {
		return
	}
	kind := vocab.KindOf.Value(g.world, t.E)
	a.RemoveEntity(t.E)
	if g.enemy(kind).LeavesBloodstain {
		stain := a.Spawn()
		vocab.Position.Set(a, stain, p)
		vocab.KindOf.Set(a, stain, vocab.KindBloodstain)
		vocab.Decal.Add(a, stain)
	}
	if g.visible(p) {
		id := assets.MsgEnemyKilled
		// The van shooting a zombie is its culprit too; only driving into
		// the zombie's cell is running it over.
		who := g.enemy(kind).Name
		killer := vocab.KindOf.Value(g.world, t.O)
		switch {
		case t.O == g.van && kind == vocab.KindZombie && vocab.Position.Value(g.world, g.van) == p:
			id = assets.MsgRunOver
		case (killer == vocab.KindCar || killer == vocab.KindBike) && vocab.RunOverable.Has(g.world, t.E) &&
			vocab.Position.Value(g.world, t.O) == p:
			id, who = assets.MsgCrushed, g.enemy(killer).Name
			say(a, vocab.Message{ID: id, Who: who, Victim: g.enemy(kind).Name})
			return
		}
		say(a, vocab.Message{ID: id, Who: who})
	}
}

// visible reports whether the driver can see cell p.
func (g *Game) visible(p geom.Point) bool {
	vp, ok := vocab.Position.Get(g.world, g.van)
	return ok && vp.Dist2(p) < g.data.Van.Vision*g.data.Van.Vision
}

func (g *Game) buildExplode(t vocab.Act, a *ecs.Action) {
	p, ok := vocab.Position.Get(g.world, t.E)
	if !ok {
		return
	}
	a.RemoveEntity(t.E)
	ex := g.data.Combat.Explosion
	for _, d := range ex.Directions {
		f := a.Spawn()
		vocab.Position.Set(a, f, p)
		vocab.KindOf.Set(a, f, vocab.KindFragment)
		vocab.Projectile.Add(a, f)
		vocab.Fragment.Add(a, f)
		vocab.Damage.Set(a, f, ex.Damage)
		vocab.Moving.Set(a, f, vocab.Velocity{
			Line: geom.NewLine(geom.Pt(d[0], d[1])), MsPerCell: ex.MsPerCell, Moves: ex.Range, Next: g.engine.Now(),
		})
	}
	if g.visible(p) {
		say(a, vocab.Message{ID: assets.MsgBarrelExplodes})
	}
}

// buildFire spawns the bullets of a shot in the shooter's own cell, already
// moving: their first step, at once, takes them to the neighbouring cell, so
// at point blank every pellet hits. A burst gun spawns one bullet per action.
func (g *Game) buildFire(t vocab.Act, a *ecs.Action) {
	p, ok := vocab.Position.Get(g.world, t.E)
	if !ok {
		return
	}
	gun := g.gun(t.Item)
	n := gun.Bullets
	if t.Delay > 0 {
		n = 1
	}
	for range n {
		aim := t.Dir.Vec().Mul(gun.Range)
		if gun.Spread > 0 {
			aim = aim.Add(geom.Pt(g.spread(gun.Spread), g.spread(gun.Spread)))
		}
		b := a.Spawn()
		vocab.Position.Set(a, b, p)
		vocab.KindOf.Set(a, b, vocab.KindBullet)
		vocab.Projectile.Add(a, b)
		vocab.Damage.Set(a, b, g.data.Combat.BulletDamage)
		vocab.Shooter.Set(a, b, t.E)
		vocab.Gun.Set(a, b, gun.ID)
		vocab.Moving.Set(a, b, vocab.Velocity{
			Line: geom.NewLine(aim), MsPerCell: gun.MsPerCell, Moves: gun.Range + 1, Next: g.engine.Now(),
		})
	}
}

// spread draws evenly from -s..s, so a spread shot leans no way.
func (g *Game) spread(s int) int { return g.rng.IntN(2*s+1) - s }

func (g *Game) buildTakeLetter(t vocab.Act, a *ecs.Action) {
	if !vocab.Letter.Has(g.world, t.O) {
		return
	}
	a.RemoveEntity(t.O)
	vocab.Letters.Set(a, t.E, vocab.Letters.Value(g.world, t.E)+1)
	say(a, vocab.Message{ID: assets.MsgLetterTaken})
}

func (g *Game) buildAcid(t vocab.Act, a *ecs.Action) {
	tyres, ok := vocab.Tyres.Get(g.world, t.E)
	if !ok || tyres.Cur <= 0 {
		return
	}
	if g.rng.IntN(100) < g.data.Van.AcidTyreChance {
		tyres.Cur--
		vocab.Tyres.Set(a, t.E, tyres)
		say(a, vocab.Message{ID: assets.MsgAcidTyre})
	}
}

func (g *Game) buildRepair(t vocab.Act, a *ecs.Action) {
	c, ok := g.data.Shop.Consumable(t.Item)
	if !ok {
		return
	}
	switch c.Restores {
	case assets.StatEngine:
		eng := vocab.Engine.Value(g.world, t.E)
		eng.Cur = min(eng.Cur+c.Amount, eng.Max)
		vocab.Engine.Set(a, t.E, eng)
		vocab.TopSpeed.Set(a, t.E, g.data.Van.MaxSpeed(eng.Cur))
		say(a, vocab.Message{ID: assets.MsgEngineRepaired})
	case assets.StatTyres:
		ty := vocab.Tyres.Value(g.world, t.E)
		ty.Cur = min(ty.Cur+c.Amount, ty.Max)
		vocab.Tyres.Set(a, t.E, ty)
		say(a, vocab.Message{ID: assets.MsgTyreReplaced})
	}
}
