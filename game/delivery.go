package game

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/levelgen"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// startDelivery lays out the next road and runs the world up to the van's
// first turn.
func (g *Game) startDelivery() error {
	g.layOutNextRoad()
	return g.advance()
}

// layOutNextRoad generates the next road, populates it through the rules
// and schedules everyone.
func (g *Game) layOutNextRoad() {
	g.levelSeed, g.levelDifficulty = g.rng.Uint64(), g.Run.Delivery
	g.drawn = false
	g.setLevel(g.generator().Generate(g.levelSeed, g.levelDifficulty))
	g.populate()
}

// generator returns the run's road generator, made from the data's tables
// the first time a road is asked for: the tables are checked once a run
// rather than once a road, and the generator's room is reused.
func (g *Game) generator() *levelgen.Generator {
	if g.gen == nil {
		gen, err := levelgen.NewGenerator(g.data.LevelGen)
		if err != nil {
			// As levelgen.Generate: the data's loader checks the tables.
			panic("game: invalid level tables: " + err.Error())
		}
		g.gen = gen
	}
	return g.gen
}

// setLevel lays out a road: its spatial index, what the rules
// know of it, an empty schedule and an empty memory. The road's entities
// come from populate (or a save).
func (g *Game) setLevel(level *levelgen.Level) {
	g.level = level
	g.env.Road = level
	// The road never changes during a delivery, so Hash digests it once,
	// the first time it is asked: a run nobody hashes never pays for it.
	g.levelHashed = false
	spec := vocab.SpatialSpec(level.W, level.H)
	spec.Reserve = g.roadRoom()
	g.world.SetSpatial(spec)
	g.book.GoalX = level.GoalX()
	g.sched.Reset()
	g.pending.reset()
	g.sleepers.reset(level.W, g.data.Enemies.List)
	g.memory.Reset(level.W, level.H, g.roadRoom())
	g.sight.viewed = false
	g.view = mapView{g}
}

// roadRoom is how many cells the storage kept per road cell (the spatial
// index's, the memory's) makes room for when a road outgrows it: the
// widest road the data allows. Roads come at random widths, and one wider
// than any before would otherwise make each array again.
func (g *Game) roadRoom() int { return max(g.data.LevelGen.WidthMax, g.level.W) * g.level.H }

// populate places the level's things in generation order, then the van, in
// one resolution through the rules, and schedules the van and physics
// after the enemies the population enlisted.
func (g *Game) populate() {
	if len(g.level.Spawns) > 0 {
		g.engine.Enqueue(act.Populate(g.level))
	}
	g.engine.Enqueue(act.PlaceVan(g.env.Van, g.level.Start))
	g.engine.Enqueue(act.Say(vocab.Message{ID: assets.MsgDeliveryStarts, N: g.Run.Delivery + 1}))
	g.placingRoad = true
	g.resolveQuietly()
	g.placingRoad = false
	g.sched.Insert(Task{Kind: TaskActor, E: g.env.Van}, offsetVan)
	g.sched.Insert(Task{Kind: TaskPhysics}, offsetPhysics)
}

// ledger is what the action kinds change beyond the world, kept by the
// game: the tally, the log and the schedule.
type ledger struct{ g *Game }

// Tally returns the run's tally.
func (l ledger) Tally() *act.Tally { return &l.g.Run.Tally }

// Log writes m to the message log, on the current turn, with its causes.
func (l ledger) Log(m vocab.Message, why vocab.Chain) {
	l.g.log.AddWhy(m, why, l.g.Run.Turns)
	l.g.lastSaid = m
}

// Enlist gives a new enemy its turn, at the enemies' offset of the round,
// unless it is placed with the road and its first turn would put it to
// sleep (sleepsFromTheStart).
func (l ledger) Enlist(e ecs.Entity) {
	if l.g.placingRoad && l.g.sleepsFromTheStart(e) {
		return
	}
	l.g.pending.add(e)
	l.g.sched.Insert(Task{Kind: TaskActor, E: e}, offsetEnemy)
}

// Forget cancels a removed entity's place in the turn schedule. The game
// marks the enemies with a task pending (or taking their turn) rather than
// keeping their tickets, which change every turn: an enemy has at most one
// task pending, so the task itself names the one to cancel, and the many
// bullets and fragments that end cost a lookup, not a search of the
// schedule. The marks are derived from the schedule, never saved.
func (l ledger) Forget(e ecs.Entity) {
	if l.g.pending.has(e) {
		l.g.sched.CancelWhere(func(t Task) bool { return t == Task{Kind: TaskActor, E: e} })
		l.g.pending.remove(e)
	}
}

func (g *Game) onAdvance(now int) {
	if g.listener.Advance != nil {
		g.listener.Advance(now)
	}
}
