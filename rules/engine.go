package rules

import (
	"fmt"
	"math/bits"
	"strings"

	"lastpost/ecs"
)

// DefaultLimit is how many actions one resolution may process before the
// engine decides the rules are looping.
const DefaultLimit = 200_000

// Process is a continuous process inside a resolution, such as velocity:
// at each instant it has work due, it enqueues the actions of that instant.
type Process[T any] interface {
	// Next returns the earliest instant, in milliseconds, at which the
	// process has work, or false if it has none. It reads the state, which
	// only commits change: the engine asks once per instant, before any
	// process runs, and Run only enqueues.
	Next() (int, bool)
	// Run enqueues the actions due at instant now.
	Run(now int, e *Engine[T])
}

// Options configure an engine.
type Options[T any] struct {
	// Build fills the (empty) action from the action type and the current
	// state. t points into the engine's queue, valid during the call: the
	// engine never copies an action type once it is queued. It may ask
	// the engine to commit the action quietly (Engine.CommitQuietly).
	Build func(t *T, a *ecs.Action)
	// Describe names an action type for traces and errors. It defaults to
	// fmt's %v.
	Describe func(t T) string
	// Name names an action type in words for a person, as the trace's
	// Named and NamedFollowOns give it; unset, traces carry Describe's
	// words alone.
	Name func(t T) string
	// Limit bounds the actions of one resolution (0: DefaultLimit).
	Limit int
	// NoSkip consults every rule for every action, even rules whose
	// concerns the action does not touch. Outcomes never depend on it.
	NoSkip bool
	// Subject names the entity an action is about (the mover of a move),
	// reading the check as the rules do; false when it has none. The
	// engine asks it once per action, and only for an action that concerns
	// a rule with Subjects and while no trace is kept, after the scratch
	// has derived the action's facts. Unset, Subjects are ignored.
	Subject func(c *Check[T]) (ecs.Entity, bool)
	// Scratch is handed to every rule as Check.Scratch: the book's own
	// place to keep what it derives from an action, so that the several
	// rules needing the same fact (which entity moves, from where to
	// where) read it rather than derive it each. The engine calls its
	// Derive once for every action, traced or not, before Subject and
	// before any rule, so what it keeps is always the current action's.
	// The facts Derive returns decide which rules with Needs are asked;
	// unset, Needs are ignored.
	Scratch Scratch[T]
}

// Scratch is where a rule book keeps the facts it derives from an action
// for its rules to share: Derive fills it from the action being checked.
type Scratch[T any] interface {
	// Derive derives the facts of the action c checks, before any rule
	// reads them, and returns those the rules' Needs name, one bit each
	// as the book defines them: while no trace is kept, a rule with
	// Needs is asked only if one of its bits is set.
	Derive(c *Check[T]) uint64
}

