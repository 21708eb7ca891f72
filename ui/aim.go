package ui

import (
	"slices"

	"github.com/gdamore/tcell/v2"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// reachOf returns the cells a shot of gun from side d of a vehicle at p can
// reach: every line a round may take (straight along d, and each offset
// of the gun's spread), walked for the moves a round makes as the fire
// action sets them, to a wreck (which stops rounds) or the edge of the
// road. Nothing else stops the overlay: a round stops in the first thing
// it hits, but another round of the shot may fly past.
func reachOf(g *game.Game, gun assets.Gun, p geom.Point, d geom.Dir) []geom.Point {
	var cells []geom.Point
	level := g.Level()
	for sx := -gun.Spread; sx <= gun.Spread; sx++ {
		for sy := -gun.Spread; sy <= gun.Spread; sy++ {
			line := geom.NewLine(d.Vec().Mul(gun.Range).Add(geom.Pt(sx, sy)))
			at := p
			for range gun.Range + 1 {
				at = at.Add(line.Step())
				if level.At(at) == levelgen.Void {
					break
				}
				if !slices.Contains(cells, at) {
					cells = append(cells, at)
				}
				if g.TopKind(at) == vocab.KindWreck {
					break
				}
			}
		}
	}
	return cells
}

// drawReach marks, while the fire prompt is open, the cells each mounted
// gun can reach, and draws the enemies and barrels there in the in-reach
// look, so the player sees what a shot to each side would meet.
func (a *App) drawReach(gr *Grid, cam camera) {
	van, ok := vanAt(a.game)
	if !ok {
		return
	}
	slots := vocab.Guns.Value(a.game.World(), a.game.Van())
	r2 := a.data.Van.Vision * a.data.Van.Vision
	for _, side := range assets.Slots {
		gun, ok := a.data.Guns.Get(slots.Gun(side.Dir()))
		if !ok {
			continue
		}
		for _, p := range reachOf(a.game, gun, van, side.Dir()) {
			sx, sy, in := cam.screen(p)
			if !in {
				continue
			}
			gr.Set(sx, sy, a.reachCell(gr.At(sx, sy), p, p.Dist2(van) < r2))
		}
	}
}

// reachCell is cell c of map point p as the reach overlay draws it: a
// target the driver can see in the in-reach look, anything else with the
// reach pen's background and attributes over its own look.
func (a *App) reachCell(c Cell, p geom.Point, visible bool) Cell {
	if visible {
		if k := a.game.TopKind(p); a.looks.enemy[k] || k == vocab.KindBarrel {
			return Cell{R: c.R, S: a.looks.inReach}
		}
	}
	return Cell{R: c.R, S: a.pal.Intern(overlay(a.pal.Terminal(c.S), a.looks.reach))}
}

// overlay puts pen's background (if it has one) and attributes over st,
// keeping st's glyph colour.
func overlay(st tcell.Style, pen Pen) tcell.Style {
	if pen.BG != tcell.ColorDefault {
		st = st.Background(pen.BG)
	}
	_, _, attr := st.Decompose()
	st = st.Attributes(attr | pen.Attr)
	if pen.Underline {
		st = st.Underline(true)
	}
	return st
}
