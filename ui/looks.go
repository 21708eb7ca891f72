package ui

import (
	"lastpost/assets"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// numGrounds bounds levelgen.Terrain values.
const numGrounds = int(levelgen.Acid) + 1

// look is how one thing is drawn on the map: a glyph and a pen, with the
// pen's style over each ground worked out in advance, since a frame needs
// thousands of them.
type look struct {
	r  rune
	on [numGrounds]Style
}

// newLook makes a look; grounds are the pens of the floors it may stand on.
func newLook(p *Palette, r rune, pen Pen, grounds *[numGrounds]Pen) look {
	l := look{r: r}
	for i, g := range grounds {
		l.on[i] = p.Intern(pen.On(g))
	}
	return l
}

// cell returns the look as a cell standing on ground t.
func (l *look) cell(t levelgen.Terrain) Cell { return Cell{R: l.r, S: l.on[t]} }

// numKinds bounds vocab.Kind values: enemy kinds come from the data and
// may take any number a Kind holds.
const numKinds = 1 << 8

// looks holds every map look, resolved once from the assets and the
// palette so drawing a frame does no lookups by name.
type looks struct {
	ground     [numGrounds]look
	goal       look
	kinds      [numKinds]look
	damaged    [numKinds]look     // enemies with hit points lost
	enemy      [numKinds]bool     // the kinds that are the data's enemies
	bullets    map[string][2]look // by gun id: flying along a row, along a column
	remembered Style
	// unseenGround draws the goal column where it has not been seen yet.
	unseenGround Style
	cursor       Style
	reach        Pen   // over the cells a gun can reach, aiming
	inReach      Style // an enemy or barrel in reach, aiming
	unseen       Cell  // off the map
	unknown      Cell  // ground never seen
}

func newLooks(d *assets.Data, p *Palette) looks {
	tile := func(t assets.Tile) (rune, Pen) {
		s := d.Colours.Tile(t)
		return rune(s.Glyph), p.Pen(s.Role)
	}
	var grounds [numGrounds]Pen
	var glyphs [numGrounds]rune
	glyphs[levelgen.Dirt], grounds[levelgen.Dirt] = tile(assets.TileDirt)
	glyphs[levelgen.Road], grounds[levelgen.Road] = tile(assets.TileRoad)
	glyphs[levelgen.Acid], grounds[levelgen.Acid] = tile(assets.TileAcid)
	r, unseen := tile(assets.TileUnseen)
	ur, unknown := tile(assets.TileUnknown)
	l := looks{
		remembered:   p.Style(assets.RoleRemembered),
		unseenGround: p.Style(assets.RoleUnseenGround),
		cursor:       p.Style(assets.RoleCursor),
		reach:        p.Pen(assets.RoleReach),
		inReach:      p.Style(assets.RoleInReach),
		unseen:       Cell{R: r, S: p.Intern(unseen.Style())},
		unknown:      Cell{R: ur, S: p.Intern(unknown.Style())},
		bullets:      map[string][2]look{},
	}
	for t := range grounds {
		l.ground[t] = newLook(p, glyphs[t], grounds[t], &grounds)
	}
	gr, gp := tile(assets.TileGoal)
	l.goal = newLook(p, gr, gp, &grounds)
	for k, t := range map[vocab.Kind]assets.Tile{
		vocab.KindVan: assets.TileVan, vocab.KindWreck: assets.TileWreck,
		vocab.KindBarrel: assets.TileBarrel, vocab.KindLetter: assets.TileLetter,
		vocab.KindBloodstain: assets.TileBloodstain,
	} {
		r, pen := tile(t)
		l.kinds[k] = newLook(p, r, pen, &grounds)
	}
	damaged := p.Pen(assets.RoleHealthBad)
	// A hurt enemy is underlined in colour as well as coloured, so a player
	// who cannot tell the colours apart reads it. Without colour it takes
	// its role's own attribute instead: underline there marks a gun's
	// reach, and the two must not be taken for each other. The legend says
	// which is which.
	if p.Depth != DepthMono {
		damaged.Underline = true
	}
	for i, e := range d.Enemies.List {
		k := vocab.EnemyKind(i)
		l.kinds[k] = newLook(p, rune(e.Glyph), healthyPen(p, assets.Role(e.Colour), damaged), &grounds)
		l.damaged[k] = newLook(p, rune(e.Glyph), damaged, &grounds)
		l.enemy[k] = true
	}
	ex := d.Combat.Explosion
	l.kinds[vocab.KindFragment] = newLook(p, rune(ex.Glyph), p.Pen(assets.Role(ex.Colour)), &grounds)
	l.kinds[vocab.KindBullet] = newLook(p, '*', p.Pen(assets.RoleBullet), &grounds)
	for _, g := range d.Guns.List {
		pen := p.Pen(assets.Role(g.Colour))
		l.bullets[g.ID] = [2]look{
			newLook(p, rune(g.GlyphFor(true)), pen, &grounds),
			newLook(p, rune(g.GlyphFor(false)), pen, &grounds),
		}
	}
	return l
}

// healthyPen is an unhurt enemy's pen in its role. Without colour, a
// role's attribute may be the very mark that says "hurt" (an enemy drawn
// in the danger role is reversed, as a hurt one is); the healthy enemy
// then drops that mark, so the mark keeps the one meaning the legend gives.
func healthyPen(p *Palette, role assets.Role, hurt Pen) Pen {
	pen := p.Pen(role)
	if p.Depth == DepthMono {
		pen.Attr &^= hurt.Attr
		pen.Underline = pen.Underline && !hurt.Underline
	}
	return pen
}