// Engine resolves action types through the rule book.
type Engine[T any] struct {
	world *ecs.World
	rules []Rule[T]
	// checks holds each rule's Check, in book order, densely: the loop
	// that consults the rules of every action reads nothing else of them.
	checks []func(c *Check[T]) Verdict
	masks  []ecs.Mask
	always []bool
	// With at most 64 rules, comps[id].concern has bit i set when rule i
	// concerns component id, and alwaysBits the rules consulted for every
	// action, so the rules an action concerns are a union over what it
	// touches; table holds the rules' checks by bit. Both are arrays, so
	// that indexing them by a component id or a bit needs no bounds check.
	narrow     bool
	comps      *[ecs.MaxComponents]compRules
	table      *[64]func(c *Check[T]) Verdict
	alwaysBits uint64
	// gated has bit i set when rule i declares Subjects, and subjects
	// lists, per component a subject may hold, the gated rules it lets
	// through.
	gated    uint64
	subjects []subjectRules
	// byKinds, when the world tracks every component of subjects
	// (World.TrackKind) and their bits lie within kindSpan bits from
	// kindLow, holds for every mask of those bits the gated rules a
	// subject holding them lets through: bySubject then reads the
	// subject's mask once, and one entry, instead of asking Holds of
	// each component. Otherwise (a book naming many components, a world
	// tracking many for others) it is nil and bySubject asks Holds.
	byKinds *[1 << kindSpan]uint64
	kindLow uint
	// acting has bit i set when rule i declares ActsOn, and
	// comps[id].acts the rules with ActsOn that an action touching id lets
	// through.
	acting uint64
	// needy has bit i set when rule i declares Needs (and the engine has
	// a scratch to derive facts), factBits holds every bit the Needs
	// name, and byFact[b] the rules with Needs that fact bit b lets
	// through.
	needy    uint64
	factBits uint64
	byFact   *[64]uint64
	opts     Options[T]
	act      *ecs.Action
	queue    timeQueue[T]
	seq      uint64
	now      int
	// pending holds the follow-ons the rule being consulted asked for,
	// accepted and rejected those filed under each verdict so far; each
	// is already written into its queue slot.
	pending  []followOn
	accepted []followOn
	rejected []followOn
	// procs holds the processes, each with its answer to Next from
	// nextInstant, so the same instant does not ask again: nothing runs
	// in between.
	procs []procState[T]
	check Check[T]
	// quiet is set by CommitQuietly while the action is built and
	// cleared once its fate is known; quietCommits counts the actions
	// committed so.
	quiet        bool
	quietCommits int
	// recent holds the queue slots of the last actions taken, in a ring:
	// a slot stays held while it is in the ring, so a loop error can still
	// name those actions, and taking an action costs one index, not a copy.
	// The ring holds twice the actions a loop error names, and releases
	// its older half at once each time the newer half fills: so the last
	// recentActions are always held, and an action pays a store and a
	// test rather than a release of its own. The ring runs on from one
	// resolution to the next, so starting a resolution costs nothing;
	// taken counts the actions ever taken, first those taken before this
	// resolution.
	recent  [heldActions]int32
	taken   int
	first   int
	done    int
	running bool

	// Trace, when not nil, receives a record of every action.
	Trace *Trace
	// OnCommit, when set, is called after each commit but those Build
	// asked to be quiet (CommitQuietly). t points into the engine's
	// queue, valid during the call.
	OnCommit func(t *T, now int)
	// OnAdvance, when set, is called when the clock moves to a later
	// instant, before anything due then runs. A front end uses it to pace
	// animation frames.
	OnAdvance func(now int)
	// OnDrain, when set, is called when a resolution ends.
	OnDrain func()
}

// New returns an engine over world with the rule book in checking order.
func New[T any](world *ecs.World, book []Rule[T], opts Options[T]) *Engine[T] {
	if opts.Limit <= 0 {
		opts.Limit = DefaultLimit
	}
	if opts.Describe == nil {
		opts.Describe = func(t T) string { return fmt.Sprintf("%v", t) }
	}
	e := &Engine[T]{world: world, opts: opts, act: world.NewAction()}
	e.check = Check[T]{Action: e.act, World: world, After: world.After(e.act), Scratch: opts.Scratch, engine: e}
	e.rules = append(e.rules, book...)
	e.masks = make([]ecs.Mask, len(book))
	e.always = make([]bool, len(book))
	for i, r := range book {
		e.checks = append(e.checks, r.Check)
		e.masks[i] = ecs.MaskOf(r.Concerns...)
		e.always[i] = r.Concerns == nil || opts.NoSkip
	}
	e.indexConcerns()
	return e
}

// Book returns the names of the rules in checking order.
func (e *Engine[T]) Book() []string {
	names := make([]string, len(e.rules))
	for i, r := range e.rules {
		names[i] = r.Name
	}
	return names
}

// SetLimit bounds the actions of each later resolution (0: DefaultLimit),
// as Options.Limit does.
func (e *Engine[T]) SetLimit(n int) {
	if n <= 0 {
		n = DefaultLimit
	}
	e.opts.Limit = n
}

