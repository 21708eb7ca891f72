package ui

import (
	"math/rand/v2"
	"slices"
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

// straightGun is the first gun of the data that fires one bullet with no
// spread: what it is aimed at along a line, it hits.
func straightGun(t *testing.T, data *assets.Data) assets.Gun {
	t.Helper()
	for _, g := range data.Guns.List {
		if g.Bullets == 1 && g.Spread == 0 {
			return g
		}
	}
	t.Fatal("the data has no gun that fires one bullet straight")
	return assets.Gun{}
}

// TestAHitOnAnEnemyIsTold: a shot that hits an enemy and leaves it
// standing tells what was hit and how much health it has left, in the log
// and on the status line, for the next turn only.
func TestAHitOnAnEnemyIsTold(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	data := h.app.data
	gun := straightGun(t, data)
	walker := firstEnemy(t, data, "a walker that one bullet leaves standing", func(e assets.Enemy) bool { return walks(e) && e.HP > 1 })
	require.GreaterOrEqual(t, walker.Vision, 3, "the %s sees the van and steps toward it", walker.ID)
	require.GreaterOrEqual(t, gun.Range, 1, "the %s reaches two cells", gun.ID)
	// The walker steps toward the van at once, into the gun's reach.
	g := h.startDrawn(drawn(walker, "W", roadWith("..@..W")...)...)
	mountOnRoad(g, geom.East, gun.ID)
	h.app.redraw(false)
	name := strings.ToUpper(walker.Name[:1]) + walker.Name[1:]
	target := h.app.text(assets.HUDTarget, "victim", name, "n", walker.HP-1, "max", walker.HP)
	h.lacks(target)
	h.press(h.keyFor(assets.ActionFire), h.keyFor(aimAction(geom.East)))
	h.contains(h.app.message(vocab.Message{ID: assets.MsgGunHits, Who: act.GunName(data, gun.ID), Victim: walker.Name, N: walker.HP - 1}))
	assert.Contains(t, h.statusLine(), target, "the status line names the enemy hit and its health")
	h.checkGolden("hit_told")
	// The van stops short of running the walker over, so the next turn
	// finds it standing, hurt.
	h.press(h.keyFor(assets.ActionDecelerate))
	_, standing := nearest(g, vocab.KindNamed(&data.Enemies, walker.ID), data.Van.Vision)
	require.True(t, standing, "the %s still stands\n%s", walker.ID, h.text())
	assert.NotContains(t, h.statusLine(), target, "it stays for the next turn only")
}

// TestABlockedMoveIsTold: the van driving into a wreck says what stops it.
func TestABlockedMoveIsTold(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startDrawn(roadWith("..@#")...)
	van, _ := vanAt(g)
	require.Positive(t, vocab.Speed.Value(g.World(), g.Van()), "the van starts moving")
	h.press(h.keyFor(assets.ActionWait), h.keyFor(assets.ActionWait))
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
// shown on the status line, until the next turn. The van runs on bare rims
// that never grip, so its first lane change fails.
func TestASetbackStaysOnTheStatusLineForATurn(t *testing.T) {
	data := *loadData(t)
	data.Van.SteerChanceByTyres = slices.Clone(data.Van.SteerChanceByTyres)
	data.Van.SteerChanceByTyres[0] = 0
	h := newHarnessWith(t, &data, 80, 24, Options{})
	g := h.startDrawn(roadWith("..@")...)
	setTyres(g, 0)
	status := func() string { return h.app.grid.Row(h.app.playLayout(&h.app.grid).statusY) }
	slid := h.app.text(assets.HUDSlid)
	require.NotContains(t, status(), slid)
	h.press(h.keyFor(assets.ActionSteerUp))
	require.Contains(t, status(), slid, "bare rims that never grip slide")
	h.contains(h.app.text(assets.MsgSteerFailed))
	h.checkGolden("status_slid")
	h.press(h.keyFor(assets.ActionWait))
	assert.NotContains(t, status(), slid, "gone the next turn")
}

// TestNoGhostsOutOfSight drives a stretch of drawn road flat out and
// checks, every turn, that no enemy is drawn out of the van's sight: what
// moves is not remembered, so it leaves no trail. Walkers behind the van
// and beside its way are seen, then left out of sight within the frame,
// where a remembered one would show.
func TestNoGhostsOutOfSight(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	walker := firstEnemy(t, h.app.data, "a walker", walks)
	g := h.startDrawn(drawn(walker, "W",
		".W....................................W...............................W.............................",
		"....................................................................................................",
		"....@...............................................................................................",
		"....................................................................................................",
		"W.....................................W...............................W.............................",
	)...)
	r2 := g.Data().Van.Vision * g.Data().Van.Vision
	walkers := vocab.KindNamed(&g.Data().Enemies, walker.ID)
	// ghosts fails on an enemy drawn out of sight, and counts the living
	// walkers in the frame out of sight, where a ghost would be drawn.
	ghosts := func(turn int) (leftBehind int) {
		van, ok := vanAt(g)
		require.True(t, ok)
		cam := h.app.roadCamera(&h.app.grid, van)
		for sy := range cam.H {
			for sx := range cam.W {
				p := geom.Pt(cam.X+sx, cam.Y+sy)
				if p.Dist2(van) < r2 {
					continue
				}
				if g.TopKind(p) == walkers {
					leftBehind++
				}
				k := h.app.mapCell(p, false)
				for kind, isEnemy := range h.app.looks.enemy {
					if isEnemy && k.R == h.app.looks.kinds[kind].r {
						t.Fatalf("turn %d: a ghost %q at %v, out of sight\n%s", turn, k.R, p, h.text())
					}
				}
			}
		}
		return leftBehind
	}
	seen := strings.Count(h.text(), string(h.app.looks.kinds[walkers].r))
	require.Positive(t, seen, "walkers in sight at the start\n%s", h.text())
	leftBehind := 0
	for turn := range 30 {
		h.press(h.keyFor(assets.ActionAccelerate))
		if g.Phase() != act.PhaseRoad {
			break
		}
		leftBehind += ghosts(turn)
		if turn == 8 {
			h.checkGolden("no_ghosts")
		}
	}
	assert.Positive(t, leftBehind, "a walker seen was left out of sight within the frame")
}
