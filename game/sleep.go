package game

import (
	"fmt"
	"slices"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Sleepers are the enemies that wait for the van out of its sight. An
// enemy with no target that does not see the van, and that stands still,
// would only wait round after round; instead it leaves the turn schedule
// and sleeps in the bucket of its column. At each of the van's turns the
// columns within the widest enemy vision of the van are looked at, and a
// sleeper whose column is nearer the van's than its own vision wakes: it
// takes its place in the schedule again, to act at the enemies' offset of
// the next round, and looks for the van then. A sleeper never moves (it
// took no action), so its bucket stays its column. Killed sleepers are
// dropped from their bucket when it is next looked at.
//
// The buckets are not saved: a save's sleepers are its living enemies
// without a place in the schedule, and loading puts them back into the
// buckets of their columns. Waking is in ascending entity order whatever a
// bucket's order, so a loaded run wakes its sleepers exactly as the saved
// one would have.
type sleepers struct {
	cols  [][]ecs.Entity // per column, its sleepers in any order
	reach int            // the widest vision of any enemy, in cells
	woken []ecs.Entity   // scratch of one wake-up, kept for its storage
}

// reset empties the buckets for a road w columns wide whose enemies see at
// most reach cells.
func (s *sleepers) reset(w, reach int) {
	for i := range s.cols {
		s.cols[i] = s.cols[i][:0]
	}
	if len(s.cols) < w {
		s.cols = append(s.cols, make([][]ecs.Entity, w-len(s.cols))...)
	}
	s.cols = s.cols[:w]
	s.reach = reach
}

// widestVision returns the largest vision radius of the game's enemies.
func (g *Game) widestVision() int {
	reach := 0
	for _, e := range g.data.Enemies.List {
		reach = max(reach, e.Vision)
	}
	return reach
}

// still reports whether enemy e neither moves nor has speed a deceleration
// would still have to take away.
func (g *Game) still(e ecs.Entity) bool {
	return !vocab.Velocity.Has(g.world, e) && vocab.Speed.Value(g.world, e) == 0
}

// sleep takes enemy e, standing at pos, out of the schedule's rounds until
// the van comes near.
func (g *Game) sleep(e ecs.Entity, pos geom.Point) {
	delete(g.tickets, e)
	g.sleepers.cols[pos.X] = append(g.sleepers.cols[pos.X], e)
}

// wakeNear wakes the sleepers whose column is nearer the van's than their
// own vision, in ascending entity order, each to act at the enemies'
// offset of the next round. It runs at the van's turn.
func (g *Game) wakeNear() {
	s := &g.sleepers
	if len(s.cols) == 0 {
		return
	}
	w := g.world
	vanX := vocab.Position.Value(w, g.env.Van).X
	s.woken = s.woken[:0]
	for x := max(vanX-s.reach+1, 0); x <= min(vanX+s.reach-1, len(s.cols)-1); x++ {
		if len(s.cols[x]) > 0 {
			s.cols[x] = g.wakeColumn(s.cols[x], abs(x-vanX))
		}
	}
	slices.Sort(s.woken)
	for _, e := range s.woken {
		g.tickets[e] = g.sched.Insert(Task{Kind: TaskActor, E: e}, TurnTime-offsetVan+offsetEnemy)
	}
}

// wakeColumn moves the living sleepers of one column, dx columns from the
// van, that see that far into the wake-up list, and returns the ones that
// sleep on.
func (g *Game) wakeColumn(col []ecs.Entity, dx int) []ecs.Entity {
	w, s := g.world, &g.sleepers
	kept := col[:0]
	for _, e := range col {
		switch {
		case !vocab.Enemy.Has(w, e):
			// Killed in its sleep.
		case dx < g.env.Enemy(vocab.KindOf.Value(w, e)).Vision:
			s.woken = append(s.woken, e)
		default:
			kept = append(kept, e)
		}
	}
	return kept
}

// restoreSleepers puts a loaded road's living enemies without a place in
// the schedule back to sleep in the buckets of their columns. Only an enemy
// with no target that stands still can have fallen asleep; any other
// missing from the schedule makes the save invalid.
func (g *Game) restoreSleepers() error {
	g.sleepers.reset(g.level.W, g.widestVision())
	w := g.world
	for _, e := range vocab.Enemy.Entities(w) {
		if _, scheduled := g.tickets[e]; scheduled {
			continue
		}
		pos, ok := vocab.Position.Get(w, e)
		if !ok || !pos.In(g.level.W, g.level.H) || vocab.Target.Has(w, e) || !g.still(e) {
			return fmt.Errorf("schedule: enemy #%d holds no place in the schedule, yet it cannot be asleep", e)
		}
		g.sleepers.cols[pos.X] = append(g.sleepers.cols[pos.X], e)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