// World returns the world the engine changes.
func (e *Engine[T]) World() *ecs.World { return e.world }

// Now returns the current instant of the resolution, in milliseconds.
func (e *Engine[T]) Now() int { return e.now }

// CommitQuietly, called from Build, asks that the action being built, if
// it is committed, not be handed to OnCommit. It is for the action types
// whose commit means nothing beyond their change set, such as a mover's
// step, most actions of a cascade: each would pay the hook's call for
// nothing. QuietCommits counts them instead.
func (e *Engine[T]) CommitQuietly() { e.quiet = true }

// QuietCommits returns how many actions this engine has committed without
// OnCommit, at Build's request (CommitQuietly), since it was made.
func (e *Engine[T]) QuietCommits() int { return e.quietCommits }

// AddProcess registers a continuous process. Processes run in registration
// order at each instant.
func (e *Engine[T]) AddProcess(p Process[T]) {
	e.procs = append(e.procs, procState[T]{p: p})
}

// recentActions is how many of the last actions a LoopError names; a
// power of two, so the ring's index is a mask.
const recentActions = 8

// heldActions is how many slots of the last actions taken the ring of
// recent actions holds: twice recentActions, released half at a time.
const heldActions = 2 * recentActions

// Enqueue adds an action type to run at the current instant (between
// resolutions: at the start of the next one).
func (e *Engine[T]) Enqueue(t T) {
	// This is alloc written out (see there).
	q := &e.queue
	slot, fresh := q.take()
	if fresh {
		q.page(slot)
	}
	*q.at(slot) = t
	e.seq++
	e.queue.line(e.seq, slot)
}

// EnqueueNew adds a zero action type to run at the current instant, as
// Enqueue(zero) would, and returns it in its queue slot for the caller to
// fill in at once, before anything else is queued or the engine runs. A
// process queuing many small action types (a move names a kind and an
// entity) fills in their few fields where they stay, rather than building
// each whole aside and having it copied into its slot.
func (e *Engine[T]) EnqueueNew() *T {
	q := &e.queue
	slot, fresh := q.take()
	if fresh {
		q.page(slot)
	}
	t := q.at(slot)
	var zero T
	*t = zero
	e.seq++
	e.queue.line(e.seq, slot)
	return t
}

// EnqueueAt adds an action type to run at instant at (never earlier than
// now). Between resolutions instants count from the start of the next one.
//
// Enqueue and EnqueueAt each write their argument straight into its queue
// slot rather than passing it on: an action type is large, and every
// handing on by value is a copy.
func (e *Engine[T]) EnqueueAt(t T, at int) { e.schedule(at, e.queue.alloc(&t)) }

// schedule queues the held slot at instant at, behind everything queued
// before it for the same instant.
func (e *Engine[T]) schedule(at int, slot int32) {
	e.seq++
	e.queue.schedule(max(at, e.start()), e.seq, slot)
}

// start is the earliest instant an action enqueued now can run at: the
// clock during a resolution, zero between resolutions (the next one starts
// its clock at zero).
func (e *Engine[T]) start() int {
	if e.running {
		return e.now
	}
	return 0
}

// LoopError reports a resolution stopped by the action limit.
type LoopError struct {
	// Limit is the limit that was passed.
	Limit int
	// Last names the most recent actions, oldest first: the loop is
	// usually plain in them.
	Last []string
}

// Error says the rules are looping and names the last actions.
func (l *LoopError) Error() string {
	return fmt.Sprintf("rules: more than %d actions in one turn, the rules are looping; last actions: %s",
		l.Limit, strings.Join(l.Last, ", "))
}

