package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// LastStep is fragment e's last step, the one its range runs out on: the
// fragment flies one more cell and is spent there, in the one action. The
// velocity process asks for it instead of a Move when a fragment has one
// move left; a cascade's hundreds of fragments would otherwise each need a
// step and then an end.
func LastStep(e ecs.Entity) Act { return Act{Kind: KindLastStep, E: e} }

// LastStepIn makes the zero action type t the LastStep of e, as MoveIn
// does for a Move.
func LastStepIn(t *Act, e ecs.Entity) { t.Kind, t.E = KindLastStep, e }

// buildLastStep removes the fragment and tells the rules, in the action's
// LastStep property, the cell it steps into on the way out: what it strikes
// or burns there is the rules' to say, as for any step, and a step they
// refuse leaves the fragment where it was for its hit to spend it.
func buildLastStep(env *Env, t *Act, a *ecs.Action) {
	// Only the line is read: through Ref, the course is not copied out,
	// but the line is, as Step advances the line it is called on and the
	// world's value must not change outside an action.
	e := t.E
	v := vocab.Velocity.Ref(env.World, e)
	if v == nil {
		return
	}
	p, ok := vocab.Position.Read(env.World, e)
	if !ok {
		return
	}
	line := v.Line
	to := p.Add(line.Step())
	// The rules are told before the removal's call, so that only the
	// entity and its cell are kept across it.
	if s := env.Stepped; s != nil {
		s.T, s.E, s.From, s.To, s.Move, s.Ends, s.Ground = t, e, p, to, false, false, false
	}
	a.RemoveEntity(e)
	vocab.LastStep.Set(a, vocab.Hop{E: e, To: to})
}
