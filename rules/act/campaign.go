package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Phase says where the run is.
type Phase uint8

// The phases of a run.
const (
	PhaseRoad Phase = iota // driving a delivery
	PhaseCamp              // between deliveries, at a survivor camp
	PhaseOver              // the run has ended
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case PhaseRoad:
		return "road"
	case PhaseCamp:
		return "camp"
	}
	return "over"
}

// The causes that end a run.
const (
	CauseDestroyed = "destroyed" // the van was destroyed
	CauseAbandoned = "abandoned" // the player gave the run up
	CauseStranded  = "stranded"  // the van's engine died with no way to mend it
	CauseRetired   = "retired"   // the driver of a won run retired
)

// IsCause reports whether s is a cause that ends a run.
func IsCause(s string) bool {
	switch s {
	case CauseDestroyed, CauseAbandoned, CauseStranded, CauseRetired:
		return true
	}
	return false
}

// Tally is the run's record beyond the entities: where it is and what it
// has done so far. Only the effects of committed actions change it (and the
// turn loop, which counts turns).
type Tally struct {
	Phase      Phase  `json:"phase"`
	Delivery   int    `json:"delivery"` // deliveries completed, which is the difficulty of the next
	Earned     int    `json:"earned"`
	Letters    int    `json:"letters"`
	Kills      int    `json:"kills"`
	Turns      int    `json:"turns"`
	Explosions int    `json:"explosions"`
	Purchases  int    `json:"purchases"`
	Won        bool   `json:"won"`   // the last settlement was reached
	Cause      string `json:"cause"` // what ended the run: CauseDestroyed, CauseAbandoned, CauseStranded or CauseRetired
	LastPay    int    `json:"last_pay"`
	// DestroyedBy is the kind of what destroyed the van (KindNone while
	// it stands, or when the run ended otherwise).
	DestroyedBy vocab.Kind `json:"destroyed_by,omitempty"`
}

// Ledger is what committing an action changes beyond the world: the run's
// tally, the message log and the turn schedule. The game keeps them.
type Ledger interface {
	// Tally returns the run's record, to be changed in place.
	Tally() *Tally
	// Log writes a line to the message log, with the chain of causes that
	// wrote it.
	Log(m vocab.Message, why vocab.Chain)
	// Enlist gives a new actor its place in the turn schedule.
	Enlist(e ecs.Entity)
	// Forget cancels a removed actor's place in the turn schedule.
	Forget(e ecs.Entity)
}
