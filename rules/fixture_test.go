package rules_test

import (
	"fmt"
	"strings"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
)

// The test world: a small grid with movers, doors, walls and barrels.
const (
	idPos ecs.ID = iota
	idHP
	idSolid
	idDoor
	idBarrel
	idMark
	idPush
	numIDs
)

var (
	pos    = ecs.DataOf[geom.Point](idPos)
	hp     = ecs.DataOf[int](idHP)
	solid  = ecs.FlagOf(idSolid)
	door   = ecs.FlagOf(idDoor)
	barrel = ecs.FlagOf(idBarrel)
	mark   = ecs.DataOf[int](idMark)
	push   = ecs.PropOf[geom.Point](idPush)
)

const gridW, gridH = 10, 6

func newWorld() *ecs.World {
	w := ecs.NewWorld(ecs.MustSchema(
		ecs.DataSpec(pos, "position", func(h uint64, p geom.Point) uint64 { return ecs.MixInt(ecs.MixInt(h, p.X), p.Y) }),
		ecs.DataSpec(hp, "hp", ecs.HashInt[int]),
		ecs.FlagSpec(solid, "solid"),
		ecs.FlagSpec(door, "door"),
		ecs.FlagSpec(barrel, "barrel"),
		ecs.DataSpec(mark, "mark", ecs.HashInt[int]),
		ecs.PropSpec(push, "push"),
	))
	w.SetSpatial(ecs.SpatialSpec{W: gridW, H: gridH, Pos: pos, Counts: []ecs.ID{idSolid}, Sets: []ecs.ID{idDoor, idBarrel}})
	return w
}

// kind is what an action type does.
type kind uint8

const (
	move   kind = iota // move E by Dir
	open               // open the door E
	hurt               // take N hp from E
	remove             // remove E
	note               // add N to E's mark (a visible trace of a follow-on)
	shove              // move E by Dir, carrying the push property
	idle               // change nothing
)

// act is the rule engine's action type in these tests.
type act struct {
	Kind kind
	E    ecs.Entity
	Dir  geom.Point
	N    int
}

func (a act) String() string {
	switch a.Kind {
	case move:
		return fmt.Sprintf("move(#%d %+d%+d)", a.E, a.Dir.X, a.Dir.Y)
	case open:
		return fmt.Sprintf("open(#%d)", a.E)
	case hurt:
		return fmt.Sprintf("hurt(#%d %d)", a.E, a.N)
	case remove:
		return fmt.Sprintf("remove(#%d)", a.E)
	case note:
		return fmt.Sprintf("note(#%d %d)", a.E, a.N)
	case shove:
		return fmt.Sprintf("shove(#%d %+d%+d)", a.E, a.Dir.X, a.Dir.Y)
	}
	return "idle"
}

var east = geom.Pt(1, 0)

// build turns an action type into changes, reading the current state.
func build(w *ecs.World) func(t *act, a *ecs.Action) {
	return func(t *act, a *ecs.Action) {
		switch t.Kind {
		case move, shove:
			if p, ok := pos.Get(w, t.E); ok {
				pos.Set(a, t.E, p.Add(t.Dir))
			}
			if t.Kind == shove {
				push.Set(a, t.Dir)
			}
		case open:
			door.Remove(a, t.E)
			solid.Remove(a, t.E)
		case hurt:
			if v, ok := hp.Get(w, t.E); ok {
				hp.Set(a, t.E, v-t.N)
			}
		case remove:
			a.RemoveEntity(t.E)
		case note:
			mark.Set(a, t.E, mark.Value(w, t.E)+t.N)
		}
	}
}

// movedTo returns where the action moves entity e, if it moves it.
func movedTo(c *rules.Check[act]) (ecs.Entity, geom.Point, bool) {
	ents, vals := pos.Pending(c.Action)
	if len(ents) == 0 {
		return 0, geom.Point{}, false
	}
	return ents[0], vals[0], true
}

// The door example's two rules.
var (
	bumpOpensDoor = rules.Rule[act]{Name: "bump opens door", Concerns: []ecs.ID{idPos},
		Check: func(c *rules.Check[act]) rules.Verdict {
			if _, to, ok := movedTo(c); ok {
				if d, found := c.Spatial.First(to, idDoor); found {
					c.Enqueue(act{Kind: open, E: d})
					return rules.Reject
				}
			}
			return rules.Accept
		}}
	collision = rules.Rule[act]{Name: "collision", Concerns: []ecs.ID{idPos},
		Check: func(c *rules.Check[act]) rules.Verdict {
			if _, to, ok := movedTo(c); ok && c.Spatial.Any(to, idSolid) {
				return rules.Reject | rules.Stop
			}
			return rules.Accept
		}}
	bounds = rules.Rule[act]{Name: "bounds", Concerns: []ecs.ID{idPos},
		Check: func(c *rules.Check[act]) rules.Verdict {
			if _, to, ok := movedTo(c); ok && !c.Spatial.In(to) {
				return rules.Reject | rules.Stop
			}
			return rules.Accept
		}}
)

// spawn commits one entity with the given position and flags.
func spawn(w *ecs.World, p geom.Point, flags ...ecs.Flag) ecs.Entity {
	a := w.NewAction()
	e := a.Spawn()
	pos.Set(a, e, p)
	hp.Set(a, e, 3)
	for _, f := range flags {
		f.Add(a, e)
	}
	w.Commit(a)
	return e
}

// committed records the committed action types and their instants.
type committed struct {
	acts  []string
	times []int
}

func (c *committed) hook(t *act, now int) {
	c.acts = append(c.acts, t.String())
	c.times = append(c.times, now)
}

func (c *committed) String() string { return strings.Join(c.acts, " ") }
