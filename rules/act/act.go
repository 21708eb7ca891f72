// Package act holds Last Post's action kinds. Each kind lives in one file:
// the constructor that says what should happen, how it is built into a
// change set from the state, and what committing it does beyond the change
// set (the run's tallies, the log, the turn schedule). The rule book
// (rules/book) decides whether a built action happens; the game (game)
// only asks for actions and resolves them.
package act

import (
	"fmt"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Kind names an action kind.
type Kind uint8

// The action kinds, in no particular order: the file of each says what it
// does.
const (
	KindWait       Kind = iota // nothing happens; the turn passes
	KindAccelerate             // speed +1, up to the top speed
	KindDecelerate             // speed -1, down to zero
	KindSteer                  // queue a lane change for the physics step
	KindPhysics                // the round's physics step
	KindLane                   // change lane now (from physics)
	KindDrive                  // start this round's forward motion
	KindMove                   // one step of a velocity
	KindWalk                   // a walker's step
	KindStop                   // end a velocity
	KindDestroy                // remove an entity
	KindDamage                 // plain hit point loss
	KindHit                    // layered damage to the van
	KindDie                    // death of an entity
	KindExplode                // a barrel goes off
	KindFire                   // a gun fires (one bullet of a burst, or all at once)
	KindTakeLetter             // the van picks up a letter
	KindAcid                   // acid gets at the tyres
	KindArrive                 // the van reaches the goal column
	KindUseKit                 // the van uses a consumable from its inventory
	KindNotice                 // an enemy sees the van
	KindSay                    // a line for the log
	KindOutfit                 // the van of a new run is made ready
	KindSpawn                  // a thing of the level is placed on the road
	KindPlaceVan               // the van rolls onto a new road
	KindReachCamp              // the van pulls into a survivor camp
	KindPay                    // the camp pays for the letters
	KindHeal                   // the camp patches the hull
	KindRestock                // the camp's shop lays out its stock
	KindBuy                    // the van buys a shop offer
	KindMount                  // a carried gun goes onto a side of the van
	KindUnmount                // a mounted gun goes back into the inventory
	KindDiscard                // a carried item is thrown away
	KindDepart                 // the van leaves the camp
	KindGiveUp                 // the driver gives the run up
	KindStrand                 // the van's dead engine ends the run
	KindRetire                 // the driver of a won run retires
	KindPopulate               // every thing of a new road is placed on it
	KindLastStep               // a fragment's last step, its range run out: it is spent
	KindScatter                // a shard of a blast parts where its fragments' paths do
	kindCount
)

var kindNames = [...]string{"Wait", "Accelerate", "Decelerate", "Steer", "Physics", "Lane", "Drive",
	"Move", "Walk", "Stop", "Destroy", "Damage", "Hit", "Die", "Explode", "Fire", "TakeLetter",
	"Acid", "Arrive", "UseKit", "Notice", "Say", "Outfit", "Spawn", "PlaceVan", "ReachCamp", "Pay",
	"Heal", "Restock", "Buy", "Mount", "Unmount", "Discard", "Depart", "GiveUp", "Strand", "Retire",
	"Populate", "LastStep", "Scatter"}

// String names the action kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Act#%d", k)
}

// Where says where the driver may give a command.
type Where uint8

// The places of a command. Actions that are no command (the physics, a
// bullet's step) are Anywhere: the rules that check places look only at
// commands.
const (
	Anywhere Where = iota
	OnTheRoad
	AtCamp
)

// Where returns where a command of this kind may be given.
func (k Kind) Where() Where {
	switch k {
	case KindWait, KindAccelerate, KindDecelerate, KindSteer, KindFire:
		return OnTheRoad
	case KindBuy, KindMount, KindUnmount, KindDiscard, KindDepart, KindRetire:
		return AtCamp
	}
	return Anywhere
}

// Act is an action type: what should happen, before it is built against the
// state. It is a small value, so queues of them do not allocate per action.
type Act struct {
	Kind Kind
	Dir  geom.Dir
	// Driver says the action is the driver's own command, given at the
	// wheel or at a camp, rather than something that follows from one (the
	// rest of a burst) or an enemy's order. The rules that refuse commands
	// look only at these.
	Driver bool
	E      ecs.Entity // who acts, or is acted on
	O      ecs.Entity // the other party, if any (a target, an item, an offer)
	N      int
	At     geom.Point
	Item   string // a gun, item or thing id
	// Delay is the time between the bullets of a burst, in milliseconds.
	Delay int
	Msg   vocab.Message
	// Why is the chain of causes behind the action: what a log line was
	// written for, what a death was dealt by.
	Why vocab.Chain
}

// Because returns a with the chain of causes why.
func (a Act) Because(why vocab.Chain) Act {
	a.Why = why
	return a
}

// ByDriver returns a as the driver's own command.
func (a Act) ByDriver() Act {
	a.Driver = true
	return a
}

// String describes the action for traces, for a person, its entities by
// number: Move(#12 east).
func (a Act) String() string { return a.describe(entityNumber, " on ") }

// entityNumber tells an entity by its number.
func entityNumber(e ecs.Entity) string { return fmt.Sprintf("#%d", e) }

// Words describes the action with its entities told by name: Move(the
// pistol round east), Damage(the zombie by the fragment n=1). A name of ""
// leaves the entity out.
func (a Act) Words(name func(ecs.Entity) string) string {
	other := " on "
	switch a.Kind {
	case KindDamage, KindHit, KindDie, KindExplode:
		other = " by "
	}
	return a.describe(name, other)
}

// describe writes the action with name telling its entities and other
// joining the second one.
func (a Act) describe(name func(ecs.Entity) string, other string) string {
	s := a.Kind.String() + "(" + name(a.E)
	if a.O != 0 {
		s += other + name(a.O)
	}
	if a.Dir != geom.None {
		s += " " + a.Dir.String()
	}
	if a.N != 0 {
		s += fmt.Sprintf(" n=%d", a.N)
	}
	if a.Item != "" {
		s += " " + a.Item
	}
	if a.Kind == KindNotice || a.Kind == KindSpawn || a.Kind == KindPlaceVan {
		s += fmt.Sprintf(" at %d,%d", a.At.X, a.At.Y)
	}
	if a.Msg.ID != "" {
		s += " " + string(a.Msg.ID)
	}
	return s + ")"
}