// Resolve runs the queue and the processes until nothing is left, starting
// the clock at zero. It returns a *LoopError if the action limit is passed;
// the queue is then emptied so the next turn starts clean.
//
// The ending is written out rather than deferred: a resolution is often a
// single action, and a panic inside one is a crash, after which the engine
// is not used again.
func (e *Engine[T]) Resolve() error {
	e.first = e.taken
	e.now, e.done, e.running = 0, 0, true
	e.check.Now = 0
	e.queue.advance(0)
	err := e.drain()
	e.running = false
	// Between resolutions action types are enqueued for instant zero.
	e.queue.advance(0)
	if e.OnDrain != nil {
		e.OnDrain()
	}
	return err
}

// drain takes the action types due and runs the processes, instant after
// instant, until nothing is due at all or the action limit is passed. With
// a trace kept, an action's rules are consulted through checkTraced, so
// the common case carries none of the trace's work.
func (e *Engine[T]) drain() error {
	q := &e.queue
	for {
		for {
			// This is the queue's popDue written out, so that taking the
			// line's head while the heap is empty, the common case, costs
			// no call.
			var slot int32
			if q.lineDue(e.now) {
				slot = q.popLine()
			} else if q.len() == 0 {
				break
			} else if s, ok := q.popLater(e.now); ok {
				slot = s
			} else {
				break
			}
			// The slot goes into the ring of recent actions (see
			// Engine.recent); the ring's older half is released each
			// time an action fills its newer half.
			e.recent[e.taken&(heldActions-1)] = slot
			e.taken++
			if e.taken&(recentActions-1) == 0 {
				e.releaseOlder()
			}
			e.done++
			if e.done > e.opts.Limit {
				return e.loopError()
			}
			// Each action is built, checked against the book, committed
			// or discarded, and the follow-ons of the outcome queued:
			// written out here rather than in a function of its own,
			// as every action passes through it.
			t := q.at(slot)
			a := e.act
			a.Reset()
			e.opts.Build(t, a)
			c := e.begin(t)
			var rejected bool
			switch {
			case e.Trace != nil:
				rejected = e.checkTraced(c, t)
			case e.narrow:
				// The common case, untraced: the scratch derives the
				// action's facts, and the rules the action concerns are
				// called directly, in book order, but for those with
				// Subjects, ActsOn or Needs that it lets through none
				// of. Needs go first: they cost no call, and often
				// leave no gated rule for bySubject to ask about. The
				// answer builds up in c, where each later rule can
				// read it.
				var facts uint64
				if c.Scratch != nil {
					facts = c.Scratch.Derive(c)
				}
				todo, acts := e.concerned(a)
				todo &^= e.acting &^ acts
				if todo&e.needy != 0 {
					todo &^= e.needy &^ e.byFacts(facts)
				}
				if todo&e.gated != 0 {
					todo = e.bySubject(c, todo)
				}
				table := e.table
				for ; todo != 0; todo &= todo - 1 {
					v := table[bits.TrailingZeros64(todo)&63](c)
					// File the follow-ons only if the rule asked for any.
					if len(e.pending) > 0 {
						e.file(v)
					}
					// Most rules accept and go on: one test for them.
					if v != Accept {
						if v.Rejected() {
							c.rejected = true
						}
						if v.Stops() {
							break
						}
					}
				}
				rejected = c.rejected
			default:
				rejected = e.checkAll(c, nil)
			}
			if rejected {
				a.Reset()
				e.quiet = false
			} else {
				e.world.Commit(a)
				if e.quiet {
					e.quiet = false
					e.quietCommits++
				} else if e.OnCommit != nil {
					e.OnCommit(t, e.now)
				}
			}
			// Most actions ask for no follow-on.
			if len(e.accepted)+len(e.rejected) > 0 {
				e.followOn(rejected)
			}
		}
		next, ok := e.nextInstant()
		if !ok {
			return nil
		}
		if next > e.now {
			if e.OnAdvance != nil {
				e.OnAdvance(next)
			}
			e.now, e.check.Now = next, next
			q.advance(next)
		}
		for i := range e.procs {
			if ps := &e.procs[i]; ps.ok && ps.at <= e.now {
				e.done++
				if e.done > e.opts.Limit {
					return e.loopError()
				}
				ps.p.Run(e.now, e)
			}
		}
	}
}

