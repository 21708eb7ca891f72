package game

import (
	"lastpost/ai"
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// mapView shows the AI the road as enemies know it: wrecks and barrels are
// solid, and so is everything off the map.
type mapView struct{ g *Game }

// Size returns the road's size.
func (m mapView) Size() (int, int) { return m.g.level.W, m.g.level.H }

// Solid reports whether p blocks movement.
func (m mapView) Solid(p geom.Point) bool {
	return !p.In(m.g.level.W, m.g.level.H) || m.g.world.Spatial().Any(p, vocab.Solid.ID())
}

// Acid reports whether p is acid.
func (m mapView) Acid(p geom.Point) bool { return m.g.Acid(p) }

// enemyAt reports whether an enemy stands at p, which a walker paths around.
func (g *Game) enemyAt(p geom.Point) bool {
	return g.world.Spatial().Any(p, vocab.Enemy.ID())
}

// walkGrid is the road as walkers meet it now, read from the spatial
// index: what mapView calls solid and enemyAt occupied, without a call per
// cell. It is taken afresh for each step, as ecs.CountGrid asks, so no
// road, save or load can leave it stale.
func (g *Game) walkGrid() ai.Grid {
	sp := g.world.Spatial()
	return ai.Grid{Solid: sp.CountGrid(vocab.Solid.ID()), Occupied: sp.CountGrid(vocab.Enemy.ID())}
}

// turnOutcome is what an enemy's turn left to do.
type turnOutcome uint8

const (
	// turnWaits: the enemy queued nothing; there is nothing to resolve.
	turnWaits turnOutcome = iota
	// turnQueued: the enemy queued actions for the rules to resolve.
	turnQueued
	// turnAsleep: the enemy fell asleep (see sleepers) and left the
	// schedule.
	turnAsleep
)

// enemyTurn lets one enemy look for the van and decide what to do, and
// queues its orders. An enemy standing still with no target and no sight
// of the van has nothing to do until the van comes near; it queues nothing
// and falls asleep (see sleepers). The components are read straight from
// the world (Read, which inlines), not through the Reader interface.
func (g *Game) enemyTurn(e ecs.Entity) turnOutcome {
	w := g.world
	pos, ok := vocab.Position.Read(w, e)
	if !ok {
		return turnWaits
	}
	kind, _ := vocab.KindOf.Read(w, e)
	d := g.env.Enemy(kind)
	vanPos, _ := vocab.Position.Read(w, g.env.Van)
	target, has := vocab.Target.Read(w, e)
	queued := false
	if ai.Sees(pos, vanPos, d.Vision) {
		if !has || target != vanPos {
			act.NoticeIn(g.engine.EnqueueNew(), e, vanPos)
			queued = true
		}
		target, has = vanPos, true
	} else if !has && g.still(e) {
		g.sleepers.fallsAsleepSeeing(vanPos)
		g.sleep(e, kind, pos)
		return turnAsleep
	}
	var order ai.Order
	switch {
	case d.Behaviour == assets.BehaviourWalker:
		if has {
			grid := g.walkGrid()
			order = ai.MoveOrder(g.path.Step(&grid, pos, target))
		}
	default:
		speed, _ := vocab.Speed.Read(w, e)
		top, _ := vocab.TopSpeed.Read(w, e)
		v := ai.Vehicle{At: pos, Speed: speed, MaxSpeed: top, HasTarget: has}
		solidEast := g.view.Solid(pos.Add(geom.East.Vec()))
		if d.Behaviour == assets.BehaviourCar {
			order = ai.Car(v, target, solidEast)
		} else {
			order = ai.Bike(v, target, solidEast)
		}
	}
	if g.enqueueOrder(e, order) || queued {
		return turnQueued
	}
	return turnWaits
}

// enqueueOrder hands enemy e's order to the rules as its action, except a
// wait while no one traces the turn: no rule refuses an enemy's wait (the
// moot rule lets waits pass and the rest look at components a wait never
// touches) and its commit changes nothing, so skipping the book leaves the
// state, the log and the hash exactly as they would be. With tracing on,
// the wait goes through the book, so a trace still shows every enemy's
// turn. A skipped wait is not even built: an action is a large value, and
// most enemy turns wait. It reports whether it queued anything.
func (g *Game) enqueueOrder(e ecs.Entity, o ai.Order) bool {
	if g.ordersWait(e, o) {
		if g.turnTrace != nil {
			g.engine.Enqueue(act.Wait(e))
			return true
		}
		return false
	}
	// A walker's step, the usual order, is filled in in its queue slot.
	if o.Kind == ai.Move {
		act.WalkIn(g.engine.EnqueueNew(), e, o.Dir)
		return true
	}
	g.engine.Enqueue(g.orderAct(e, o))
	return true
}

// ordersWait reports whether orderAct turns order o of enemy e into a
// wait.
func (g *Game) ordersWait(e ecs.Entity, o ai.Order) bool {
	switch o.Kind {
	case ai.Accelerate, ai.Decelerate, ai.Steer:
		return false
	case ai.Move:
		return o.Dir == geom.None
	case ai.Fire:
		return vocab.Guns.Value(g.world, e).Gun(o.Dir) == ""
	}
	return true
}

// orderAct turns an AI order into an action type for actor e.
func (g *Game) orderAct(e ecs.Entity, o ai.Order) act.Act {
	switch o.Kind {
	case ai.Accelerate:
		return act.Accelerate(e)
	case ai.Decelerate:
		return act.Decelerate(e)
	case ai.Steer:
		return act.Steer(e, o.Dir)
	case ai.Move:
		if o.Dir != geom.None {
			return act.Walk(e, o.Dir)
		}
	case ai.Fire:
		if vocab.Guns.Value(g.world, e).Gun(o.Dir) != "" {
			return act.FireFrom(&g.env, e, o.Dir)
		}
	}
	return act.Wait(e)
}
