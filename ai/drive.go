package ai

import "lastpost/ecs/geom"

// ThingKind says which sort of enemy a Thing is.
type ThingKind uint8

// The enemy kinds the van meets.
const (
	ZombieThing ThingKind = iota
	CarThing
	BikeThing
)

// Thing is an enemy the van can see.
type Thing struct {
	Kind ThingKind
	At   geom.Point
}

// vehicle reports whether the thing drives (and so blocks the van and rams).
func (t Thing) vehicle() bool { return t.Kind == CarThing || t.Kind == BikeThing }

// GunInfo describes the gun mounted on one side of the van. Range is the
// gun's range in moves; its bullets reach Range+1 cells.
type GunInfo struct {
	Mounted bool
	Range   int
}

// Situation is everything the autoplay driver reads for one turn of the van.
// Guns is indexed by Dir-1, so North, East, South, West. RoadTop and
// RoadBottom are the first and last road rows; when RoadBottom is 0 no row
// is preferred. Enemies, Letters and Barrels list what the van can see.
//
// Of the enemies the driver reads only those in the van's three rows or its
// column, and the rest only when it has a repair to make (RepairItem), to
// know whether any is near enough to punish a stop; of several on one cell,
// only the first listed. So a reader may leave out the others unless a
// repair is due, and list the enemies in any order but that of enemies
// sharing a cell: the driver decides the same either way.
type Situation struct {
	Map Map
	// Ground, when set, is Map's terrain read without a call per cell.
	Ground              Ground
	Van                 geom.Point
	Speed, MaxSpeed     int
	Tyres, MaxTyres     int
	Engine, MaxEngine   int
	GoalX               int
	RoadTop, RoadBottom int
	Guns                [4]GunInfo
	Enemies             []Thing
	Letters             []geom.Point
	Barrels             []geom.Point
	HasSpareTyre        bool
	HasEngineKit        bool
}

// Driving constants.
const (
	blastReach     = 6  // cells an exploding barrel's fragments travel
	nearBlast      = 2  // barrels this close beside a line of fire are never risked
	repairSafeCar  = 10 // no car or bike this close (Chebyshev) when stopping to repair
	repairSafeWalk = 3  // no zombie this close (Manhattan) when stopping to repair
	clawReach      = 2  // zombies this close are shot before they claw
)

// Drive plays one turn of the van the way a careful person would, in this
// order of concern:
//
//  1. Stopped: use a spare tyre or engine kit if one is badly needed, else
//     shoot a car or bike in line, else accelerate (steering is impossible
//     at speed 0).
//  2. Moving: steer into a neighbouring lane that is clear further ahead or
//     has less acid; shoot a car or bike in line; brake when the lane ahead
//     is too short to stop in and no lane is better (never below speed 1,
//     since a stopped van cannot steer), or to stop for a needed repair
//     when no enemy is near; shoot a zombie ahead in the lane or about to
//     claw; accelerate to the highest safe speed; steer toward letters and
//     the road; shoot anything else in line; boxed in behind an obstacle,
//     steer into any open lane; otherwise wait.
//
// It never fires along a line that holds a barrel within blast reach, nor
// when a barrel sits within two cells ahead of or beside that side, since the
// explosion would hurt the van. It never returns an order the game always
// rejects: it steers only when moving, fires only mounted guns and uses only
// items it has, while stopped.
func Drive(s Situation) Order {
	// The driver and the situation it points to live on this stack: the
	// bot asks once a turn, and a heap copy each time is garbage.
	dr := driver{s: &s}
	return dr.drive()
}

// drive is Drive for the situation dr points to.
func (dr *driver) drive() Order {
	s := dr.s
	dr.prepare()
	item := s.RepairItem()
	if s.Speed <= 0 {
		return dr.whileStopped(item)
	}
	cur, best := dr.lanes()
	if best.dir != geom.None && safer(best, cur) {
		return SteerOrder(best.dir)
	}
	if o, ok := dr.fireAt(isVehicleShot); ok {
		return o
	}
	desired := dr.desiredSpeed(cur, item)
	if s.Speed > desired {
		return decelerate
	}
	if o, ok := dr.fireAt(isCloseZombieShot); ok {
		return o
	}
	if s.Speed < desired {
		return accelerate
	}
	if best.dir != geom.None {
		return SteerOrder(best.dir)
	}
	if o, ok := dr.fireAt(isAnyShot); ok {
		return o
	}
	if cur.clear == 0 {
		// Boxed in at the slowest speed: any open lane beats waiting
		// behind a wreck for ever.
		if l, ok := dr.openLane(); ok {
			return SteerOrder(l.dir)
		}
	}
	return wait
}

// openLane returns a neighbouring lane the van can move into, the clearer
// first, then the one nearer the road, then north.
func (dr *driver) openLane() (lane, bool) {
	var best lane
	for _, d := range [2]geom.Dir{geom.North, geom.South} {
		l := dr.lane(d)
		if l.ok && (!best.ok || safer(l, best) || (!safer(best, l) && l.offRoad < best.offRoad)) {
			best = l
		}
	}
	return best, best.ok
}

// nearCap is how many enemies the driver keeps in its short list; more
// than that and it reads the whole list instead.
const nearCap = 32

