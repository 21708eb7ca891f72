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
	// Only the line is read: through Ref, the course is not copied out.
	v := vocab.Velocity.Ref(env.World, t.E)
	if v == nil {
		return
	}
	p, ok := vocab.Position.Read(env.World, t.E)
	if !ok {
		return
	}
	to := p.Add(v.Line.Step())
	a.RemoveEntity(t.E)
	vocab.LastStep.Set(a, vocab.Hop{E: t.E, To: to})
	if s := env.Stepped; s != nil {
		s.T, s.E, s.From, s.To, s.Move, s.Ends, s.Ground = t, t.E, p, to, false, false, false
	}
}
