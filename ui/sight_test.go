package ui

import (
	"slices"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/levelgen"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// driveOutOfSight accelerates until the van's starting cell is out of
// sight, so it is remembered, and returns that cell.
func driveOutOfSight(t *testing.T, h *harness, g *game.Game) geom.Point {
	t.Helper()
	start, _ := vanAt(g)
	r2 := h.app.data.Van.Vision * h.app.data.Van.Vision
	for i := 0; i < 40 && g.Phase() == act.PhaseRoad; i++ {
		if now, _ := vanAt(g); now.Dist2(start) >= r2 {
			break
		}
		h.press(h.keyFor(assets.ActionAccelerate))
	}
	require.Equal(t, act.PhaseRoad, g.Phase())
	seen, _ := g.Memory().At(start)
	require.True(t, seen, "the start is remembered")
	return start
}

// neverSeen returns a cell of terrain t on row y that the driver has never
// seen, searching from the east end of the road.
func neverSeen(t *testing.T, g *game.Game, y int, terrain levelgen.Terrain) geom.Point {
	t.Helper()
	level := g.Level()
	for x := level.GoalX() - 1; x >= 0; x-- {
		p := geom.Pt(x, y)
		if seen, _ := g.Memory().At(p); !seen && level.At(p) == terrain {
			return p
		}
	}
	t.Fatalf("no unseen cell of terrain %v on row %d", terrain, y)
	return geom.Point{}
}

// TestNeverSeenGroundIsNotDrawnAsRemembered: a cell never seen and a cell
// seen before, of the same ground and both out of sight, are drawn with
// different glyphs, at every palette depth; so a lane not seen yet never
// looks like a lane seen empty, in colour, in mono or in a screen dump.
func TestNeverSeenGroundIsNotDrawnAsRemembered(t *testing.T) {
	for _, noColor := range []bool{false, true} {
		h := newHarness(t, 80, 24, Options{NoColor: noColor})
		g := h.startRun()
		a := h.app
		start := driveOutOfSight(t, h, g)
		ahead := neverSeen(t, g, start.Y, g.Level().At(start))
		remembered, unknown := a.mapCell(start, false), a.mapCell(ahead, false)
		assert.NotEqual(t, remembered.R, unknown.R, "mono %v: glyphs of a remembered and a never-seen cell", noColor)
		assert.Equal(t, a.looks.unknown, unknown, "mono %v: a never-seen cell has the unknown look", noColor)
		assert.NotEqual(t, unknown.R, a.looks.unseen.R, "mono %v: never seen is not off the map", noColor)
	}
}

// TestTheLegendSamplesTheGroundForSeenBefore: the legend's "seen before"
// line shows dimmed ground, not a wreck, and the never-seen look has a
// line of its own.
func TestTheLegendSamplesTheGroundForSeenBefore(t *testing.T) {
	h := newHarness(t, 80, 60, Options{})
	h.startRun()
	h.typeKeys("?")
	h.press(keyTab)
	a := h.app
	got := a.grid.At(margin+markColumn, rowWith(t, h, a.text(assets.LegendRemembered)))
	assert.NotEqual(t, a.looks.kinds[vocab.KindWreck].r, got.R, "not a wreck's glyph")
	assert.Equal(t, a.looks.ground[levelgen.Road].r, got.R, "a ground glyph")
	assert.Equal(t, a.looks.remembered, got.S, "in the remembered style")
	got = a.grid.At(margin+markColumn, rowWith(t, h, a.text(assets.LegendUnknown)))
	assert.Equal(t, a.looks.unknown, got, "the never-seen look")
}

// plainMarks is what of a style is left on a terminal without colour and
// where dim is faint: the attributes bar dim, and the underline.
func plainMarks(st tcell.Style) (tcell.AttrMask, tcell.UnderlineStyle) {
	_, _, attr := st.Decompose()
	return attr &^ tcell.AttrDim, st.GetUnderlineStyle()
}

// TestHurtEnemiesReadWithoutColour: at every palette depth, each enemy's
// hurt look differs from its healthy look by more than colour or dimness.
func TestHurtEnemiesReadWithoutColour(t *testing.T) {
	shipped := loadData(t)
	// Content may draw an enemy in a role whose mark without colour is the
	// hurt mark itself (the danger role is reversed, as a hurt enemy is).
	inHurtRole := *shipped
	inHurtRole.Enemies.List = slices.Clone(shipped.Enemies.List)
	for i := range inHurtRole.Enemies.List {
		inHurtRole.Enemies.List[i].Colour = string(assets.RoleHealthBad)
	}
	for _, c := range []struct {
		name string
		data *assets.Data
	}{{"shipped", shipped}, {"drawn in the hurt role", &inHurtRole}} {
		t.Run(c.name, func(t *testing.T) { hurtEnemiesReadWithoutColour(t, c.data) })
	}
}

func hurtEnemiesReadWithoutColour(t *testing.T, data *assets.Data) {
	for _, depth := range []Depth{DepthMono, Depth8, Depth16, Depth256} {
		pal := NewPalette(data.Colours, depth)
		l := newLooks(data, pal)
		for i, e := range data.Enemies.List {
			k := vocab.EnemyKind(i)
			for _, ground := range []levelgen.Terrain{levelgen.Road, levelgen.Dirt, levelgen.Acid} {
				healthyAttr, healthyLine := plainMarks(pal.Terminal(l.kinds[k].on[ground]))
				hurtAttr, hurtLine := plainMarks(pal.Terminal(l.damaged[k].on[ground]))
				assert.False(t, healthyAttr == hurtAttr && healthyLine == hurtLine,
					"depth %d: a hurt %s on ground %v looks like a healthy one without colour", depth, e.Name, ground)
			}
		}
	}
}

// monoMarks is what of a style a terminal without colour shows plainly
// (see plainMarks: dim is faint, so it sets nothing apart).
func monoMarks(st tcell.Style) [2]int {
	attr, line := plainMarks(st)
	return [2]int{int(attr), int(line)}
}

// TestMonoMarksAreDistinct: without colour a letter, a cell in a gun's
// reach while aiming and a hurt enemy each carry a mark of their own, so
// none is taken for another; and the legend names each mark, drawn as the
// map draws it.
func TestMonoMarksAreDistinct(t *testing.T) {
	h := newHarness(t, 80, 60, Options{NoColor: true})
	h.startRun()
	a := h.app
	require.Equal(t, DepthMono, a.pal.Depth)
	l := &a.looks
	road := l.ground[levelgen.Road].cell(levelgen.Road)
	marks := map[string][2]int{
		"letter": monoMarks(a.pal.Terminal(l.kinds[vocab.KindLetter].on[levelgen.Road])),
		"reach":  monoMarks(overlay(a.pal.Terminal(road.S), l.reach)),
		"road":   monoMarks(a.pal.Terminal(road.S)),
	}
	assert.NotEqual(t, marks["road"], marks["reach"], "the reach marks the ground")
	assert.NotEqual(t, marks["letter"], marks["reach"], "a letter and a cell in reach look alike without colour")
	for i, e := range a.data.Enemies.List {
		hurt := monoMarks(a.pal.Terminal(l.damaged[vocab.EnemyKind(i)].on[levelgen.Road]))
		assert.NotEqual(t, marks["letter"], hurt, "a letter and a hurt %s look alike without colour", e.Name)
		assert.NotEqual(t, marks["reach"], hurt, "a cell in reach and a hurt %s look alike without colour", e.Name)
	}
	h.typeKeys("?")
	h.press(keyTab)
	for _, line := range []struct {
		text string
		mark Cell
	}{
		{a.text(assets.LegendHurt, "mark", a.text(assets.LegendAttr(a.data.Colours.Role(assets.RoleHealthBad).Mono))), l.damaged[vocab.EnemyKind(0)].cell(levelgen.Road)},
		{a.text(assets.LegendReach, "mark", a.text(assets.LegendAttr(a.data.Colours.Role(assets.RoleReach).Mono))), a.reachMark()},
		{a.text(assets.LegendInReach, "mark", a.text(assets.LegendAttr(a.data.Colours.Role(assets.RoleInReach).Mono))), a.inReachMark()},
	} {
		y := rowWith(t, h, line.text)
		assert.Equal(t, line.mark, a.grid.At(margin+markColumn, y), "%q drawn beside its mark", line.text)
	}
}
