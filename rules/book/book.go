// Package book is Last Post's rule book: one rule per file, and Book, the
// one visible list that gives their checking order. Each rule reads the
// action, the state, the after-action view and the spatial index, and
// answers with a verdict and follow-on actions; none changes state itself.
package book

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Env is what the rules know beyond the entities: the road of the current
// delivery and the game data (prices, kits, the inventory's size).
type Env struct {
	// GoalX is the column that ends a delivery.
	GoalX int
	// Acid reports whether a cell is acid.
	Acid func(p geom.Point) bool
	// Data is the game data.
	Data *assets.Data
	// Won reports whether the run has reached its last settlement; nil
	// means it has not.
	Won func() bool
}

// Rule is a rule of this book.
type Rule = rules.Rule[act.Act]

// Check is what a rule of this book sees.
type Check = rules.Check[act.Act]

// Book returns the rules in checking order. The order matters: the rules
// that refuse the driver's commands come first, each with the reason the
// driver is told, and stop the checking; a letter is
// picked up and acid bites only if the move is finally committed (their
// follow-ons wait in the accept queue), a bullet meets what it hits before
// the collision rule could stop it, and the narrator runs last so only
// committed actions are told. A rule that refuses a move also stops the
// checking: what later rules could add to a refused move is either
// dropped with it (accept-queue follow-ons) or a second Stop.
func Book(env *Env) []Rule {
	// Every constructor is marked go:noinline (see verdict.go): inlined
	// here, a rule's check would be compiled as a copy in which nothing (a
	// flag's read, the spatial index's count) is inlined, and that copy is
	// the one the engine would call.
	return []Rule{
		CommandPlace(),
		RetireNeedsVictory(env),
		NoSuchThing(),
		NotAKit(env),
		NotAGun(env),
		EmptySlot(),
		KitNeedsStandstill(),
		CannotAfford(env),
		WouldDoNothing(env),
		InventoryFull(env),
		Moot(),
		Bounds(env),
		LetterPickup(),
		AcidTyres(env),
		RunOver(),
		BumpAttack(),
		ProjectileHit(),
		StruckBarrelGoesOff(),
		Collision(),
		Death(),
		EnemyCollision(),
		VanCollision(),
		GoalReached(env),
		DrivingPhysics(),
		SteeringNeedsSpeed(),
		FragmentsBurnLetters(),
		BurstContinues(),
		MotionEnds(),
		CampArrival(),
		Stranded(env),
		Narrate(),
	}
}

// Scratch is what the book derives once per action for the rules that
// share it; give the engine one (rules.Options.Scratch), which has it
// derive each action's facts before any rule is asked. Without it every
// rule derives again, with the same answers.
type Scratch struct {
	// m is the move, and holds where the builders of steps tell of the
	// step just built (act.Env.Stepped, its embedded Stepped): told, the
	// move is there already, and Derive only marks it found.
	m moved
	// env is the book's, read at each action: the goal column changes
	// from road to road.
	env *Env
	// top, steer and vel are the bits of TopSpeed, Steering and Velocity
	// in the first word of a mask, and few all three; few is zero if one
	// of them lies beyond that word (then every action pays
	// ofComponentsAnywhere's three tests).
	top, steer, vel, few uint64
	// ground is the bit of the Ground mark in its word of a mask, and
	// groundWord that word's index: moveFacts tests it for every move.
	ground     uint64
	groundWord int
}

// onGround reports whether the action carries the Ground mark, as
// vocab.Ground.On does, with the mark's bit found once by NewScratch.
func (s *Scratch) onGround(a *ecs.Action) bool {
	return a.Mask()[s.groundWord&(len(ecs.Mask{})-1)]&s.ground != 0
}

// NewScratch returns the book's scratch for one engine whose rules were
// made from env: some facts (the goal column, acid) are the road's.
func NewScratch(env *Env) *Scratch {
	s := &Scratch{env: env}
	id := vocab.Ground.ID()
	s.groundWord, s.ground = int(id>>6), 1<<(id&63)
	var top, steer, vel ecs.Mask
	top.Add(vocab.TopSpeed.ID())
	steer.Add(vocab.Steering.ID())
	vel.Add(vocab.Velocity.ID())
	if top[0] != 0 && steer[0] != 0 && vel[0] != 0 {
		s.top, s.steer, s.vel = top[0], steer[0], vel[0]
		s.few = s.top | s.steer | s.vel
	}
	return s
}

// Stepped returns where the builders of steps tell this scratch of each
// step they build: give it to the builders' act.Env. Told of the action it
// derives, Derive reads the move and, for a Move or a LastStep, its other
// facts from there instead of from the action, with the same answers.
func (s *Scratch) Stepped() *act.Stepped { return &s.m.Stepped }

