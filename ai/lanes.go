package ai

import "lastpost/ecs/geom"

// lane is the driver's reading of one row it could be in after this turn:
// the current row (dir None) or the row a steer north or south leads to.
type lane struct {
	dir     geom.Dir
	ok      bool // the van can move into the row at all
	clear   int  // free cells ahead before an obstacle, up to the look-ahead
	acid    int  // acid cells entered within the look-ahead
	letters int  // letters on the row (2 each) or further that way (1 each)
	offRoad int  // rows between this row and the road
}

// lanes reads the current lane and returns it with the best of the three.
// Safety comes first (see safer); among equally safe lanes more letters win,
// then nearness to the road; ties keep the current lane, then prefer north.
func (dr *driver) lanes() (cur, best lane) {
	cur = dr.lane(geom.None)
	best = cur
	for _, d := range [2]geom.Dir{geom.North, geom.South} {
		l := dr.lane(d)
		if l.ok && (safer(l, best) || (!safer(best, l) && nicer(l, best))) {
			best = l
		}
	}
	return cur, best
}

// safer reports whether lane a is strictly safer than lane b: clear further
// (within the look-ahead), or as clear with less acid.
func safer(a, b lane) bool {
	if a.clear != b.clear {
		return a.clear > b.clear
	}
	return a.acid < b.acid
}

// nicer reports whether lane a is strictly more attractive than lane b once
// safety is equal.
func nicer(a, b lane) bool {
	if a.letters != b.letters {
		return a.letters > b.letters
	}
	return a.offRoad < b.offRoad
}

// lane reads the row reached by steering toward dir (None: stay).
func (dr *driver) lane(dir geom.Dir) lane {
	s := dr.s
	l := lane{dir: dir}
	start := s.Van.Add(dir.Vec())
	if dir != geom.None && dr.obstacle(start) {
		return l
	}
	l.ok = true
	if dir != geom.None && dr.ground.isAcid(dr.s.Map, start) {
		l.acid++
	}
	if dr.ground.whole {
		l.clear = dr.ground.clearAhead(start, dr.look, dr.s.GoalX)
		l.acid += dr.ground.acidAhead(start, l.clear)
	} else {
		l.clear = dr.clearAhead(start)
		for k := 1; k <= l.clear; k++ {
			if dr.ground.isAcid(dr.s.Map, start.Add(geom.Pt(k, 0))) {
				l.acid++
			}
		}
	}
	l.letters = dr.letterScore(dir, start.Y)
	l.offRoad = dr.roadDistance(start.Y)
	return l
}

// clearAhead counts the free cells east of start before an obstacle, up to
// the look-ahead. Cells past the goal column are free: the delivery ends there.
func (dr *driver) clearAhead(start geom.Point) int {
	for k := 1; k <= dr.look; k++ {
		p := start.Add(geom.Pt(k, 0))
		if p.X > dr.s.GoalX {
			break
		}
		if dr.obstacle(p) || dr.deadEnd(p) {
			return k - 1
		}
	}
	return dr.look
}

// deadEnd reports whether a van entering p could never leave it: blocked
// ahead and on both sides, since it never reverses. Such a pocket counts
// as an obstacle, so the lanes steer clear of it early.
func (dr *driver) deadEnd(p geom.Point) bool {
	for _, d := range [3]geom.Dir{geom.East, geom.North, geom.South} {
		if !dr.ground.isBlocked(dr.s.Map, p.Add(d.Vec())) {
			return false
		}
	}
	return true
}

// letterScore rates the letters within the look-ahead for a lane on row: 2 for
// each on the row itself (including the cell a steer enters), 1 for each up
// to two rows further in the steering direction.
func (dr *driver) letterScore(dir geom.Dir, row int) int {
	score := 0
	for _, lt := range dr.s.Letters {
		ahead := lt.X - dr.s.Van.X
		if ahead < 0 || ahead > dr.look || (ahead == 0 && dir == geom.None) {
			continue
		}
		beyond := (lt.Y - row) * dir.Vec().Y
		switch {
		case lt.Y == row:
			score += 2
		case dir != geom.None && beyond >= 1 && beyond <= 2 && ahead > 0:
			score++
		}
	}
	return score
}

// roadDistance is how many rows lie between row and the road band.
func (dr *driver) roadDistance(row int) int {
	s := dr.s
	switch {
	case s.RoadBottom == 0:
		return 0
	case row < s.RoadTop:
		return s.RoadTop - row
	case row > s.RoadBottom:
		return row - s.RoadBottom
	}
	return 0
}