// releaseOlder releases the slots of the ring's older half, that of the
// actions taken before the last recentActions, once the ring has been
// filled (after a loop error it starts empty). drain calls it each time
// an action fills the ring's newer half; it is kept out of line, as it
// runs once every recentActions actions.
//
//go:noinline
func (e *Engine[T]) releaseOlder() {
	if e.taken < heldActions {
		return
	}
	// taken is a multiple of recentActions: the older half starts where
	// the next action goes.
	i := e.taken & (heldActions - 1)
	e.queue.free = append(e.queue.free, e.recent[i:i+recentActions]...)
}

func (e *Engine[T]) loopError() error {
	err := &LoopError{Limit: e.opts.Limit}
	n := min(e.taken-e.first, recentActions)
	for i := e.taken - n; i < e.taken; i++ {
		err.Last = append(err.Last, e.opts.Describe(*e.queue.at(e.recent[i&(heldActions-1)])))
	}
	// Clearing the queue frees every slot, those of the ring included:
	// the ring starts empty.
	e.queue.clear()
	e.taken, e.first = 0, 0
	return err
}

// subjectRules is one component a subject may hold and the rules with
// Subjects that holding it lets through, one bit per rule.
type subjectRules struct {
	id    ecs.ID
	rules uint64
}

// compRules is what touching one component does to the rules an action
// concerns, one bit per rule: the rules it concerns, and the rules with
// ActsOn it lets through.
type compRules struct {
	concern, acts uint64
}

// indexConcerns fills comps, table and alwaysBits, acting, needy and
// byFact, and gated and subjects, when the book has at most 64 rules.
func (e *Engine[T]) indexConcerns() {
	if len(e.rules) > 64 {
		return
	}
	e.narrow = true
	e.comps = new([ecs.MaxComponents]compRules)
	e.table = new([64]func(c *Check[T]) Verdict)
	copy(e.table[:], e.checks)
	for i, r := range e.rules {
		if e.always[i] {
			e.alwaysBits |= 1 << i
		} else {
			for _, id := range r.Concerns {
				e.comps[id].concern |= 1 << i
			}
		}
		if len(r.ActsOn) > 0 && !e.opts.NoSkip {
			e.acting |= 1 << i
			for _, id := range r.ActsOn {
				e.comps[id].acts |= 1 << i
			}
		}
		if r.Needs != 0 && e.opts.Scratch != nil && !e.opts.NoSkip {
			e.needs(i, r.Needs)
		}
		if len(r.Subjects) == 0 || e.opts.Subject == nil || e.opts.NoSkip {
			continue
		}
		e.gated |= 1 << i
		for _, id := range r.Subjects {
			e.subjectFor(id).rules |= 1 << i
		}
	}
	e.trackSubjects()
}

// needs files rule i, which needs one of the fact bits of needs, in
// needy, factBits and byFact.
func (e *Engine[T]) needs(i int, needs uint64) {
	if e.byFact == nil {
		e.byFact = new([64]uint64)
	}
	e.needy |= 1 << i
	e.factBits |= needs
	for f := needs; f != 0; f &= f - 1 {
		e.byFact[bits.TrailingZeros64(f)] |= 1 << i
	}
}

// byFacts returns the rules with Needs that an action with these facts
// lets through: a union over its bits that rules need, none for most
// actions.
func (e *Engine[T]) byFacts(facts uint64) uint64 {
	var pass uint64
	for f := facts & e.factBits; f != 0; f &= f - 1 {
		pass |= e.byFact[bits.TrailingZeros64(f)&63]
	}
	return pass
}

// kindSpan is how many consecutive tracked bits byKinds covers: a table
// of 1<<kindSpan words.
const kindSpan = 8