// driver holds one turn's reading of the situation.
type driver struct {
	s     *Situation
	look  int     // how far ahead lanes are scanned and compared
	shots [4]shot // the best target per side, indexed by Dir-1
	// The driver only ever asks about cells in the van's three rows (its
	// lanes) and its column (the north and south guns), so it keeps the
	// enemies there, in the situation's order, and asks about each cell
	// among those few instead of among all it sees. An array rather than
	// a slice keeps the driver on the stack.
	near     [nearCap]Thing
	nearN    int
	nearFull bool // more than nearCap: read the situation's whole list
	// ground answers what the lanes and guns ask of the terrain; plain
	// turns it off, so tests can check it against asking the map.
	ground window
	plain  bool
}

// prepare sets how far dr looks ahead and aims each side, from its
// situation.
func (dr *driver) prepare() {
	s := dr.s
	// Far enough to see what limits the top speed, and at least speed+2.
	dr.look = max(s.Speed+2, brakingDistance(s.MaxSpeed)+1)
	dr.ground.open(s.Map, s.Ground, s.Van, dr.look, !dr.plain)
	dr.keepNear()
	dr.ground.markEnemies(dr.nearList())
	risky := dr.barrelRisks()
	for _, d := range geom.Dirs {
		dr.shots[d-1] = dr.aim(d, risky[d-1])
	}
}

// brakingDistance is how many cells a van covers if it keeps speed v this
// turn and brakes on every turn after: v + (v-1) + ... + 1.
func brakingDistance(v int) int { return v * (v + 1) / 2 }

// safeSpeed is the highest speed whose braking distance fits in free cells.
func safeSpeed(free int) int {
	v := 0
	for brakingDistance(v+1) <= free {
		v++
	}
	return v
}

// whileStopped decides a turn at speed 0.
func (dr *driver) whileStopped(item Item) Order {
	if item != NoItem {
		return UseOrder(item)
	}
	if o, ok := dr.fireAt(isVehicleShot); ok {
		return o
	}
	if dr.s.MaxSpeed > 0 {
		return accelerate
	}
	if o, ok := dr.fireAt(isAnyShot); ok {
		return o
	}
	return wait
}

// desiredSpeed is the speed to settle at this turn: zero to stop for a
// needed repair when that is safe, otherwise the fastest speed that can
// still stop before the next obstacle in the lane, kept to at least 1 so
// the van can go on steering.
func (dr *driver) desiredSpeed(cur lane, item Item) int {
	if item != NoItem && dr.safeToStop() {
		return 0
	}
	return min(dr.s.MaxSpeed, max(1, safeSpeed(cur.clear)))
}

// RepairItem returns the item the van should use when stopped: a spare tyre
// or engine kit it carries whose stat is at half or below, the worse-off
// stat first (tyres on a tie). It returns NoItem when nothing is needed,
// and then the driver never asks about the enemies away from its rows and
// column (see Situation).
func (s *Situation) RepairItem() Item {
	tyres := s.HasSpareTyre && s.Tyres < s.MaxTyres && 2*s.Tyres <= s.MaxTyres
	engine := s.HasEngineKit && s.Engine < s.MaxEngine && 2*s.Engine <= s.MaxEngine
	switch {
	case tyres && engine && s.Engine*s.MaxTyres < s.Tyres*s.MaxEngine:
		return EngineKit
	case tyres:
		return SpareTyre
	case engine:
		return EngineKit
	}
	return NoItem
}

// safeToStop reports whether no enemy is near enough to punish a stop.
func (dr *driver) safeToStop() bool {
	for _, e := range dr.s.Enemies {
		if e.vehicle() && e.At.Chebyshev(dr.s.Van) <= repairSafeCar {
			return false
		}
		if !e.vehicle() && e.At.Manhattan(dr.s.Van) <= repairSafeWalk {
			return false
		}
	}
	return true
}

// keepNear lists the enemies in the van's rows and column (see driver).
func (dr *driver) keepNear() {
	van := dr.s.Van
	for _, e := range dr.s.Enemies {
		if geom.Abs(e.At.Y-van.Y) > 1 && e.At.X != van.X {
			continue
		}
		if dr.nearN == nearCap {
			dr.nearFull = true
			return
		}
		dr.near[dr.nearN] = e
		dr.nearN++
	}
}

// nearList is the list enemyAt reads: the short list, or the situation's
// whole list when the short one overflowed.
func (dr *driver) nearList() []Thing {
	if dr.nearFull {
		return dr.s.Enemies
	}
	return dr.near[:dr.nearN]
}

// enemyAt returns the enemy standing on p, if any. p must lie in the van's
// three rows or its column.
func (dr *driver) enemyAt(p geom.Point) (Thing, bool) {
	for _, e := range dr.nearList() {
		if e.At == p {
			return e, true
		}
	}
	return Thing{}, false
}

// obstacle reports whether the van cannot drive into p: off the map, solid,
// or held by a car or bike.
func (dr *driver) obstacle(p geom.Point) bool {
	if dr.ground.isBlocked(dr.s.Map, p) {
		return true
	}
	if vehicle, inside := dr.ground.vehicleAt(p); inside {
		return vehicle
	}
	e, ok := dr.enemyAt(p)
	return ok && e.vehicle()
}
