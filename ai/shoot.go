package ai

import "lastpost/ecs/geom"

// shot is the first enemy a gun on one side would hit.
type shot struct {
	ok     bool
	dir    geom.Dir
	target Thing
	dist   int
}

// Shot filters, in falling order of urgency.
func isVehicleShot(s shot) bool { return s.target.vehicle() }

func isCloseZombieShot(s shot) bool {
	return s.target.Kind == ZombieThing && (s.dir == geom.East || s.dist <= clawReach)
}

func isAnyShot(shot) bool { return true }

// fireAt returns a Fire order at the nearest target accepted by want, taking
// sides in geom.Dirs order on a tie.
func (dr *driver) fireAt(want func(shot) bool) (Order, bool) {
	var best shot
	for _, s := range dr.shots {
		if s.ok && want(s) && (!best.ok || s.dist < best.dist) {
			best = s
		}
	}
	if !best.ok {
		return Order{}, false
	}
	return FireOrder(best.dir), true
}

// aim finds what the gun on side d would hit first: an enemy within the
// gun's reach, before any wreck or barrel. A side with no gun, or whose
// shot would risk a barrel explosion near the van, has no shot.
func (dr *driver) aim(d geom.Dir) shot {
	gun := dr.s.Guns[d-1]
	if !gun.Mounted || dr.barrelRisk(d, gun.Range+1) {
		return shot{}
	}
	for k := 1; k <= gun.Range+1; k++ {
		p := dr.s.Van.Add(d.Vec().Mul(k))
		if e, ok := dr.enemyAt(p); ok {
			return shot{ok: true, dir: d, target: e, dist: k}
		}
		if dr.ground.isBlocked(dr.s.Map, p) {
			break
		}
	}
	return shot{}
}

// barrelRisk reports whether firing toward d could set off a barrel whose
// blast reaches the van: one on the line of fire within blast reach (a
// burst goes on past a dead target), or one within two cells ahead of or
// beside the van on that side (spread pellets fan out that far).
func (dr *driver) barrelRisk(d geom.Dir, reach int) bool {
	v := d.Vec()
	for _, b := range dr.s.Barrels {
		o := b.Sub(dr.s.Van)
		along := o.X*v.X + o.Y*v.Y
		side := geom.Abs(o.X*v.Y - o.Y*v.X)
		if side == 0 && along >= 1 && along <= min(reach, blastReach) {
			return true
		}
		if along >= 0 && along <= nearBlast && side <= nearBlast && o != (geom.Point{}) {
			return true
		}
	}
	return false
}