// trackSubjects asks the world to track the components of subjects and
// fills byKinds and kindLow, or leaves byKinds nil if the world cannot
// track them all or their bits are too far apart.
func (e *Engine[T]) trackSubjects() {
	if len(e.subjects) == 0 {
		return
	}
	var byKind [ecs.MaxKinds]uint64
	var kinds uint64
	for _, g := range e.subjects {
		bit, ok := e.world.TrackKind(g.id)
		if !ok {
			return
		}
		kinds |= bit
		byKind[bits.TrailingZeros64(bit)] |= g.rules
	}
	low := uint(bits.TrailingZeros64(kinds))
	if bits.Len64(kinds)-int(low) > kindSpan {
		return
	}
	e.byKinds, e.kindLow = new([1 << kindSpan]uint64), low
	for m := range e.byKinds {
		for i := range kindSpan {
			if m&(1<<i) != 0 && int(low)+i < ecs.MaxKinds {
				e.byKinds[m] |= byKind[int(low)+i]
			}
		}
	}
}

// subjectFor returns the entry of component id in subjects, adding it.
func (e *Engine[T]) subjectFor(id ecs.ID) *subjectRules {
	for i := range e.subjects {
		if e.subjects[i].id == id {
			return &e.subjects[i]
		}
	}
	e.subjects = append(e.subjects, subjectRules{id: id})
	return &e.subjects[len(e.subjects)-1]
}

// bySubject drops from todo the rules with Subjects that the action's
// subject lets through none of: it holds none of their components, or the
// action has no subject.
func (e *Engine[T]) bySubject(c *Check[T], todo uint64) uint64 {
	keep := todo &^ e.gated
	s, ok := e.opts.Subject(c)
	if !ok {
		return keep
	}
	if t := e.byKinds; t != nil {
		return keep | todo&t[e.world.Kinds(s)>>e.kindLow&(1<<kindSpan-1)]
	}
	for _, g := range e.subjects {
		if todo&g.rules != 0 && e.world.Holds(g.id, s) {
			keep |= todo & g.rules
		}
	}
	return keep
}

// concerned returns the rules action a concerns, one bit per rule in book
// order: the rules consulted always and those whose concerns it touches.
// It also returns the rules with ActsOn that the action lets through.
func (e *Engine[T]) concerned(a *ecs.Action) (set, acts uint64) {
	set = e.alwaysBits
	comps := e.comps
	// One nil check of the table here spares one for every component in
	// the loop: the compiler drops the checks a dominating one covers.
	_ = comps[0]
	for _, id := range a.Touched() {
		r := &comps[id%ecs.MaxComponents]
		set |= r.concern
		acts |= r.acts
	}
	return set, acts
}

// procState is a process and its last answer to Next.
type procState[T any] struct {
	p  Process[T]
	at int
	ok bool
}

// nextInstant returns the earliest instant anything is due at, keeping
// each process's answer beside it.
func (e *Engine[T]) nextInstant() (int, bool) {
	best, found := 0, false
	if e.queue.len() > 0 {
		best, found = e.queue.nextAt(), true
	}
	// The slice is read once: a call could change e's fields, so
	// reading them through e would load them again after each.
	procs := e.procs
	for i := range procs {
		ps := &procs[i]
		at, ok := ps.p.Next()
		ps.at, ps.ok = at, ok
		if ok && (!found || at < best) {
			best, found = at, true
		}
	}
	return best, found
}

// checkConcerned has the scratch derive the action's facts, then consults
// the rules the action concerns, in book order, recording each in rec, and
// reports whether one rejected it. The answer builds up in c, where each
// later rule can read it; c.rejected must be false on entry. With a trace
// kept, the rules with Subjects, ActsOn or Needs are consulted as if they
// had none, so the trace shows every rule the action concerns. Untraced,
// drain does the same itself, skipping those.
func (e *Engine[T]) checkConcerned(c *Check[T], rec *Record) bool {
	if c.Scratch != nil {
		c.Scratch.Derive(c)
	}
	todo, _ := e.concerned(c.Action)
	for ; todo != 0; todo &= todo - 1 {
		v := e.consult(bits.TrailingZeros64(todo), c, rec)
		if v.Rejected() {
			c.rejected = true
		}
		if v.Stops() {
			break
		}
	}
	return c.rejected
}

