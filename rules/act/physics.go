package act

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// PhysicsStep is the round's physics step: the driving-physics rule turns
// it into every queued lane change, then every vehicle's drive east.
func PhysicsStep() Act { return Act{Kind: KindPhysics} }

func buildPhysics(a *ecs.Action) { vocab.Physics.Set(a, true) }

// Lane moves e one lane in direction d now, as the physics step asks.
func Lane(e ecs.Entity, d geom.Dir) Act { return Act{Kind: KindLane, E: e, Dir: d} }

// buildLane makes the lane change and clears the steering that asked for
// it. A lane change asked for directly (a benchmark's, a test's) comes
// without one: removing what is not there would change nothing but would
// still touch Steering, so the action would concern its rules for nothing.
func buildLane(env *Env, t *Act, a *ecs.Action) {
	step(env, t, t.Dir.Vec(), a)
	if _, ok := vocab.Steering.Read(env.World, t.E); ok {
		vocab.Steering.Remove(a, t.E)
	}
}

// Drive starts e's forward motion for this round: a velocity east of as
// many cells as its speed.
func Drive(e ecs.Entity) Act { return Act{Kind: KindDrive, E: e} }

func buildDrive(env *Env, t *Act, a *ecs.Action) {
	// Every vehicle drives every round: the world is read directly, not
	// through the view that asks which reader it is given.
	w := env.World
	speed, _ := vocab.Speed.Read(w, t.E)
	if speed <= 0 || !vocab.Position.Column(w).Has(t.E) {
		return
	}
	ms := env.Data.Combat.VehicleMsPerCell
	vocab.Velocity.Set(a, t.E, vocab.Course{
		Line: geom.NewLine(geom.East.Vec()), MsPerCell: ms, Moves: speed, Next: env.Clock() + ms,
	})
}

// step moves t's entity by d: a walker or a vehicle, never a projectile.
// It tells the book's scratch of the move (Env.Stepped); what else the
// action does (a lane change's steering) the scratch finds in it.
func step(env *Env, t *Act, d geom.Point, a *ecs.Action) {
	if p, ok := vocab.Position.Read(env.World, t.E); ok {
		to := p.Add(d)
		vocab.Position.Set(a, t.E, to)
		vocab.Ground.Set(a, true)
		if s := env.Stepped; s != nil {
			s.T, s.E, s.From, s.To, s.Move, s.Ends, s.Ground = t, t.E, p, to, false, false, true
		}
	}
}
