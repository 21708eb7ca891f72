package game

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/game/sched"
	"lastpost/game/vocab"
	"lastpost/levelgen"
	"lastpost/rules"
	"lastpost/rules/book"
)

// startDelivery generates the next road, fills it, schedules everyone and
// runs the world up to the van's first turn.
func (g *Game) startDelivery() {
	g.levelSeed, g.levelDifficulty = g.rng.Uint64(), g.Run.Delivery
	g.setLevel(levelgen.Generate(g.levelSeed, g.levelDifficulty, g.data.LevelGen))
	g.populate()
	g.Run.Phase = PhaseRoad
	g.log.Add(vocab.Message{ID: assets.MsgDeliveryStarts, N: g.Run.Delivery + 1}, g.Run.Turns)
	g.advance()
}

// setLevel makes a fresh world and rule engine for a road.
func (g *Game) setLevel(level *levelgen.Level) {
	g.level = level
	// The road never changes during a delivery, so its digest is taken
	// once rather than in every Hash.
	g.levelHash = level.Hash()
	g.resetWorld()
	g.world.SetSpatial(vocab.SpatialSpec(level.W, level.H))
	g.acid = make([]bool, level.W*level.H)
	for i, t := range level.Terrain {
		g.acid[i] = t == levelgen.Acid
	}
	g.env = book.Env{GoalX: level.GoalX(), Acid: g.Acid}
	g.engine = rules.New(g.world, book.Book(&g.env), rules.Options[vocab.Act]{
		Build: g.build, Describe: vocab.Act.String,
	})
	g.engine.AddProcess(velocity{g})
	g.engine.OnCommit = g.onCommit
	g.engine.OnAdvance = g.onAdvance
	g.engine.Trace = g.turnTrace
	g.sched = sched.Schedule[Task]{}
	if g.tickets == nil {
		g.tickets = map[ecs.Entity]sched.Ticket{}
	}
	clear(g.tickets)
	g.memory.Reset(level.W, level.H)
	g.view = mapView{g}
	g.occupied = g.enemyAt
}

// resetWorld makes the empty world of a new road. After the first road it
// renews the last one, which gives the same state as a new world in the
// memory the old one grew (the profile of a long autoplay showed
// allocating every road afresh as a tenth of the time).
func (g *Game) resetWorld() {
	if g.world == nil {
		g.world = ecs.NewWorld(vocab.Schema())
		return
	}
	g.world = g.world.Renew()
}

// populate places the level's spawns and the van, in generation order, and
// schedules enemies, van and physics at their offsets in the round.
func (g *Game) populate() {
	a := g.world.NewAction()
	var actors []ecs.Entity
	for _, s := range g.level.Spawns {
		e := a.Spawn()
		vocab.Position.Set(a, e, s.At)
		switch s.Kind {
		case levelgen.Wreck:
			vocab.KindOf.Set(a, e, vocab.KindWreck)
			vocab.Solid.Add(a, e)
		case levelgen.Barrel:
			vocab.KindOf.Set(a, e, vocab.KindBarrel)
			vocab.Solid.Add(a, e)
			vocab.Hittable.Add(a, e)
			vocab.Explosive.Add(a, e)
		case levelgen.Letter:
			vocab.KindOf.Set(a, e, vocab.KindLetter)
			vocab.Letter.Add(a, e)
		case levelgen.Zombie:
			g.makeEnemy(a, e, vocab.KindZombie)
			actors = append(actors, e)
		case levelgen.Car:
			g.makeEnemy(a, e, vocab.KindCar)
			actors = append(actors, e)
		case levelgen.Bike:
			g.makeEnemy(a, e, vocab.KindBike)
			actors = append(actors, e)
		}
	}
	g.van = a.Spawn()
	g.makeVan(a, g.van, g.level.Start)
	g.world.Commit(a)
	for _, e := range actors {
		g.tickets[e] = g.sched.Insert(Task{Kind: TaskActor, E: e}, offsetEnemy)
	}
	g.sched.Insert(Task{Kind: TaskActor, E: g.van}, offsetVan)
	g.sched.Insert(Task{Kind: TaskPhysics}, offsetPhysics)
}

func (g *Game) makeEnemy(a *ecs.Action, e ecs.Entity, kind vocab.Kind) {
	d := g.enemy(kind)
	vocab.KindOf.Set(a, e, kind)
	vocab.Enemy.Add(a, e)
	vocab.Hittable.Add(a, e)
	vocab.HP.Set(a, e, vocab.Stat{Cur: d.HP, Max: d.HP})
	vocab.Damage.Set(a, e, d.BumpDamage)
	if d.CanBeRunOver {
		vocab.RunOverable.Add(a, e)
	}
	if d.RunsOver {
		vocab.Vehicle.Add(a, e)
	}
	if d.Movement == assets.MovementDrive {
		vocab.Speed.Set(a, e, d.StartSpeed)
		vocab.TopSpeed.Set(a, e, d.MaxSpeed)
	}
	if len(d.Weapons) > 0 {
		var slots vocab.Slots
		for _, m := range d.Weapons {
			slots[vocab.Slot(m.Slot.Dir())] = m.Gun
		}
		vocab.Guns.Set(a, e, slots)
	}
}

func (g *Game) makeVan(a *ecs.Action, e ecs.Entity, at geom.Point) {
	v := g.Run.Van
	vocab.Position.Set(a, e, at)
	vocab.KindOf.Set(a, e, vocab.KindVan)
	vocab.Player.Add(a, e)
	vocab.Vehicle.Add(a, e)
	vocab.Hittable.Add(a, e)
	vocab.HP.Set(a, e, v.HP)
	vocab.Engine.Set(a, e, v.Engine)
	vocab.Tyres.Set(a, e, v.Tyres)
	vocab.Armour.Set(a, e, v.Armour)
	top := g.data.Van.MaxSpeed(v.Engine.Cur)
	vocab.TopSpeed.Set(a, e, top)
	vocab.Speed.Set(a, e, min(g.data.Van.StartSpeed, top))
	vocab.Guns.Set(a, e, v.Guns)
	vocab.Letters.Set(a, e, 0)
}

// onCommit keeps the campaign and the log in step with committed actions.
func (g *Game) onCommit(t vocab.Act, now int) {
	switch t.Kind {
	case vocab.ActSay:
		// A log line alone is not a turn: a refused steer still explains
		// itself without using the turn.
		g.log.Add(t.Msg, g.Run.Turns)
		g.lastSaid = t.Msg
	case vocab.ActDie:
		if t.E != g.van {
			g.Run.Kills++
		}
		g.forget(t.E)
	case vocab.ActDestroy:
		g.forget(t.E)
	case vocab.ActExplode:
		g.Run.Explosions++
	case vocab.ActRepair:
		g.removeItem(t.N)
	}
	if t.Kind != vocab.ActSay {
		g.committed++
	}
	if g.listener.Commit != nil {
		g.listener.Commit(now)
	}
}

func (g *Game) onAdvance(now int) {
	if g.listener.Advance != nil {
		g.listener.Advance(now)
	}
}

// forget cancels a removed entity's place in the turn schedule.
func (g *Game) forget(e ecs.Entity) {
	if t, ok := g.tickets[e]; ok {
		g.sched.Cancel(t)
		delete(g.tickets, e)
	}
}

func (g *Game) removeItem(i int) {
	if i >= 0 && i < len(g.Run.Inventory) {
		g.Run.Inventory = append(g.Run.Inventory[:i], g.Run.Inventory[i+1:]...)
	}
}
