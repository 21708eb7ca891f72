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
// shot would risk a barrel explosion near the van (risky, as barrelRisks
// tells for d), has no shot.
func (dr *driver) aim(d geom.Dir, risky bool) shot {
	gun := dr.s.Guns[d-1]
	if !gun.Mounted || risky {
		return shot{}
	}
	v := d.Vec()
	p := dr.s.Van
	for k := 1; k <= gun.Range+1; k++ {
		p = p.Add(v)
		if e, ok := dr.enemyAt(p); ok {
			return shot{ok: true, dir: d, target: e, dist: k}
		}
		if dr.ground.isBlocked(dr.s.Map, p) {
			break
		}
	}
	return shot{}
}

// barrelRisks tells, for each side with a gun (indexed by Dir-1), whether
// firing toward it could set off a barrel whose blast reaches the van: one
// on the line of fire within blast reach and the gun's range+1 (a burst
// goes on past a dead target), or one within two cells ahead of or beside
// the van on that side (spread pellets fan out that far). It reads the
// barrels once for all four sides, and passes over at a glance every
// barrel neither on the van's row or column within blast reach nor within
// two cells of it: such a barrel risks no side.
func (dr *driver) barrelRisks() (risky [4]bool) {
	for _, b := range dr.s.Barrels {
		o := b.Sub(dr.s.Van)
		ax, ay := geom.Abs(o.X), geom.Abs(o.Y)
		if (ax > nearBlast || ay > nearBlast) && ((o.X != 0 && o.Y != 0) || ax > blastReach || ay > blastReach) {
			continue
		}
		for _, d := range geom.Dirs {
			if gun := dr.s.Guns[d-1]; gun.Mounted && !risky[d-1] {
				risky[d-1] = barrelRiskAt(o, d, gun.Range+1)
			}
		}
	}
	return risky
}

// barrelRiskAt reports whether a barrel at offset o from the van is a risk
// to firing toward d with a burst of reach cells (see barrelRisks).
func barrelRiskAt(o geom.Point, d geom.Dir, reach int) bool {
	v := d.Vec()
	along := o.X*v.X + o.Y*v.Y
	side := geom.Abs(o.X*v.Y - o.Y*v.X)
	if side == 0 && along >= 1 && along <= min(reach, blastReach) {
		return true
	}
	return along >= 0 && along <= nearBlast && side <= nearBlast && o != (geom.Point{})
}
