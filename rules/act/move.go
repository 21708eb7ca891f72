package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Move advances e one step along its velocity. The velocity process asks
// for it whenever the next step is due.
func Move(e ecs.Entity) Act { return Act{Kind: KindMove, E: e} }

// MoveIn makes the zero action type t, as Engine.EnqueueNew hands one out
// in its queue slot, the Move of e: a process queuing thousands of moves
// fills in their two fields where they stay.
func MoveIn(t *Act, e ecs.Entity) { t.Kind, t.E = KindMove, e }

// buildMove advances a velocity one step. A diagonal step takes longer, by
// the square root of two in integer thousandths, so every platform agrees.
func buildMove(env *Env, t *Act, a *ecs.Action) {
	// Every step of every bullet and fragment comes here: the world is
	// read directly, and the velocity copied once, by Ref, into the value
	// this step writes back (Read, even inlined, copies it out of the
	// store several times), rather than through a helper returning both
	// by value.
	w := env.World
	vp := vocab.Velocity.Ref(w, t.E)
	if vp == nil {
		return
	}
	v := *vp
	p, ok := vocab.Position.Read(w, t.E)
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
	to := p.Add(next)
	ecs.SetPairAt(a, t.E, vocab.Velocity, &v, vocab.Position, to)
	// vocab.IsProjectile, written out: it is over the inlining budget.
	ground := !vocab.Shard.In(w, t.E) && !vocab.Projectile.In(w, t.E)
	if ground {
		vocab.Ground.Set(a, true)
	}
	if s := env.Stepped; s != nil {
		s.T, s.E, s.From, s.To, s.Move, s.Ends, s.Ground = t, t.E, p, to, true, v.Ends(), ground
	}
}

// Stepped is what the builder of a step (a Move, a LastStep, a walker's
// step or a lane change) tells the
// rule book about the action it has just built: the entity it moves, from
// where to where, and for a Move whether the velocity it sets runs out.
// The book's scratch derives all of it from the action and the world
// otherwise (for any other action, or a step no one told it of); told,
// it reads these fields instead of searching the action's positions and
// reading the mover's position again, on every step of every bullet and
// fragment.
type Stepped struct {
	// T is the action type built. The scratch reads the rest only when
	// it derives that very action type, and clears T at every action it
	// derives, so nothing told outlives the action it was told of (the
	// engine derives every action it builds, at once).
	T *Act
	// E is the mover, From and To the cells it leaves and enters.
	E        ecs.Entity
	From, To geom.Point
	// Move is set for a Move, whose action sets E's velocity and
	// position and nothing else but the Ground mark; Ends, for a Move,
	// when the velocity it sets ends its leg (vocab.Course.Ends): no
	// moves left, or a shard's fragments parting.
	Move, Ends bool
	// Ground is set when the action carries the Ground mark (the mover
	// is not a projectile, or walks or changes lane), which the rules
	// about moves on the ground look for: told, the scratch does not
	// test the action's mask for it.
	Ground bool
}

// Walk moves e one cell in direction d: a walker's own step.
func Walk(e ecs.Entity, d geom.Dir) Act { return Act{Kind: KindWalk, E: e, Dir: d} }

// WalkIn makes the zero action type t, as Engine.EnqueueNew hands one out
// in its queue slot, the Walk of e in direction d: every walker that
// chases the van queues one a turn, and an action type is large to build
// aside and copy.
func WalkIn(t *Act, e ecs.Entity, d geom.Dir) { t.Kind, t.E, t.Dir = KindWalk, e, d }

func buildWalk(env *Env, t *Act, a *ecs.Action) { step(env, t, t.Dir.Vec(), a) }

// Stop ends e's motion and any lane change it has queued.
func Stop(e ecs.Entity) Act { return Act{Kind: KindStop, E: e} }

func buildStop(env *Env, t *Act, a *ecs.Action) {
	if v, ok := vocab.Velocity.Read(env.World, t.E); ok {
		vocab.Velocity.Remove(a, t.E)
		if t.E == env.Van && v.Moves > 0 {
			if m, ok := blockedLine(env, t.E, v); ok {
				say(a, m)
			}
		}
	}
	if _, ok := vocab.Steering.Read(env.World, t.E); ok {
		vocab.Steering.Remove(a, t.E)
	}
}

// blockedLine says what stops the van short of its moves: whatever solid
// thing or vehicle holds the cell of its next step. Without it a blocked
// van shows its full speed on the status line and stands still, silent.
func blockedLine(env *Env, e ecs.Entity, v vocab.Course) (vocab.Message, bool) {
	w := env.World
	p, ok := vocab.Position.Get(w, e)
	if !ok {
		return vocab.Message{}, false
	}
	next := p.Add(v.Line.Step())
	for _, o := range w.Spatial().At(next) {
		kind := vocab.KindOf.Value(w, o)
		switch {
		case kind == vocab.KindWreck:
			return vocab.Message{ID: assets.MsgBlockedByWreck}, true
		case kind == vocab.KindBarrel:
			return vocab.Message{ID: assets.MsgBlockedByBarrel}, true
		case vocab.Enemy.Has(w, o) && !vocab.RunOverable.Has(w, o):
			return vocab.Message{ID: assets.MsgBlockedBy, Who: env.Enemy(kind).Name}, true
		}
	}
	return vocab.Message{}, false
}
