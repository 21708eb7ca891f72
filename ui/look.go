package ui

import (
	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// lookView moves a cursor over the road and says what is under it. The
// driving keys move the cursor; the look or pause key ends it.
type lookView struct {
	at geom.Point
	// back is the camera as the road left it, put back when looking ends,
	// so the van is where the player last saw it.
	back follow
}

func (v *lookView) draw(a *App, g *Grid) {
	cam := a.roadCamera(g, v.at)
	l := a.playLayout(g)
	a.drawMap(g, cam)
	if x, y, ok := cam.screen(v.at); ok {
		c := g.At(x, y)
		g.Set(x, y, Cell{R: c.R, S: a.looks.cursor})
	}
	a.drawStatus(g, l.statusY, a.roadStatus())
	lines := wrap(a.text(assets.LookTitle)+": "+a.describe(v.at), g.W)
	lines = lines[:min(len(lines), l.logLines-1)]
	for i, line := range lines {
		g.Text(0, l.logY+i, line, a.pal.Style(assets.RoleText))
	}
	hint := a.text(assets.LookHint, "cancel", a.data.Keys.Describe(assets.ActionPause, "/"))
	g.Text(0, l.logY+l.logLines-1, hint, a.pal.Style(assets.RoleTextDim))
}

func (v *lookView) key(a *App, in input) {
	act, ok := a.data.Keys.Action(assets.ContextGameplay, in.key)
	if !ok {
		return
	}
	if act == assets.ActionPause || act == assets.ActionLook {
		a.follow = v.back
		a.pop()
		return
	}
	if d, ok := aimDirs[act]; ok {
		next := v.at.Add(d.Vec())
		level := a.game.Level()
		if next.In(level.W, level.H) {
			v.at = next
		}
	}
}

// describe says what the driver knows of cell p: what is there now if the
// van sees it, what was there when last seen, or that it was never seen.
func (a *App) describe(p geom.Point) string {
	level := a.game.Level()
	if !p.In(level.W, level.H) {
		return a.text(assets.LookUnseen)
	}
	van, ok := vanAt(a.game)
	r := a.data.Van.Vision
	if ok && p.Dist2(van) < r*r {
		return a.describeNow(p)
	}
	seen, k := a.game.Memory().At(p)
	if !seen {
		return a.text(assets.LookUnseen)
	}
	what := a.groundText(p)
	if k != vocab.KindNone {
		if s, ok := a.kindText(k); ok {
			what = s
		}
	}
	return a.text(assets.LookRemembered, "what", what)
}

// describeNow names the most notable thing in a visible cell and its ground.
func (a *App) describeNow(p geom.Point) string {
	ground := a.groundText(p)
	k := a.game.TopKind(p)
	switch {
	case k == vocab.KindNone || k == vocab.KindBullet || k == vocab.KindFragment:
		return ground
	case a.looks.enemy[k]:
		return a.describeEnemy(p, k) + " " + ground
	}
	s, _ := a.kindText(k)
	return s + " " + ground
}

func (a *App) describeEnemy(p geom.Point, k vocab.Kind) string {
	e, ok := vocab.EnemyOf(&a.data.Enemies, k)
	if !ok {
		return a.text(assets.LookNothing)
	}
	w := a.game.World()
	for _, ent := range w.Spatial().At(p) {
		if vocab.KindOf.Value(w, ent) == k {
			hp := vocab.HP.Value(w, ent)
			return a.text(assets.LookEnemy, "description", e.Description, "hp", hp.Cur, "max", hp.Max)
		}
	}
	return e.Description
}

// kindText describes a kind of thing without its state.
func (a *App) kindText(k vocab.Kind) (string, bool) {
	if e, ok := vocab.EnemyOf(&a.data.Enemies, k); ok {
		return e.Description, true
	}
	id, ok := kindLooks[k]
	if !ok {
		return "", false
	}
	return a.text(id), true
}

var kindLooks = map[vocab.Kind]assets.TextID{
	vocab.KindVan:        assets.LookVan,
	vocab.KindWreck:      assets.LookWreck,
	vocab.KindBarrel:     assets.LookBarrel,
	vocab.KindLetter:     assets.LookLetter,
	vocab.KindBloodstain: assets.LookBloodstain,
}

// groundText describes the floor of p, or the goal.
func (a *App) groundText(p geom.Point) string {
	level := a.game.Level()
	if p.X == level.GoalX() {
		return a.text(assets.LookGoal)
	}
	switch level.At(p) {
	case levelgen.Road:
		return a.text(assets.LookRoad)
	case levelgen.Acid:
		return a.text(assets.LookAcid)
	case levelgen.Dirt:
		return a.text(assets.LookDirt)
	}
	return a.text(assets.LookNothing)
}
