package vocab

import (
	"fmt"

	"lastpost/ecs"
	"lastpost/ecs/geom"
)

// ActKind names an action type.
type ActKind uint8

// The action types. Each is built into an ecs.Action by the game and checked
// by the rule book.
const (
	ActWait       ActKind = iota // nothing happens; the turn passes
	ActAccelerate                // speed +1, up to the top speed
	ActDecelerate                // speed -1, down to zero
	ActSteer                     // queue a lane change for the physics step
	ActPhysics                   // the round's physics step
	ActLane                      // change lane now (from physics)
	ActDrive                     // start this round's forward motion
	ActMove                      // one step of a velocity
	ActWalk                      // a walker's step
	ActStop                      // end a velocity
	ActDestroy                   // remove an entity
	ActDamage                    // plain hit point loss
	ActHit                       // layered damage to the van
	ActDie                       // death of an entity
	ActExplode                   // a barrel goes off
	ActFire                      // a gun fires (one bullet of a burst, or all at once)
	ActTakeLetter                // the van picks up a letter
	ActAcid                      // acid gets at the tyres
	ActArrive                    // the van reaches the goal
	ActRepair                    // the van uses a consumable
	ActNotice                    // an enemy sees the van
	ActSay                       // a line for the log
	actKindCount
)

var actNames = [...]string{"Wait", "Accelerate", "Decelerate", "Steer", "Physics", "Lane", "Drive",
	"Move", "Walk", "Stop", "Destroy", "Damage", "Hit", "Die", "Explode", "Fire", "TakeLetter",
	"Acid", "Arrive", "Repair", "Notice", "Say"}

// String names the action kind.
func (k ActKind) String() string {
	if int(k) < len(actNames) {
		return actNames[k]
	}
	return fmt.Sprintf("Act#%d", k)
}

// Act is an action type: what should happen, before it is built against the
// state. It is a small value, so queues of them do not allocate per action.
type Act struct {
	Kind ActKind
	E    ecs.Entity // who acts, or is acted on
	O    ecs.Entity // the other party, if any
	Dir  geom.Dir
	N    int
	At   geom.Point
	Item string // a gun or item id
	// Delay is the time between the bullets of a burst, in milliseconds.
	Delay int
	Msg   Message
}

// String describes the action for traces, for a person.
func (a Act) String() string {
	s := fmt.Sprintf("%s(#%d", a.Kind, a.E)
	if a.O != 0 {
		s += fmt.Sprintf(" on #%d", a.O)
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
	if a.Kind == ActNotice {
		s += fmt.Sprintf(" at %d,%d", a.At.X, a.At.Y)
	}
	if a.Msg.ID != "" {
		s += " " + string(a.Msg.ID)
	}
	return s + ")"
}

// Wait makes e pass its turn.
func Wait(e ecs.Entity) Act { return Act{Kind: ActWait, E: e} }

// Accelerate raises e's speed by one.
func Accelerate(e ecs.Entity) Act { return Act{Kind: ActAccelerate, E: e} }

// Decelerate lowers e's speed by one.
func Decelerate(e ecs.Entity) Act { return Act{Kind: ActDecelerate, E: e} }

// Steer queues a lane change north or south for e.
func Steer(e ecs.Entity, d geom.Dir) Act { return Act{Kind: ActSteer, E: e, Dir: d} }

// PhysicsStep is the round's physics step.
func PhysicsStep() Act { return Act{Kind: ActPhysics} }

// Lane moves e one lane in direction d now.
func Lane(e ecs.Entity, d geom.Dir) Act { return Act{Kind: ActLane, E: e, Dir: d} }

// Drive starts e's forward motion for this round.
func Drive(e ecs.Entity) Act { return Act{Kind: ActDrive, E: e} }

// Move advances e one step along its velocity.
func Move(e ecs.Entity) Act { return Act{Kind: ActMove, E: e} }

// Walk moves e one cell in direction d.
func Walk(e ecs.Entity, d geom.Dir) Act { return Act{Kind: ActWalk, E: e, Dir: d} }

// Stop ends e's motion.
func Stop(e ecs.Entity) Act { return Act{Kind: ActStop, E: e} }

// Destroy removes e.
func Destroy(e ecs.Entity) Act { return Act{Kind: ActDestroy, E: e} }

// DamageTo takes n hit points from e, dealt by by.
func DamageTo(e ecs.Entity, n int, by ecs.Entity) Act {
	return Act{Kind: ActDamage, E: e, O: by, N: n}
}

// Hit deals n points of layered damage to the van e, dealt by by.
func Hit(e ecs.Entity, n int, by ecs.Entity) Act { return Act{Kind: ActHit, E: e, O: by, N: n} }

// Die kills e.
func Die(e ecs.Entity, by ecs.Entity) Act { return Act{Kind: ActDie, E: e, O: by} }

// Explode sets off barrel e.
func Explode(e ecs.Entity) Act { return Act{Kind: ActExplode, E: e} }

// Fire fires gun on e's side d. With period 0 every bullet of the shot
// leaves at once; otherwise one bullet leaves now and the burst rule fires
// the rest, remaining counting this one, period milliseconds apart.
func Fire(e ecs.Entity, d geom.Dir, gun string, remaining, period int) Act {
	return Act{Kind: ActFire, E: e, Dir: d, Item: gun, N: remaining, Delay: period}
}

// TakeLetter makes the van e pick up letter l.
func TakeLetter(e, l ecs.Entity) Act { return Act{Kind: ActTakeLetter, E: e, O: l} }

// Acid lets acid get at e's tyres.
func Acid(e ecs.Entity) Act { return Act{Kind: ActAcid, E: e} }

// Arrive marks the van e as having reached the goal.
func Arrive(e ecs.Entity) Act { return Act{Kind: ActArrive, E: e} }

// Repair makes e use the consumable item (an item id).
func Repair(e ecs.Entity, item string) Act { return Act{Kind: ActRepair, E: e, Item: item} }

// Notice makes enemy e remember that it saw the van at p.
func Notice(e ecs.Entity, p geom.Point) Act { return Act{Kind: ActNotice, E: e, At: p} }

// Say writes m to the log.
func Say(m Message) Act { return Act{Kind: ActSay, Msg: m} }