// ofComponentsAnywhere returns the facts told by the components an action
// sets, for a vocabulary that puts the three in different words of the
// mask (Derive tests them in one word otherwise): mayStrand for a top
// speed, steers for a steering, ends for a velocity whose moves run out.
func ofComponentsAnywhere(c *Check, mask *ecs.Mask) uint64 {
	var facts uint64
	if mask.Has(vocab.TopSpeed.ID()) {
		facts |= mayStrand
	}
	if mask.Has(vocab.Steering.ID()) {
		facts |= steering(c)
	}
	if mask.Has(vocab.Velocity.ID()) {
		facts |= velocityEnds(c)
	}
	return facts
}

// steering returns steers if the action, which touches Steering, sets
// one (a lane change only clears it).
func steering(c *Check) uint64 {
	if ents, _ := vocab.Steering.Pending(c.Action); len(ents) > 0 {
		return steers
	}
	return 0
}

// velocityEnds returns ends if the action, which touches Velocity, sets
// one that ends its leg: no moves left, or a shard's fragments parting.
func velocityEnds(c *Check) uint64 {
	_, vals := vocab.Velocity.Pending(c.Action)
	for i := range vals {
		if vals[i].Ends() {
			return ends
		}
	}
	return 0
}

// Derive finds the action's move, for move to hand every rule that asks,
// and returns its facts (see busy and the bits after it): those of the
// move (moveFacts), of the mover meeting something (meets), of the
// components it sets, and idle.
//
// A fragment's last step removes it, so its move is told by the action's
// LastStep property instead. Derive is called for every action: finding
// the move and reading the components here, rather than in functions of
// their own, saves calls.
func (s *Scratch) Derive(c *Check) uint64 {
	m := &s.m
	var facts uint64
	// Told of this very action by its builder (a step, nearly every
	// action of a cascade), the move is the one told: the action sets
	// its mover's position to To (a LastStep names it in the property)
	// from From, which the world still holds. A Move's action sets its
	// velocity besides, and nothing else, so its other facts are told
	// too. What is told is cleared at every action, used or not.
	if t := &m.Stepped; t.T == c.Type && t.T != nil && t.From != t.To {
		// The builder wrote the mover and its cells where the rules
		// read them (moved embeds Stepped): nothing is copied.
		t.T = nil
		m.ok = true
		// A Move's facts are whole once its cell's are in: each of its
		// ways out ends with the call, so nothing is kept across it.
		if t.Move {
			if t.Ends {
				return s.moveFacts(c, t.E, t.To, t.Ground) | ends
			}
			return s.moveFacts(c, t.E, t.To, t.Ground)
		}
		facts = s.moveFacts(c, t.E, t.To, t.Ground)
		// A fragment's LastStep removes its mover and sets the LastStep
		// property, and nothing else: a removal sets no steering and no
		// velocity, and touches every component the mover holds, a
		// position and a velocity at least (never idle). Of the facts of
		// the components only mayStrand can hold, as for any action, if
		// it touches a top speed (the mover had one).
		if c.Type.Kind == act.KindLastStep {
			if c.Action.Mask().Has(vocab.TopSpeed.ID()) {
				facts |= mayStrand
			}
			return facts
		}
	} else {
		t.T = nil
		m.ok = false
		ents, vals := vocab.Position.Pending(c.Action)
		for i, e := range ents {
			old, had := vocab.Position.Read(c.World, e)
			if to := vals[i]; had && old != to {
				// Field by field: a composite literal would be built
				// aside and copied, on every move of every action.
				m.E, m.From, m.To, m.ok = e, old, to, true
				break
			}
		}
		if !m.ok {
			if h, last := vocab.LastStep.Get(c.Action); last {
				if old, had := vocab.Position.Read(c.World, h.E); had && old != h.To {
					m.E, m.From, m.To, m.ok = h.E, old, h.To, true
				}
			}
		}
		if m.ok {
			facts = s.moveFacts(c, m.E, m.To, s.onGround(c.Action))
		} else {
			*m = moved{}
		}
	}
	// Most actions touch none of top speed, steering and velocity: when
	// the three share a word of the mask, one test passes them by.
	if mask := c.Action.Mask(); mask[0]&s.few != 0 {
		w := mask[0]
		if w&s.top != 0 {
			facts |= mayStrand
		}
		if w&s.steer != 0 {
			facts |= steering(c)
		}
		if w&s.vel != 0 {
			facts |= velocityEnds(c)
		}
	} else if s.few == 0 {
		facts |= ofComponentsAnywhere(c, mask)
	}
	// Most actions touch two components or more: one test for them.
	if len(c.Action.Touched()) <= 1 && (c.Action.Empty() || onlyMarked(c)) {
		facts |= idle
	}
	return facts
}

