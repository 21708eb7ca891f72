package ui

import (
	"strings"

	"lastpost/assets"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// newLegend lists every glyph of the map, drawn as the map draws it, with
// what it means. It is built from the same tables as the map (the data's
// enemies and guns, the tiles of colours.toml), so a thing added to the
// data appears here with no code of its own. It is the page after the
// controls, and the controls the page after it.
func newLegend(a *App) *pagerView {
	p := &pagerView{title: a.text(assets.LegendTitle), next: page(newHelp), prev: page(newHelp)}
	l := &a.looks
	add := func(c Cell, text string) {
		p.lines = append(p.lines, legendLine(text))
		p.marks = append(p.marks, c)
	}
	heading := func(id assets.TextID) {
		if len(p.lines) > 0 {
			p.lines = append(p.lines, "")
			p.marks = append(p.marks, Cell{})
		}
		p.lines = append(p.lines, a.text(id))
		p.marks = append(p.marks, Cell{})
	}
	heading(assets.LegendThings)
	for _, k := range []vocab.Kind{vocab.KindVan, vocab.KindWreck, vocab.KindBarrel, vocab.KindLetter, vocab.KindBloodstain} {
		text, _ := a.kindText(k)
		add(l.kinds[k].cell(levelgen.Road), text)
	}
	heading(assets.LegendEnemies)
	for i, e := range a.data.Enemies.List {
		k := vocab.EnemyKind(i)
		add(l.kinds[k].cell(levelgen.Road), capitalise(e.Name)+". "+e.Description)
	}
	if len(a.data.Enemies.List) > 0 {
		add(l.damaged[vocab.EnemyKind(0)].cell(levelgen.Road),
			a.text(assets.LegendHurt, "mark", a.markWord(assets.RoleHealthBad, assets.LegendMarkHurt)))
	}
	heading(assets.LegendShots)
	for _, g := range a.data.Guns.List {
		b := l.bullets[g.ID]
		add(b[0].cell(levelgen.Road), a.text(assets.LegendBullet, "gun", strings.ToLower(g.Name)))
	}
	add(l.kinds[vocab.KindFragment].cell(levelgen.Road), a.text(assets.LegendFragment))
	heading(assets.LegendAiming)
	add(a.reachMark(), a.text(assets.LegendReach, "mark", a.markWord(assets.RoleReach, assets.LegendMarkReach)))
	if len(a.data.Enemies.List) > 0 {
		add(a.inReachMark(), a.text(assets.LegendInReach, "mark", a.markWord(assets.RoleInReach, assets.LegendMarkInReach)))
	}
	heading(assets.LegendGround)
	add(l.ground[levelgen.Road].cell(levelgen.Road), a.text(assets.LookRoad))
	add(l.ground[levelgen.Dirt].cell(levelgen.Dirt), a.text(assets.LookDirt))
	add(l.ground[levelgen.Acid].cell(levelgen.Acid), a.text(assets.LookAcid))
	add(l.goal.cell(levelgen.Road), a.text(assets.LookGoal))
	add(Cell{R: l.ground[levelgen.Road].r, S: l.remembered}, a.text(assets.LegendRemembered))
	add(l.unknown, a.text(assets.LegendUnknown))
	return p
}

// markWord names how role r's mark looks: on a terminal without colour
// the attribute colours.toml gives it, which is all that sets it apart
// there; in colour the legend's own words for it.
func (a *App) markWord(r assets.Role, colour assets.TextID) string {
	if a.pal.Depth == DepthMono {
		return a.text(assets.LegendAttr(a.data.Colours.Role(r).Mono))
	}
	return a.text(colour)
}

// reachMark is a road cell as the fire prompt marks it in a gun's reach.
func (a *App) reachMark() Cell {
	road := a.looks.ground[levelgen.Road].cell(levelgen.Road)
	return Cell{R: road.R, S: a.pal.Intern(overlay(a.pal.Terminal(road.S), a.looks.reach))}
}

// inReachMark is the first enemy of the data as the fire prompt draws it
// in a gun's reach.
func (a *App) inReachMark() Cell {
	return Cell{R: a.looks.kinds[vocab.EnemyKind(0)].r, S: a.looks.inReach}
}

// legendLine indents text past the glyph drawn at markColumn.
func legendLine(text string) string { return strings.Repeat(" ", markColumn+3) + text }

// capitalise upper-cases the first letter of a name for the start of a
// sentence.
func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
