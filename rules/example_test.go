package rules_test

import (
	"fmt"
	"os"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
)

// The example's world: things placed on a 5x5 grid, some of them closed
// doors.
const (
	placeID ecs.ID = iota
	doorID
)

var (
	place    = ecs.DataOf[geom.Point](placeID)
	shutDoor = ecs.FlagOf(doorID)
)

// order is the example's action type: a small value the queue holds until
// the engine builds it into changes.
type order struct {
	Verb string // "move" or "open"
	Who  ecs.Entity
	Dir  geom.Dir
}

// String names the order in traces.
func (o order) String() string {
	if o.Verb == "move" {
		return fmt.Sprintf("move #%d %v", o.Who, o.Dir)
	}
	return fmt.Sprintf("%s #%d", o.Verb, o.Who)
}

// buildOrder turns an order into changes, reading the state as it is when
// the order's turn in the queue comes, not when it was asked for.
func buildOrder(w *ecs.World) func(o *order, a *ecs.Action) {
	return func(o *order, a *ecs.Action) {
		switch o.Verb {
		case "move":
			place.Set(a, o.Who, place.Value(w, o.Who).Add(o.Dir.Vec()))
		case "open":
			shutDoor.Remove(a, o.Who)
		}
	}
}

// destination returns where the action moves its mover, if it moves one.
func destination(c *rules.Check[order]) (geom.Point, bool) {
	_, to := place.Pending(c.Action)
	if len(to) == 0 {
		return geom.Point{}, false
	}
	return to[0], true
}

// The book. Both rules concern positions only, so the engine skips them
// for an open, which touches only the door flag.
var (
	boundsRule = rules.Rule[order]{Name: "bounds", Concerns: []ecs.ID{placeID},
		Check: func(c *rules.Check[order]) rules.Verdict {
			if to, ok := destination(c); ok && !c.Spatial.In(to) {
				// Nothing later can make an off-grid move valid.
				return rules.Reject | rules.Stop
			}
			return rules.Accept
		}}
	doorRule = rules.Rule[order]{Name: "door", Concerns: []ecs.ID{placeID},
		Check: func(c *rules.Check[order]) rules.Verdict {
			if to, ok := destination(c); ok {
				if d, found := c.Spatial.First(to, doorID); found {
					// The bump is refused, and the refusal is what opens
					// the door: the follow-on joins the reject queue.
					c.Enqueue(order{Verb: "open", Who: d})
					return rules.Reject
				}
			}
			return rules.Accept
		}}
)

func ExampleEngine_Resolve() {
	w := ecs.NewWorld(ecs.MustSchema(
		ecs.DataSpec(place, "place", func(h uint64, p geom.Point) uint64 { return ecs.MixInt(ecs.MixInt(h, p.X), p.Y) }),
		ecs.FlagSpec(shutDoor, "door"),
	))
	w.SetSpatial(ecs.SpatialSpec{W: 5, H: 5, Pos: place, Sets: []ecs.ID{doorID}})
	a := w.NewAction()
	van, door := a.Spawn(), a.Spawn()
	place.Set(a, van, geom.Pt(2, 2))
	place.Set(a, door, geom.Pt(3, 2))
	shutDoor.Add(a, door)
	w.Commit(a)

	e := rules.New(w, []rules.Rule[order]{boundsRule, doorRule}, rules.Options[order]{Build: buildOrder(w)})
	e.Trace = &rules.Trace{}
	// One move east a turn: into the door, through it, to the edge, off
	// the grid.
	for range 4 {
		e.Enqueue(order{Verb: "move", Who: van, Dir: geom.East})
		if err := e.Resolve(); err != nil {
			fmt.Println(err)
			return
		}
	}
	if _, err := e.Trace.WriteTo(os.Stdout); err != nil {
		fmt.Println(err)
	}
	fmt.Println("van at", place.Value(w, van), "door shut:", shutDoor.Has(w, door))
	// Output:
	//    0ms move #1 east: bounds accept; door reject -> open #2 | rejected
	//    0ms open #2: | committed
	//    0ms move #1 east: bounds accept; door accept | committed
	//    0ms move #1 east: bounds accept; door accept | committed
	//    0ms move #1 east: bounds reject+stop | rejected
	// van at {4 2} door shut: false
}
