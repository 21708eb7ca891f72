package ui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// spawnOnRoad puts a thing of the data (an enemy, a wreck, a barrel) at p
// in the middle of a delivery, made as the level's own spawns are, and
// returns it.
func spawnOnRoad(t *testing.T, g *game.Game, thing string, p geom.Point) ecs.Entity {
	t.Helper()
	w := g.World()
	env := &act.Env{World: w, Rand: rand.New(rand.NewPCG(1, 2)), Data: g.Data(), Van: g.Van(), Clock: func() int { return 0 }}
	a := w.NewAction()
	spawn := act.Spawn(thing, p)
	act.Build(env, &spawn, a)
	w.Commit(a)
	e := w.LastEntity()
	require.Equal(t, p, vocab.Position.Value(w, e))
	return e
}

// TestAHitOnAnEnemyIsTold: firing the pistol at a car in reach tells what
// was hit and how much health it has left.
func TestAHitOnAnEnemyIsTold(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	van, _ := vanAt(g)
	spawnOnRoad(t, g, "car", van.Add(geom.Pt(3, 0)))
	h.app.redraw(false)
	h.lacks("Car 4/5")
	h.typeKeys("fl")
	h.contains("The pistol hits the car (4 of 5 left).")
	assert.Contains(t, h.statusLine(), "Car 4/5", "the status line names the enemy hit and its health")
	h.checkGolden("hit_told")
	h.typeKeys("..")
	assert.NotContains(t, h.statusLine(), "Car 4/5", "it stays for the next turn only")
}

// TestABlockedMoveIsTold: the van driving into a wreck says what stops it.
func TestABlockedMoveIsTold(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	van, _ := vanAt(g)
	spawnOnRoad(t, g, "wreck", van.Add(geom.Pt(1, 0)))
	h.typeKeys("..")
	after, _ := vanAt(g)
	assert.Equal(t, van, after, "the wreck holds the van")
	h.contains("A wreck blocks your way. (x2)")
	h.checkGolden("blocked_told")
}

// setTyres sets the van's tyres in the middle of a delivery, as damage
// would have.
func setTyres(g *game.Game, cur int) {
	w, v := g.World(), g.Van()
	a := w.NewAction()
	ty := vocab.Tyres.Value(w, v)
	ty.Cur = cur
	vocab.Tyres.Set(a, v, ty)
	w.Commit(a)
}

// styleAfter returns the simulated terminal's cell just after the first
// label on row y: its rune, colour and attributes.
func (h *harness) styleAfter(t *testing.T, y int, label string) (rune, tcell.Color, tcell.AttrMask) {
	t.Helper()
	row := []rune(h.app.grid.Row(y))
	x := strings.Index(string(row), label)
	require.GreaterOrEqual(t, x, 0, "row %d shows %q:\n%s", y, label, h.text())
	x = utf8.RuneCountInString(string(row)[:x]) + utf8.RuneCountInString(label)
	cells, w, _ := h.screen.GetContents()
	c := cells[y*w+x]
	fg, _, attr := c.Style.Decompose()
	return c.Runes[0], fg, attr
}

// TestLowValuesOnTheStatusLineStandOut: a value at or below a quarter of
// its maximum is drawn in the danger colour, or reversed in monochrome (values are bold there already); a
// healthy one is not.
func TestLowValuesOnTheStatusLineStandOut(t *testing.T) {
	tests := []struct {
		name    string
		noColor bool
		tyres   int
		danger  bool
	}{
		{"full", false, 4, false},
		{"half", false, 2, false},
		{"quarter", false, 1, true},
		{"none", false, 0, true},
		{"mono full", true, 4, false},
		{"mono none", true, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{NoColor: tt.noColor})
			g := h.startRun()
			setTyres(g, tt.tyres)
			h.app.redraw(false)
			y := h.app.playLayout(&h.app.grid).statusY
			r, fg, attr := h.styleAfter(t, y, "Tyr ")
			assert.Equal(t, rune('0'+tt.tyres), r)
			if tt.noColor {
				assert.Equal(t, tt.danger, attr&tcell.AttrReverse != 0, "reverse")
				return
			}
			assert.Equal(t, tt.danger, fg == tcell.PaletteColor(196), "the danger colour, got %v", fg)
		})
	}
}

// TestASetbackStaysOnTheStatusLineForATurn: a failed lane change is also
// shown on the status line, until the next turn.
func TestASetbackStaysOnTheStatusLineForATurn(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	setTyres(g, 0)
	slid := h.app.text(assets.HUDSlid)
	for range 20 {
		h.typeKeys("k")
		if strings.Contains(h.app.grid.Row(h.app.playLayout(&h.app.grid).statusY), slid) {
			break
		}
	}
	require.Contains(t, h.app.grid.Row(h.app.playLayout(&h.app.grid).statusY), slid, "bare rims slide in 20 tries")
	h.contains(h.app.text(assets.MsgSteerFailed))
	h.checkGolden("status_slid")
	h.typeKeys(".")
	assert.NotContains(t, h.app.grid.Row(h.app.playLayout(&h.app.grid).statusY), slid, "gone the next turn")
}

// TestNoGhostsOutOfSight plays a scripted stretch of road and checks, every
// turn, that no enemy is drawn out of the van's sight: what moves is not
// remembered, so it leaves no trail.
func TestNoGhostsOutOfSight(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	z := spawnOnRoad(t, g, "zombie", func() geom.Point { v, _ := vanAt(g); return v.Add(geom.Pt(4, 0)) }())
	h.app.redraw(false)
	r2 := g.Data().Van.Vision * g.Data().Van.Vision
	ghosts := func(turn int) {
		van, ok := vanAt(g)
		require.True(t, ok)
		cam := h.app.roadCamera(&h.app.grid, van)
		for sy := range cam.H {
			for sx := range cam.W {
				p := geom.Pt(cam.X+sx, cam.Y+sy)
				if p.Dist2(van) < r2 {
					continue
				}
				k := h.app.mapCell(p, false)
				for kind, isEnemy := range h.app.looks.enemy {
					if isEnemy && k.R == h.app.looks.kinds[kind].r {
						t.Fatalf("turn %d: a ghost %q at %v, out of sight\n%s", turn, k.R, p, h.text())
					}
				}
			}
		}
	}
	sawIt := false
	for turn := range 30 {
		h.typeKeys("l")
		if g.Phase() != act.PhaseRoad {
			break
		}
		sawIt = sawIt || g.World().Alive(z)
		ghosts(turn)
		if turn == 8 {
			h.checkGolden("no_ghosts")
		}
	}
	assert.True(t, sawIt, "the zombie was in sight at the start")
}
