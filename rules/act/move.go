package act

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Move advances e one step along its velocity. The velocity process asks
// for it whenever the next step is due.
func Move(e ecs.Entity) Act { return Act{Kind: KindMove, E: e} }

// buildMove advances a velocity one step. A diagonal step takes longer, by
// the square root of two in integer thousandths, so every platform agrees.
func buildMove(env *Env, t Act, a *ecs.Action) {
	v, ok := vocab.Velocity.Get(env.World, t.E)
	if !ok {
		return
	}
	p, ok := vocab.Position.Get(env.World, t.E)
	if !ok {
		return
	}
	next := v.Line.Step()
	ms := v.MsPerCell
	if next.X != 0 && next.Y != 0 {
		ms = ms * 1414 / 1000
	}
	v.Moves--
	v.Next = env.Clock() + ms
	vocab.Velocity.Set(a, t.E, v)
	vocab.Position.Set(a, t.E, p.Add(next))
}

// Walk moves e one cell in direction d: a walker's own step.
func Walk(e ecs.Entity, d geom.Dir) Act { return Act{Kind: KindWalk, E: e, Dir: d} }

func buildWalk(env *Env, t Act, a *ecs.Action) { step(env, t.E, t.Dir.Vec(), a) }

// Stop ends e's motion and any lane change it has queued.
func Stop(e ecs.Entity) Act { return Act{Kind: KindStop, E: e} }

func buildStop(env *Env, t Act, a *ecs.Action) {
	if vocab.Velocity.Has(env.World, t.E) {
		vocab.Velocity.Remove(a, t.E)
	}
	if vocab.Steering.Has(env.World, t.E) {
		vocab.Steering.Remove(a, t.E)
	}
}