// The facts Derive returns, one bit each. A rule that declares one in its
// Needs (Rule.Needs) is asked, untraced, only about actions that have it:
// each fact holds for every action about which its rules could do more
// than accept in silence. Each rule still tests for itself what its fact
// tells, so it answers the same when it is asked anyway (a trace kept,
// NoSkip, no scratch).
const (
	// busy: the action moves something into a cell holding more than
	// projectiles. The rules about what a mover meets there need it.
	busy uint64 = 1 << iota
	// offGrid: the action moves something off the grid, which bounds
	// refuses; every other move stays on it.
	offGrid
	// mayStrand: the action sets a top speed, or moves something on the
	// ground (the Ground mark) to a cell whose east neighbour is off the
	// road or holds something solid, or off the grid. A van is never
	// walled in while it can go on east, so stranded needs it.
	mayStrand
	// steers: the action sets a steering (a lane change asked for), which
	// only a vehicle with speed may do. A lane change clears its
	// steering, and sets none.
	steers
	// goal: the action moves the van (the Player) on the ground into the
	// goal column or beyond, where its delivery ends, or moves anything
	// off the grid.
	goal
	// acid: the action moves something with tyres on the ground into an
	// acid cell, where they are bitten, or moves anything off the grid.
	acid
	// idle: the action changes nothing, or only carries the mark of a
	// driver's command, which moot refuses. Moot is asked about every
	// action while a trace is kept; untraced, only about these.
	idle
	// ends: the action sets a velocity with no moves left, which motion
	// ends finishes. Most steps leave moves to make.
	ends
	// letters: the action moves the van (the Player) into a busy cell
	// holding a letter, which it picks up.
	letters
	// runOverable: the action moves a vehicle into a busy cell holding
	// something that can be run over.
	runOverable
	// enemyBusy, vanBusy, projectileBusy, fragmentBusy: the action moves
	// an enemy, the van, a projectile or a fragment into a busy cell.
	// The rules about what one kind of mover meets there need their
	// kind's: the facts tell the mover's kind, so the engine has no
	// Subjects to ask about.
	enemyBusy
	vanBusy
	projectileBusy
	fragmentBusy
)

// moved is what move finds about an action: the first entity it moves
// (E), where from and where to (From, To), whether it moves anything at
// all, and whether the cell it enters holds anything. The three come in
// an act.Stepped, where the builders of steps write them: a told step's
// move is not copied from there. The rest of the Stepped (T, Move, Ends,
// Ground) is what Derive reads of a telling, and no rule reads it.
type moved struct {
	act.Stepped
	ok bool
	// busy is set when the move's target cell holds something other
	// than projectiles (never off the grid). The rules about what a
	// mover meets there ask the index for solid things, enemies, the
	// van, letters: a cell empty of all but bullets and fragments, which
	// carry none of those, has none. Most moves are not busy (a blast's
	// fragments cross each other's cells): the engine then asks none of
	// those rules (Derive returns the fact, the rules need it), and when
	// it asks them anyway (a trace kept, NoSkip) each leaves at once
	// rather than asking the index again.
	busy bool
}

// move returns the first entity the action moves (one that already has a
// position and gets a different one), with where it comes from and goes.
// Spawning sets a position too, but is not a move: new things appear
// without colliding. A dozen rules ask it of every move, so the engine's
// scratch derives it once per action, before any rule, and move, small
// enough to inline into each rule, only reads it there. The answer is the
// scratch's: read it, do not keep it past the rule's call. Without a
// scratch (a test's engine) each asking derives and allocates its own.
func move(c *Check) *moved {
	if s, kept := c.Scratch.(*Scratch); kept {
		return &s.m
	}
	return derive(c)
}

// derive is move without a scratch, kept out of line so that move
// inlines. Without the book's Env, it leaves out the facts that are the
// road's, which only the engine reads.
//
//go:noinline
func derive(c *Check) *moved {
	s := NewScratch(nil)
	s.Derive(c)
	return &s.m
}

// Subject is the engine's Subject (rules.Options) for this book: the
// entity an action moves, as move finds it. No rule of this book names
// Subjects now (the facts of a move tell the mover's kind, which the rules
// about one kind of mover need), so the engine does not ask it; it stays
// for a rule that may.
func Subject(c *Check) (ecs.Entity, bool) {
	m := move(c)
	return m.E, m.ok
}

