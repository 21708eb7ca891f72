package ui

import (
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// camera maps the road onto a part of the screen: map point (X+sx, Y+sy)
// is drawn at screen cell (sx, Top+sy) for 0 <= sx < W, 0 <= sy < H.
type camera struct {
	X, Y int
	W, H int
	Top  int
}

// follow is the camera's memory between frames: the corner of the road
// last in view. Across the road the van is kept in its left third, so the
// road ahead shows: when it drives past the third the view jumps to put it
// back near the left edge, which redraws the whole map only every few
// turns. Along a column the view scrolls by as little as keeps the focus a
// quarter of the view from the edges, so it never jumps back and forth.
type follow struct {
	level *levelgen.Level
	x, y  int
}

// frame places a w x h view of the road at screen row top that frames
// focus as above; a road smaller than the view is centred.
func (f *follow) frame(level *levelgen.Level, w, h, top int, focus geom.Point) camera {
	if f.level != level {
		f.level = level
		f.x, f.y = focus.X-w/lookBehind, focus.Y-h/2
	}
	f.x = aheadAxis(w, level.W, focus.X, f.x)
	f.y = marginAxis(h, level.H, focus.Y, f.y)
	return camera{X: f.x, Y: f.y, W: w, H: h, Top: top}
}

// lookBehind sets how much of the view lies behind the van after a jump:
// one part in lookBehind.
const lookBehind = 8

// aheadAxis keeps focus between an eighth and a third of the view from its
// start, jumping it back to an eighth when it leaves that band.
func aheadAxis(view, size, focus, start int) int {
	if size <= view {
		return -(view - size) / 2
	}
	if focus < start+view/lookBehind || focus > start+view/3 {
		start = focus - view/lookBehind
	}
	return min(max(start, 0), size-view)
}

// marginAxis scrolls the view's start by as little as keeps focus a
// quarter of the view from either edge.
func marginAxis(view, size, focus, start int) int {
	if size <= view {
		return -(view - size) / 2
	}
	margin := view / 4
	start = min(start, focus-margin)
	start = max(start, focus-view+margin+1)
	return min(max(start, 0), size-view)
}

// screen returns where map point p is drawn, and whether it is in view.
func (c camera) screen(p geom.Point) (int, int, bool) {
	sx, sy := p.X-c.X, p.Y-c.Y
	return sx, c.Top + sy, sx >= 0 && sy >= 0 && sx < c.W && sy < c.H
}

// vanAt returns the van's cell, or false if it has left the world.
func vanAt(g *game.Game) (geom.Point, bool) {
	w, v := g.World(), g.Van()
	if !w.Alive(v) {
		return geom.Point{}, false
	}
	return vocab.Position.Value(w, v), true
}

// drawMap draws the part of the road the camera frames: what the van sees
// now in colour, what it saw before dimmed, ground never seen in the
// unknown glyph, off the map blank.
func (a *App) drawMap(gr *Grid, cam camera) {
	van, ok := vanAt(a.game)
	r := a.data.Van.Vision
	r2 := r * r
	if !ok {
		r2 = 0
	}
	for sy := range cam.H {
		for sx := range cam.W {
			p := geom.Pt(cam.X+sx, cam.Y+sy)
			gr.Set(sx, cam.Top+sy, a.mapCell(p, p.Dist2(van) < r2))
		}
	}
}

// mapCell draws one cell of the road.
func (a *App) mapCell(p geom.Point, visible bool) Cell {
	level := a.game.Level()
	t := level.At(p)
	if t == levelgen.Void {
		return a.looks.unseen
	}
	floor := &a.looks.ground[t]
	if p.X == level.GoalX() {
		floor = &a.looks.goal
	}
	if visible {
		if k := a.game.TopKind(p); k != vocab.KindNone {
			return a.thingLook(p, k).cell(t)
		}
		return floor.cell(t)
	}
	seen, k := a.game.Memory().At(p)
	switch {
	case !seen && floor == &a.looks.goal:
		// The camp's column is where the road leads, known before it is seen.
		return Cell{R: floor.r, S: a.looks.unseenGround}
	case !seen:
		// Never seen: what stands there is unknown, so the cell must not
		// look like ground seen empty.
		return a.looks.unknown
	case k == vocab.KindNone || k == vocab.KindBullet || k == vocab.KindFragment || a.looks.kinds[k].r == 0 || a.looks.enemy[k]:
		// A save from before moving things were forgotten may still hold
		// an enemy here: draw no ghost of it.
		return Cell{R: floor.r, S: a.looks.remembered}
	}
	return Cell{R: a.looks.kinds[k].r, S: a.looks.remembered}
}

// thingLook is the look of the most notable thing of kind k in cell p:
// damaged enemies in the damage colour, bullets by their gun and heading.
func (a *App) thingLook(p geom.Point, k vocab.Kind) *look {
	l := &a.looks.kinds[k]
	if l.r == 0 {
		// A kind the data does not draw.
		return &a.looks.ground[levelgen.Void]
	}
	if !a.looks.enemy[k] && k != vocab.KindBullet {
		return l
	}
	w := a.game.World()
	for _, e := range w.Spatial().At(p) {
		if vocab.KindOf.Value(w, e) != k {
			continue
		}
		if k != vocab.KindBullet {
			if hp := vocab.HP.Value(w, e); hp.Cur < hp.Max {
				return &a.looks.damaged[k]
			}
			return l
		}
		b, ok := a.looks.bullets[vocab.Gun.Value(w, e)]
		if !ok {
			return l
		}
		if line := vocab.Velocity.Value(w, e).Line; geom.Abs(line.DX) >= geom.Abs(line.DY) {
			return &b[0]
		}
		return &b[1]
	}
	return l
}
