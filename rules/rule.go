// Package rules is the rule engine of Last Post. It knows nothing of the
// game: it drains a queue of pending action types, builds each into the
// reusable ecs.Action from the current state, asks the rules in the book's
// order whether the action may happen (skipping those whose concerns it does
// not touch), commits it or discards it, and queues the follow-on action
// types the rules asked for.
//
// A rule reads the action, the world, the after-action view and the spatial
// index. It returns a Verdict: accept or reject, and keep checking or stop.
// Follow-ons a rule enqueues go to the accept queue if the rule accepted and
// to the reject queue if it rejected; the first run only if the action is
// finally committed, the second only if it is finally rejected.
//
// A Reject without Stop lets later rules see the action, so they can add
// what a refusal causes (a blocked mover stops); Check.Rejected tells them
// whether an earlier rule has already refused it, so a rule that only
// matters for an action that will happen can step aside.
//
// Time inside a resolution is counted in integer milliseconds. Follow-ons may
// be delayed, and registered processes (bullets in flight, moving vehicles)
// are asked at every instant whether they have actions due, so a whole burst
// or explosion chain resolves inside the one turn that started it, exactly
// the same with or without a screen.
package rules

import "lastpost/ecs"

// Verdict is a rule's answer: accept or reject, and whether to stop checking.
type Verdict uint8

// The verdicts. Accept and Reject may be combined with Stop.
const (
	// Accept lets the action go on to the next rule.
	Accept Verdict = 0
	// Reject refuses the action. Later rules are still consulted unless
	// Stop is also set, so they can enqueue what a rejection causes.
	Reject Verdict = 1 << 0
	// Stop ends the checking after this rule.
	Stop Verdict = 1 << 1
)

// Rejected reports whether v rejects the action.
func (v Verdict) Rejected() bool { return v&Reject != 0 }

// Stops reports whether v stops the checking.
func (v Verdict) Stops() bool { return v&Stop != 0 }

// String names the verdict for traces.
func (v Verdict) String() string {
	switch v {
	case Accept:
		return "accept"
	case Reject:
		return "reject"
	case Accept | Stop:
		return "accept+stop"
	}
	return "reject+stop"
}

// Rule is one entry of the rule book.
type Rule[T any] struct {
	// Name identifies the rule in traces.
	Name string
	// Concerns lists the components and properties the rule looks at. An
	// action touching none of them cannot concern the rule, and the engine
	// may skip it. Nil means the rule is consulted for every action.
	Concerns []ecs.ID
	// Subjects narrows the rule further, when the engine has a Subject
	// (see Options): it is consulted only for actions whose subject holds
	// at least one of these components before the action, and must accept
	// and ask for nothing for every other action, one without a subject
	// included. Most rules about moves care for one kind of mover only.
	// While a trace is kept they are consulted anyway, so the trace shows
	// every rule whose concerns the action touches.
	Subjects []ecs.ID
	// ActsOn narrows the rule further while no trace is kept: it is
	// consulted only for actions touching at least one of these, and must
	// accept and ask for nothing for every other action. It suits a rule
	// consulted for every action (no Concerns, so the trace shows it each
	// time) that can only act on a few. While a trace is kept, or with
	// Options.NoSkip, it is ignored.
	ActsOn []ecs.ID
	// Needs narrows the rule further while no trace is kept, when the
	// engine has a Scratch (see Options): it is consulted only for actions
	// whose facts, as the scratch's Derive returns them, hold at least one
	// of these bits, and must accept and ask for nothing for every other
	// action. The bits are the book's own (say, "the cell a move enters
	// holds something"); the engine only tests them. While a trace is
	// kept, or with Options.NoSkip, it is ignored. Zero means no need.
	Needs uint64
	// Check decides.
	Check func(c *Check[T]) Verdict
}

// Check is what a rule sees while it decides. It is valid only during the
// rule's call: the engine reuses it for the next action.
type Check[T any] struct {
	// Type is the action type being checked. It points into the engine's
	// queue: the engine hands every rule the one queued copy.
	Type *T
	// Action is the change set built from Type.
	Action *ecs.Action
	// World is the state before the action.
	World *ecs.World
	// After answers reads as if the action were committed.
	After ecs.View
	// Spatial is the world's spatial index (state before the action).
	Spatial *ecs.Spatial
	// Now is the instant of the resolution, in milliseconds.
	Now int
	// Serial numbers the actions this engine has checked, one each: what
	// a rule caches about the action is valid while Serial is the same.
	Serial uint64
	// Scratch is Options.Scratch, the same for every action; its Derive
	// has already run for this action.
	Scratch Scratch[T]

	engine   *Engine[T]
	rejected bool
}

// Rejected reports whether a rule consulted before this one, for the same
// action, rejected it. The action is then refused whatever this rule
// answers; only the follow-ons of its verdict still matter.
func (c *Check[T]) Rejected() bool { return c.rejected }

// Enqueue asks for a follow-on action type at the current instant, behind
// the action types already due then. It joins the accept queue if this rule
// accepts, the reject queue if it rejects.
func (c *Check[T]) Enqueue(t T) { c.ask(&t, 0) }

// EnqueueAfter is Enqueue with a delay in milliseconds.
func (c *Check[T]) EnqueueAfter(t T, delayMs int) { c.ask(&t, delayMs) }

// ask writes the follow-on t into its queue slot and files it as pending
// for the rule being consulted. Enqueue and EnqueueAfter hand it the
// address of their argument, so an action type is copied once on its way
// to the queue, not once more for each call it passes through.
func (c *Check[T]) ask(t *T, delayMs int) {
	e := c.engine
	e.pending = append(e.pending, followOn{at: c.Now + delayMs, slot: e.queue.alloc(t)})
}
