package game

import (
	"fmt"
	"slices"

	"lastpost/ai"
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Sleepers are the enemies that wait for the van out of its sight. An
// enemy with no target that does not see the van, and that stands still,
// would only wait round after round; instead it leaves the turn schedule
// and sleeps in a bucket for its column. A sleeper wakes exactly when it
// would see the van at its next turn: the van moves only in the round's
// physics step, so after that step every sleeper whose vision holds the
// van (ai.Sees, the test its own turn makes) takes its place in the
// schedule again, to act at the enemies' offset of the next round, where
// it notices the van. No sleeper ever has the van in sight, which
// CheckInvariants checks between turns.
//
// The buckets are kept per vision (the data has a few distinct ones), so
// the columns looked at after each physics step are those within each
// vision of the van's, not those within the widest. A sleeper never moves
// (it took no action), so its bucket stays its column and its entry keeps
// its row. Killed sleepers are dropped from their bucket when the van
// comes into their sight.
//
// The buckets are not saved: a save's sleepers are its living enemies
// without a place in the schedule, and loading puts them back into the
// buckets of their columns. Waking is in ascending entity order whatever a
// bucket's order, so a loaded run wakes its sleepers exactly as the saved
// one would have.
type sleepers struct {
	sights []sleepSight
	// sightOf[i] indexes sights by the vision of the data's enemy i.
	sightOf []int
	woken   []ecs.Entity // scratch of one wake-up, kept for its storage
	// van is where the van stood at the last wake-up, and known whether
	// every sleeper is known not to see it from there: then a wake-up
	// need only look where the van came nearer (see wakeColumns).
	van   geom.Point
	known bool
}

// sleepSight holds the sleepers of one vision radius.
type sleepSight struct {
	vision int
	cols   [][]sleeper // per column, its sleepers in any order
	n      int         // entries in cols, so a vision no one sleeps with costs nothing
}

// sleeper is one sleeping enemy and the row it stands on.
type sleeper struct {
	e ecs.Entity
	y int
}

// reset empties the buckets for a road w columns wide whose enemies are
// enemies.
func (s *sleepers) reset(w int, enemies []assets.Enemy) {
	s.known = false
	s.sights, s.sightOf = s.sights[:0], s.sightOf[:0]
	for _, d := range enemies {
		i := slices.IndexFunc(s.sights, func(v sleepSight) bool { return v.vision == d.Vision })
		if i < 0 {
			i = len(s.sights)
			s.sights = grow(s.sights)
			s.sights[i].vision = d.Vision
		}
		s.sightOf = append(s.sightOf, i)
	}
	for i := range s.sights {
		s.sights[i].cols = emptyColumns(s.sights[i].cols, w)
		s.sights[i].n = 0
	}
}

// grow returns sights one longer, the new last one as the last road left
// it where there was one, so its buckets' storage is reused.
func grow(sights []sleepSight) []sleepSight {
	if len(sights) < cap(sights) {
		return sights[:len(sights)+1]
	}
	return append(sights, sleepSight{})
}

// emptyColumns returns w empty buckets, reusing cols' storage: the
// buckets past its length too, up to its capacity, which a narrower road
// before left there with their own storage.
func emptyColumns(cols [][]sleeper, w int) [][]sleeper {
	if w > cap(cols) {
		cols = append(cols[:cap(cols)], make([][]sleeper, w-cap(cols))...)
	}
	cols = cols[:w]
	for i := range cols {
		cols[i] = cols[i][:0]
	}
	return cols
}

// still reports whether enemy e neither moves nor has speed a deceleration
// would still have to take away.
func (g *Game) still(e ecs.Entity) bool {
	if _, moving := vocab.Velocity.Read(g.world, e); moving {
		return false
	}
	speed, _ := vocab.Speed.Read(g.world, e)
	return speed == 0
}

// sleep takes enemy e, of the given kind and standing at pos, out of the
// schedule's rounds until the van comes into its sight.
func (g *Game) sleep(e ecs.Entity, kind vocab.Kind, pos geom.Point) {
	g.pending.remove(e)
	g.bucket(e, kind, pos)
}

// sleepsFromTheStart puts enemy e, just placed with a new road, to sleep
// without a first turn when that turn would put it to sleep, and reports
// whether it did. Most of a road's enemies stand out of the van's sight
// at the start, and a turn each only to fall asleep cost a new road a
// twentieth of its set-up. Their first turns come before the van's first,
// at the enemies' offset of the opening round, with the van on the road's
// start, where the population places it next. What such a turn decides is
// the enemy's own: whether it sees the van from where it stands, has a
// target and stands still, none of which another enemy's turn before it
// changes (a shot may kill it, and a killed sleeper is dropped from its
// bucket). So the enemy sleeps exactly where and as its turn would have
// put it; the awake enemies keep their order in the schedule, and only
// the schedule's tickets are numbered differently.
func (g *Game) sleepsFromTheStart(e ecs.Entity) bool {
	pos, ok := vocab.Position.Read(g.world, e)
	if !ok || vocab.Target.Has(g.world, e) || !g.still(e) {
		return false
	}
	kind, _ := vocab.KindOf.Read(g.world, e)
	van := g.level.Start
	if ai.Sees(pos, van, g.env.Enemy(kind).Vision) {
		return false
	}
	g.sleepers.fallsAsleepSeeing(van)
	g.bucket(e, kind, pos)
	return true
}

// fallsAsleepSeeing notes that an enemy falls asleep not seeing the van at
// van; if that is not where the last wake-up saw it, the next one looks at
// every column again.
func (s *sleepers) fallsAsleepSeeing(van geom.Point) {
	if van != s.van {
		s.known = false
	}
}

// bucket puts enemy e, of the given kind and standing at pos, into the
// bucket of its column for its vision.
func (g *Game) bucket(e ecs.Entity, kind vocab.Kind, pos geom.Point) {
	i, _ := kind.EnemyIndex()
	sight := &g.sleepers.sights[g.sleepers.sightOf[i]]
	sight.cols[pos.X] = append(sight.cols[pos.X], sleeper{e: e, y: pos.Y})
	sight.n++
}

// wakeSeeing wakes the sleepers that see the van where it stands, in
// ascending entity order, each to act at the enemies' offset of the next
// round. It runs after the round's physics step, the last thing that moves
// the van before the enemies' turns.
func (g *Game) wakeSeeing() {
	s := &g.sleepers
	van := vocab.Position.Value(g.world, g.env.Van)
	s.woken = s.woken[:0]
	for i := range s.sights {
		sight := &s.sights[i]
		if sight.n == 0 {
			continue
		}
		first, last := s.wakeColumns(van, sight.vision)
		for x := max(first, 0); x <= min(last, len(sight.cols)-1); x++ {
			if col := sight.cols[x]; len(col) > 0 {
				sight.cols[x] = g.wakeColumn(col, x, sight.vision, van)
				sight.n -= len(col) - len(sight.cols[x])
			}
		}
	}
	s.van, s.known = van, true
	slices.Sort(s.woken)
	for _, e := range s.woken {
		g.pending.add(e)
		g.sched.Insert(Task{Kind: TaskActor, E: e}, TurnTime-offsetPhysics+offsetEnemy)
	}
}

// wakeColumns returns the first and last column where a sleeper of the
// given vision may see the van standing at van. Only the columns nearer
// the van's than the vision can hold a cell in sight. And when every
// sleeper is known not to see the van where the last wake-up saw it, and
// the van has since driven east along its row (or stayed), a sleeper it
// now sees must stand nearer its new place than its old one: east of the
// midpoint of the two; a van that stayed put wakes no one.
func (s *sleepers) wakeColumns(van geom.Point, vision int) (first, last int) {
	first, last = van.X-vision+1, van.X+vision-1
	if s.known && van.Y == s.van.Y && van.X >= s.van.X {
		// (x-van.X)^2 < (x-old.X)^2 asks (van.X-old.X)*(2x-old.X-van.X) > 0.
		if van.X == s.van.X {
			return 1, 0
		}
		first = max(first, (s.van.X+van.X)/2+1)
	}
	return first, last
}

// wakeColumn moves the living sleepers of column x, of the given vision,
// that see the van into the wake-up list, drops those killed in their sleep
// that it would have woken, and returns the ones that sleep on.
func (g *Game) wakeColumn(col []sleeper, x, vision int, van geom.Point) []sleeper {
	s := &g.sleepers
	kept := col[:0]
	for _, z := range col {
		switch {
		case !ai.Sees(geom.Pt(x, z.y), van, vision):
			kept = append(kept, z)
		case vocab.Enemy.Has(g.world, z.e):
			s.woken = append(s.woken, z.e)
		}
	}
	return kept
}

// seesVan reports whether enemy e, standing at pos, has the van in sight,
// as its turn would see it.
func (g *Game) seesVan(e ecs.Entity, pos geom.Point) bool {
	van, ok := vocab.Position.Get(g.world, g.env.Van)
	return ok && ai.Sees(pos, van, g.env.Enemy(vocab.KindOf.Value(g.world, e)).Vision)
}

// restoreSleepers puts a loaded road's living enemies without a place in
// the schedule back to sleep in the buckets of their columns. Only an enemy
// with no target that stands still can have fallen asleep; any other
// missing from the schedule makes the save invalid, and so does one that
// sees the van, since it would have woken.
func (g *Game) restoreSleepers() error {
	g.sleepers.reset(g.level.W, g.data.Enemies.List)
	w := g.world
	for _, e := range vocab.Enemy.Entities(w) {
		if g.pending.has(e) {
			continue
		}
		pos, ok := vocab.Position.Get(w, e)
		if !ok || !pos.In(g.level.W, g.level.H) || vocab.Target.Has(w, e) || !g.still(e) || g.seesVan(e, pos) {
			return fmt.Errorf("schedule: enemy #%d holds no place in the schedule, yet it cannot be asleep", e)
		}
		g.bucket(e, vocab.KindOf.Value(w, e), pos)
	}
	return nil
}
