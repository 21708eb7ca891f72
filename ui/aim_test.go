package ui

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/recap"
)

// TestTheFirePromptFitsWithAGunOnEverySide: with any gun of the data (a
// fixture's too) on all four sides, the fire prompt names every side and
// its gun on one 80-column line, in words a player uses (rounds, not
// milliseconds).
func TestTheFirePromptFitsWithAGunOnEverySide(t *testing.T) {
	data, err := assets.LoadExtra("../testdata/content/extra_gun.toml")
	require.NoError(t, err)
	for _, gun := range data.Guns.List {
		t.Run(gun.ID, func(t *testing.T) {
			h := newHarnessWith(t, data, 80, 24, Options{})
			g := h.startRun()
			for _, s := range assets.Slots {
				mountOnRoad(g, s.Dir(), gun.ID)
			}
			h.press(h.keyFor(assets.ActionFire))
			prompt := h.app.prompt
			assert.LessOrEqual(t, utf8.RuneCountInString(prompt), 80, "%q", prompt)
			h.contains(prompt)
			for _, s := range assets.Slots {
				assert.Contains(t, prompt, h.app.text(recap.SlotText(s))+" "+gun.PromptName())
			}
			assert.NotContains(t, prompt, " ms")
			if gun.Bullets > 1 {
				assert.Contains(t, prompt, strconv.Itoa(gun.Bullets), "the rounds a shot fires")
			}
		})
	}
}

// TestTheGarageAndTheFirePromptNameSidesAlike: each side's gun is under
// the same side name in the garage and in the fire prompt.
func TestTheGarageAndTheFirePromptNameSidesAlike(t *testing.T) {
	h := atCamp(t, Options{})
	a, g := h.app, h.app.game
	h.selectItem(a.text(assets.CampGarage))
	m, ok := a.top().(*menuView)
	require.True(t, ok)
	rows := m.build(a).items
	h.press(keyEsc)
	h.selectItem(a.text(assets.CampNext))
	require.NotNil(t, g.World())
	for _, s := range assets.Slots {
		mountOnRoad(g, s.Dir(), "pistol")
	}
	prompt := a.firePrompt()
	for i, s := range assets.Slots {
		side := a.text(recap.SlotText(s))
		assert.True(t, strings.HasPrefix(rows[i].label, side), "garage row %q names side %q", rows[i].label, side)
		assert.Contains(t, prompt, side+" ", "the prompt names side %q", side)
	}
}

// TestAimingShowsEachGunsReach: while the fire prompt is open, the cells
// each mounted gun reaches carry the reach mark (in mono too), an enemy in
// reach is drawn in the in-reach look, and nothing beyond reach or after
// the prompt closes is marked.
func TestAimingShowsEachGunsReach(t *testing.T) {
	for _, noColor := range []bool{false, true} {
		h := newHarness(t, 80, 24, Options{NoColor: noColor})
		g := h.startRun()
		a := h.app
		van, ok := vanAt(g)
		require.True(t, ok)
		mountOnRoad(g, geom.North, "pistol")
		pistol, _ := a.data.Guns.Get("pistol")
		east := van.Add(geom.East.Vec().Mul(2))
		spawnOnRoad(t, g, "zombie", east)
		north := van.Add(geom.North.Vec().Mul(pistol.Range + 1))
		beyond := van.Add(geom.North.Vec().Mul(pistol.Range + 2))
		cell := func(p geom.Point) Cell {
			sx, sy, in := a.roadCamera(&a.grid, van).screen(p)
			require.True(t, in, "%v in view", p)
			return a.grid.At(sx, sy)
		}
		a.redraw(false)
		before := map[geom.Point]Cell{east: cell(east), north: cell(north), beyond: cell(beyond)}

		h.press(h.keyFor(assets.ActionFire))
		assert.Equal(t, a.looks.inReach, cell(east).S, "mono %v: the zombie in the front gun's reach", noColor)
		assert.Equal(t, before[east].R, cell(east).R, "its glyph kept")
		marked := a.pal.Terminal(cell(north).S)
		assert.NotEqual(t, a.pal.Terminal(before[north].S), marked, "mono %v: the pistol's last cell north", noColor)
		if noColor {
			assert.NotEqual(t, tcell.UnderlineStyleNone, marked.GetUnderlineStyle(), "the reach reads in mono")
		}
		assert.Equal(t, before[beyond], cell(beyond), "mono %v: beyond reach, unmarked", noColor)

		h.press(keyEsc)
		assert.Equal(t, before[north], cell(north), "mono %v: the mark goes with the prompt", noColor)
		assert.Equal(t, before[east].S, cell(east).S)
	}
}

// TestTheShopTellsWhatEachGunDoes: every gun on sale shows its damage, its
// rounds a shot, its reach and where it mounts on its row, within 80
// columns.
func TestTheShopTellsWhatEachGunDoes(t *testing.T) {
	h := atCamp(t, Options{})
	a := h.app
	h.selectItem(a.text(assets.CampShop))
	guns := 0
	for _, id := range a.game.Stock() {
		o, _ := a.data.Shop.Offer(id)
		gun, ok := a.data.Guns.Get(o.Gun)
		if o.Kind != assets.OfferGun || !ok {
			continue
		}
		guns++
		row := rowText(t, h, o.Name+":")
		assert.LessOrEqual(t, utf8.RuneCountInString(row), 80)
		for _, want := range []string{
			strconv.Itoa(a.data.Combat.BulletDamage), strconv.Itoa(gun.Bullets),
			strconv.Itoa(gun.Range + 1), a.text(assets.ShopAnySide),
		} {
			assert.Contains(t, row, want, "%s row", o.Name)
		}
	}
	require.Positive(t, guns, "the test camp sells a gun")
}

// rowText returns the screen line that holds s.
func rowText(t *testing.T, h *harness, s string) string {
	t.Helper()
	for _, line := range strings.Split(h.text(), "\n") {
		if strings.Contains(line, s) {
			return line
		}
	}
	t.Fatalf("no line holds %q:\n%s", s, h.text())
	return ""
}
