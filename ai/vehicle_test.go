package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs/geom"
)

// chaseCase is one row of a vehicle decision table. The target sits at
// (20, 10); at is the vehicle's cell.
type chaseCase struct {
	name      string
	at        geom.Point
	speed     int
	noTarget  bool
	solidEast bool
	want      Order
}

var chaseTarget = geom.Pt(20, 10)

func runChase(t *testing.T, decide func(Vehicle, geom.Point, bool) Order, tests []chaseCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Vehicle{At: tt.at, Speed: tt.speed, MaxSpeed: 4, HasTarget: !tt.noTarget}
			assert.Equal(t, tt.want, decide(s, chaseTarget, tt.solidEast), "got %v want %v", decide(s, chaseTarget, tt.solidEast), tt.want)
		})
	}
}

var (
	steerN = SteerOrder(geom.North)
	steerS = SteerOrder(geom.South)
)

func TestCar(t *testing.T) {
	runChase(t, Car, []chaseCase{
		{"no target drifts to a stop", geom.Pt(0, 0), 1, true, false, decelerate},
		{"solid east, target well north", geom.Pt(20, 14), 1, false, true, steerN},
		{"solid east, target near", geom.Pt(20, 13), 1, false, true, steerS},
		{"solid east, target south", geom.Pt(20, 5), 1, false, true, steerS},
		{"ahead and fast brakes", geom.Pt(23, 10), 2, false, false, decelerate},
		{"ahead, target far north", geom.Pt(23, 14), 1, false, false, steerN},
		{"ahead, target far north, stopped", geom.Pt(23, 14), 0, false, false, accelerate},
		{"ahead, target far south", geom.Pt(23, 6), 1, false, false, steerS},
		{"ahead, target far south, stopped", geom.Pt(23, 6), 0, false, false, accelerate},
		{"ahead, near the row", geom.Pt(23, 13), 1, false, false, wait},
		{"behind and slow speeds up", geom.Pt(17, 10), 3, false, false, accelerate},
		{"behind at top speed, target far north", geom.Pt(17, 14), 4, false, false, steerN},
		{"behind at top speed, target far south", geom.Pt(17, 6), 4, false, false, steerS},
		{"behind at top speed, near the row", geom.Pt(17, 13), 4, false, false, wait},
		{"level, target far north", geom.Pt(22, 14), 1, false, false, steerN},
		{"level, target far south", geom.Pt(18, 5), 1, false, false, steerS},
		{"level, target north in range", geom.Pt(22, 12), 1, false, false, FireOrder(geom.North)},
		{"level, target south in range", geom.Pt(18, 8), 1, false, false, FireOrder(geom.South)},
		{"level, alongside south", geom.Pt(20, 11), 1, false, false, steerN},
		{"level, alongside north", geom.Pt(20, 9), 1, false, false, steerN},
		{"level, alongside, stopped, starts before it steers", geom.Pt(20, 9), 0, false, false, accelerate},
		{"in the van's lane just ahead, stopped, starts", geom.Pt(21, 10), 0, false, false, accelerate},
		{"solid east, stopped, starts", geom.Pt(20, 14), 0, false, true, accelerate},
	})
}

func TestBike(t *testing.T) {
	runChase(t, Bike, []chaseCase{
		{"no target drifts to a stop", geom.Pt(0, 0), 1, true, false, decelerate},
		{"solid east, target well north", geom.Pt(20, 16), 1, false, true, steerN},
		{"solid east, target near", geom.Pt(20, 15), 1, false, true, steerS},
		{"ahead on the row in range fires west", geom.Pt(24, 10), 1, false, false, FireOrder(geom.West)},
		{"ahead on the row out of range brakes", geom.Pt(25, 10), 2, false, false, decelerate},
		{"ahead on the row out of range waits", geom.Pt(25, 10), 1, false, false, wait},
		{"ahead far, lines up north", geom.Pt(25, 12), 3, false, false, steerN},
		{"ahead far, lines up south", geom.Pt(25, 8), 3, false, false, steerS},
		{"ahead close and fast brakes", geom.Pt(22, 13), 2, false, false, decelerate},
		{"ahead close, target far north", geom.Pt(22, 16), 1, false, false, steerN},
		{"ahead close, target far north, stopped", geom.Pt(22, 16), 0, false, false, accelerate},
		{"ahead close, target far south", geom.Pt(22, 4), 1, false, false, steerS},
		{"ahead close, near the row", geom.Pt(22, 13), 1, false, false, wait},
		{"behind on the row in range fires east", geom.Pt(16, 10), 1, false, false, FireOrder(geom.East)},
		{"behind on the row out of range speeds up", geom.Pt(15, 10), 2, false, false, accelerate},
		{"behind on the row at top speed waits", geom.Pt(15, 10), 4, false, false, wait},
		{"fixed: behind far lines up north", geom.Pt(10, 13), 2, false, false, steerN},
		{"fixed: behind far lines up south", geom.Pt(10, 7), 4, false, false, steerS},
		{"fixed: behind far but stopped starts first", geom.Pt(10, 13), 0, false, false, accelerate},
		{"behind close and slow speeds up", geom.Pt(18, 14), 2, false, false, accelerate},
		{"behind close at top speed, target far north", geom.Pt(18, 16), 4, false, false, steerN},
		{"behind close at top speed, near the row", geom.Pt(18, 14), 4, false, false, wait},
		{"same column, target far north", geom.Pt(20, 16), 1, false, false, steerN},
		{"same column, target far south", geom.Pt(20, 4), 1, false, false, steerS},
		{"same column, target north in range", geom.Pt(20, 12), 1, false, false, FireOrder(geom.North)},
		{"same column, target south in range", geom.Pt(20, 7), 1, false, false, FireOrder(geom.South)},
		{"same column, alongside", geom.Pt(20, 11), 1, false, false, steerN},
	})
}