// checkAll is checkConcerned for a book of more than 64 rules.
func (e *Engine[T]) checkAll(c *Check[T], rec *Record) bool {
	if c.Scratch != nil {
		c.Scratch.Derive(c)
	}
	for i := range e.rules {
		if !e.always[i] && !e.masks[i].Intersects(c.Action.Mask()) {
			continue
		}
		v := e.consult(i, c, rec)
		if v.Rejected() {
			c.rejected = true
		}
		if v.Stops() {
			break
		}
	}
	return c.rejected
}

// consult asks rule i, files the follow-ons it asked for under its
// verdict and records it in rec, if not nil.
func (e *Engine[T]) consult(i int, c *Check[T], rec *Record) Verdict {
	v := e.checks[i](c)
	if rec != nil {
		addCheck(rec, e.rules[i].Name, v, e.pending, &e.queue, e.opts.Describe, e.opts.Name)
	}
	e.file(v)
	return v
}

// file moves the follow-ons the rule just consulted asked for to the
// queue of its verdict, leaving pending empty for the next rule.
func (e *Engine[T]) file(v Verdict) {
	switch {
	case len(e.pending) == 0:
		return
	case v.Rejected():
		e.rejected = append(e.rejected, e.pending...)
	default:
		e.accepted = append(e.accepted, e.pending...)
	}
	e.pending = e.pending[:0]
}

// checkTraced consults the rules the action concerns, as the Check c of
// the action type t, and records the action and each rule consulted in
// the trace. It reports whether a rule rejected the action.
func (e *Engine[T]) checkTraced(c *Check[T], t *T) bool {
	rec := e.Trace.begin(e.now, e.opts.Describe(*t))
	if e.opts.Name != nil {
		rec.Named = e.opts.Name(*t)
	}
	rejected := e.decide(c, rec)
	rec.Committed = !rejected
	return rejected
}

// decide consults the rules the action concerns and reports whether one
// rejected it, recording them in rec if not nil.
func (e *Engine[T]) decide(c *Check[T], rec *Record) bool {
	if e.narrow {
		return e.checkConcerned(c, rec)
	}
	return e.checkAll(c, rec)
}

// begin readies the Check for the action type t, built into the action,
// and the follow-on lists for its rules.
//
// The Check lives in the engine: handing a stack one to rule functions
// would move it to the heap on every action. Its action, world, view and
// engine never change, and its Now changes with the clock, in Resolve and
// drain; the rest is set here. The lists of follow-ons filed under each
// verdict are empty already: followOn empties them, and only it, when
// any was filed, so an action asking for none costs them nothing.
func (e *Engine[T]) begin(t *T) *Check[T] {
	c := &e.check
	c.Type, c.Spatial, c.rejected = t, e.world.Spatial(), false
	c.Serial++
	e.pending = e.pending[:0]
	return c
}

// followOn queues the follow-ons asked for under the action's fate and
// releases the slots of the others.
func (e *Engine[T]) followOn(rejected bool) {
	follow, dropped := e.accepted, e.rejected
	if rejected {
		follow, dropped = e.rejected, e.accepted
	}
	for _, f := range dropped {
		e.queue.release(f.slot)
	}
	e.accepted, e.rejected = e.accepted[:0], e.rejected[:0]
	// A follow-on is asked for at the current instant or later: with no
	// delay it joins the line.
	for _, f := range follow {
		e.seq++
		if f.at == e.queue.nowAt {
			e.queue.line(e.seq, f.slot)
		} else {
			e.queue.schedule(f.at, e.seq, f.slot)
		}
	}
}