// moveFacts returns the facts of the move the scratch holds, of e to to,
// and sets its busy; ground tells whether the action carries the Ground
// mark. It asks the index about the target cell once, for every rule that
// asks after it: how many entities it holds and, only if any, how many of
// them are projectiles. The facts are busy (with what the mover meets
// there), offGrid and mayStrand, and with the book's Env (a scratch made
// by NewScratch has it) goal and acid. The mover, its cell and the mark
// come as arguments: Derive has them at hand (told, the mark too), and
// they are not read back from the scratch it has just written.
func (s *Scratch) moveFacts(c *Check, e ecs.Entity, to geom.Point, ground bool) uint64 {
	m, sp := &s.m, c.Spatial
	m.busy = false
	// The cell is found once for the questions about it and its east
	// neighbour, not again by each of At, Count and Any.
	i, on := sp.CellIndex(to)
	if !on {
		// Bounds refuses such a move before the rules that need the
		// others are asked; they hold so that those rules, asked alone
		// (or after a book that lets the move pass), are asked too.
		return offGrid | mayStrand | goal | acid
	}
	var facts uint64
	// Projectiles (bullets and shards) pass one another: a cell holding
	// only them is not busy. A cascade's cells hold shards alone, most
	// often: they are counted first, and bullets only if there is more.
	if n := sp.LenAt(i); n > 0 {
		if k := sp.CountAt(i, vocab.Shard.ID()); n > k && n > k+sp.CountAt(i, vocab.Projectile.ID()) {
			m.busy = true
			facts = busy | meets(c, m)
		}
	}
	// Only a move on the ground concerns stranded, the goal and acid: a
	// projectile's step (most moves) pays one bit test for them.
	if !ground {
		return facts
	}
	// The east neighbour of a cell on the grid is on it unless the cell
	// is in the last column; its index is the next one.
	if w, _ := sp.Size(); to.X+1 >= w || sp.CountAt(i+1, vocab.Solid.ID()) > 0 {
		facts |= mayStrand
	}
	if env := s.env; env != nil {
		// Only the van's delivery ends there: an enemy's step into the
		// goal column pays one flag's read more.
		if to.X >= env.GoalX && vocab.Player.In(c.World, e) {
			facts |= goal
		}
		// Acid bites tyres only: under anything else (an enemy's step,
		// most moves on the ground) the cell is not looked up.
		if c.World.Holds(vocab.Tyres.ID(), e) && env.Acid(to) {
			facts |= acid
		}
	}
	return facts
}

// meets returns the facts of what move m meets in the busy cell it
// enters: the mover's kind, one bit each (a flag's read), and for the van
// letters, for a vehicle things to run over (a look at the index each).
// A busy cell is rare (the van drives into one when a wreck stops it), so
// these few reads cost little, and they spare the engine asking the
// mover's kinds for the rules' Subjects, and asking the rules about
// letters and run-overs, which would accept in silence. Derive calls it
// out of line, after set, so that a move into a free cell (most) pays one
// test for it.
//
//go:noinline
func meets(c *Check, m *moved) uint64 {
	w, e := c.World, m.E
	var facts uint64
	if vocab.Enemy.In(w, e) {
		facts |= enemyBusy
	}
	// vocab.IsProjectile written out, its shard read shared with the
	// fragment's fact: the call it would be is over the inlining budget.
	if vocab.Shard.In(w, e) {
		facts |= projectileBusy | fragmentBusy
	} else if vocab.Projectile.In(w, e) {
		facts |= projectileBusy
	}
	if vocab.Player.In(w, e) {
		facts |= vanBusy
		if len(c.Spatial.Holders(m.To, vocab.Letter.ID())) > 0 {
			facts |= letters
		}
	}
	if vocab.Vehicle.In(w, e) && c.Spatial.Any(m.To, vocab.RunOverable.ID()) {
		facts |= runOverable
	}
	return facts
}

// stopMover ends the mover's motion and any pending lane change, so a
// blocked velocity does not try the same step again at the same instant and
// a blocked lane change is not tried again next round. It asks the world's
// index whether e holds either (Holds), rather than reading a value through
// the Reader interface (Has), which copies the course out.
func stopMover(c *Check, e ecs.Entity) {
	if c.World.Holds(vocab.Velocity.ID(), e) || c.World.Holds(vocab.Steering.ID(), e) {
		c.Enqueue(act.Stop(e))
	}
}

// moveConcerns is what rules about any movement look at, a bullet's or a
// fragment's included.
var moveConcerns = []ecs.ID{vocab.Position.ID(), vocab.LastStep.ID()}

// groundConcerns is what rules about the moves of the van and the enemies
// look at: the actions that move something that is not a projectile carry
// the Ground mark, so these rules are never asked about a bullet's or a
// fragment's step, which none of them could concern.
var groundConcerns = []ecs.ID{vocab.Ground.ID()}
