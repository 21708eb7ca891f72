package ai

import "lastpost/ecs/geom"

// The chase distances of the original enemy vehicles.
const (
	carRangeX = 2 // a car counts as level with its target within this many columns
	carRangeY = 3 // a car steers toward its target's row when further off than this
	bikeRange = 5 // a bike's firing reach along a row and its lane tolerance
)

// Vehicle is what an enemy car or bike knows of itself. HasTarget is false
// until it has seen the van; the target passed with it is then ignored.
type Vehicle struct {
	At              geom.Point
	Speed, MaxSpeed int
	HasTarget       bool
}

var (
	accelerate = Order{Kind: Accelerate}
	decelerate = Order{Kind: Decelerate}
	wait       = Order{Kind: Wait}
)

// steerToward steers toward the target's row given dy = y - ty: a vehicle
// south of its target (dy > 0) steers north.
func steerToward(dy int) Order {
	if dy > 0 {
		return SteerOrder(geom.North)
	}
	return SteerOrder(geom.South)
}

// steerOrStart steers toward the target's row, or accelerates first when
// stopped, because a steer at speed 0 is always rejected.
func steerOrStart(s Vehicle, dy int) Order {
	if s.Speed == 0 {
		return accelerate
	}
	return steerToward(dy)
}

// avoidSolid is the first reaction of both vehicles to a solid cell right
// ahead: north when the target is well to the north, south otherwise.
func avoidSolid(dy, rangeY int) Order {
	if dy > rangeY {
		return SteerOrder(geom.North)
	}
	return SteerOrder(geom.South)
}

// Car decides an enemy car's turn, following the original's ordered checks:
// no target, a solid cell directly east (solidEast), then ahead of, behind or
// level with the target. It fires only north and south, where its shotgun
// is mounted. Like the original it may steer while stopped; the game rejects
// that and the car waits a round.
func Car(s Vehicle, target geom.Point, solidEast bool) Order {
	if !s.HasTarget {
		return decelerate
	}
	dx, dy := s.At.X-target.X, s.At.Y-target.Y
	switch {
	case solidEast:
		return startFirst(s, avoidSolid(dy, carRangeY))
	case dx > carRangeX:
		return carAhead(s, dy)
	case dx < -carRangeX:
		return carBehind(s, dy)
	}
	return startFirst(s, alongside(dy, carRangeY))
}

// startFirst turns a lane change by a vehicle standing still into a start:
// the rules refuse a steer at speed 0, and a car that kept asking would
// stand in the van's way for ever.
func startFirst(s Vehicle, o Order) Order {
	if o.Kind == Steer && s.Speed == 0 {
		return accelerate
	}
	return o
}

func carAhead(s Vehicle, dy int) Order {
	switch {
	case s.Speed > 1:
		return decelerate
	case geom.Abs(dy) > carRangeY:
		return steerOrStart(s, dy)
	}
	return wait
}

func carBehind(s Vehicle, dy int) Order {
	switch {
	case s.Speed < s.MaxSpeed:
		return accelerate
	case geom.Abs(dy) > carRangeY:
		return steerToward(dy)
	}
	return wait
}

// alongside is the shared last resort of both vehicles when level with the
// target's column: close in on a distant row, shoot across a near one, and
// sidestep north when right beside it.
func alongside(dy, rangeY int) Order {
	switch {
	case geom.Abs(dy) > rangeY:
		return steerToward(dy)
	case dy > 1:
		return FireOrder(geom.North)
	case dy < -1:
		return FireOrder(geom.South)
	}
	return SteerOrder(geom.North)
}

// Bike decides an enemy bike's turn, following the original's ordered
// checks with one fix. Behind its target, the original meant to steer toward
// the target's row while the horizontal gap exceeds the vertical one, but
// tested x-tx > |dy|, which can never hold there; this version tests
// tx-x > |dy| as intended (accelerating first when stopped, since a steer at
// speed 0 is rejected). Bikes carry pistols on every side and so fire in any
// direction.
func Bike(s Vehicle, target geom.Point, solidEast bool) Order {
	if !s.HasTarget {
		return decelerate
	}
	dx, dy := s.At.X-target.X, s.At.Y-target.Y
	switch {
	case solidEast:
		return startFirst(s, avoidSolid(dy, bikeRange))
	case dx > 0:
		return bikeAhead(s, dx, dy)
	case dx < 0:
		return bikeBehind(s, -dx, dy)
	}
	return startFirst(s, alongside(dy, bikeRange))
}

// bikeAhead handles a bike gap columns east of its target.
func bikeAhead(s Vehicle, gap, dy int) Order {
	switch {
	case dy == 0 && gap < bikeRange:
		return FireOrder(geom.West)
	case dy != 0 && gap > geom.Abs(dy):
		return steerToward(dy)
	case s.Speed > 1:
		return decelerate
	case geom.Abs(dy) > bikeRange:
		return steerOrStart(s, dy)
	}
	return wait
}

// bikeBehind handles a bike gap columns west of its target.
func bikeBehind(s Vehicle, gap, dy int) Order {
	switch {
	case dy == 0 && gap < bikeRange:
		return FireOrder(geom.East)
	case dy != 0 && gap > geom.Abs(dy):
		return steerOrStart(s, dy) // the fixed check
	case s.Speed < s.MaxSpeed:
		return accelerate
	case geom.Abs(dy) > bikeRange:
		return steerToward(dy)
	}
	return wait
}
