package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestTheFirstFrameShowsTheRoadAhead: on a delivery's first frame at 80x24
// the van is in the left third of the screen and at least half the map's
// cells show something, for several seeds.
func TestTheFirstFrameShowsTheRoadAhead(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 42} {
		h := newHarness(t, 80, 24, Options{Hooks: Hooks{NewSeed: func() uint64 { return seed }}})
		g := h.startRun()
		van, ok := vanAt(g)
		require.True(t, ok)
		cam := h.app.roadCamera(&h.app.grid, van)
		sx, _, inView := cam.screen(van)
		require.True(t, inView)
		assert.Less(t, sx, 80/3, "seed %d: the van in the left third", seed)
		shown := 0
		for y := range cam.H {
			for x := range cam.W {
				if h.app.grid.At(x, cam.Top+y).R != ' ' {
					shown++
				}
			}
		}
		assert.GreaterOrEqual(t, 2*shown, cam.W*cam.H, "seed %d: %d of %d cells show something\n%s", seed, shown, cam.W*cam.H, h.text())
	}
}

// TestLookModePutsTheCameraBack: moving the cursor far ahead drags the view
// along; closing look mode shows the road as it was before.
func TestLookModePutsTheCameraBack(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	h.startRun()
	before := h.text()
	h.press(h.keyFor(assets.ActionLook))
	for range 100 {
		h.press(h.keyFor(assets.ActionAccelerate))
	}
	require.NotEqual(t, before, h.text(), "the view followed the cursor")
	h.press(h.keyFor(assets.ActionLook))
	assert.Equal(t, before, h.text())
}

// TestTheEndScreenNamesTheCause: a van destroyed by walkers says so, with
// the delivery and turn, and shows the last messages.
func TestTheEndScreenNamesTheCause(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	walker := firstEnemy(t, h.app.data, "a walker that claws", func(e assets.Enemy) bool {
		return walks(e) && e.BumpText == assets.MsgClawedBy
	})
	g := h.standAmong(walker)
	h.contains("Destroyed by "+h.app.text(assets.EndByClawedBy, "enemy", walker.Name)+" on delivery 1, turn "+strconv.Itoa(g.Run.Turns)+".",
		h.app.text(assets.EndLastMessages), h.app.text(assets.MsgDied))
	h.checkGolden("end_destroyed")
}

// standAmong stops the van on a drawn road among walkers of the enemy's
// kind and stands there until the run ends, which it requires.
func (h *harness) standAmong(walker assets.Enemy) *game.Game {
	h.t.Helper()
	g := h.startDrawn(drawn(walker, "W",
		"........................................",
		"...W.W..................................",
		"..W.@.W.................................",
		"...W.W..................................",
		"........................................",
	)...)
	for i := 0; i < 1000 && g.Phase() == act.PhaseRoad; i++ {
		h.press(h.keyFor(assets.ActionDecelerate))
	}
	require.Equal(h.t, act.PhaseOver, g.Phase(), "the van survived standing still among %ss", walker.Name)
	return g
}

// TestTheCauseIsTheLastHitTold: each way of being hit names its cause; a
// log with no hit names the road.
func TestTheCauseIsTheLastHitTold(t *testing.T) {
	tests := []struct {
		last vocab.Message
		want string
	}{
		{vocab.Message{ID: assets.MsgShotBy, Who: "bike"}, "the bike's guns"},
		{vocab.Message{ID: assets.MsgRammedBy, Who: "car"}, "a car ramming you"},
		{vocab.Message{ID: assets.MsgShrapnel}, "a barrel blast"},
		{vocab.Message{ID: assets.MsgShot}, "a stray round"},
		{vocab.Message{ID: assets.MsgHurt}, "the road"},
	}
	for _, tt := range tests {
		h := newHarness(t, 80, 24, Options{})
		g := h.startRun()
		g.Log().Entries = nil
		g.Log().Add(tt.last, 1)
		g.Log().Add(vocab.Message{ID: assets.MsgHurt}, 1)
		assert.Equal(t, "Destroyed by "+tt.want+" on delivery 1, turn 0.", h.app.deathCause())
	}
}

// TestTheFirePromptListsTheGuns: the prompt names the gun on each side,
// and the rounds a shot fires when more than one: the van's front gun from
// the data, and on its left the first gun of the data that fires several.
func TestTheFirePromptListsTheGuns(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	data := h.app.data
	var front, burst assets.Gun
	for _, m := range data.Van.StartGuns {
		if m.Slot.Dir() == geom.East {
			front, _ = data.Guns.Get(m.Gun)
		}
	}
	require.NotEmpty(t, front.ID, "the van starts with a front gun")
	require.Equal(t, 1, front.Bullets, "the front gun fires one round, so the prompt gives no count")
	for _, g := range data.Guns.List {
		if g.Bullets > 1 && burst.ID == "" {
			burst = g
		}
	}
	require.NotEmpty(t, burst.ID, "the data has a gun that fires several rounds")
	g := h.startDrawn(roadWith("..@")...)
	mountOnRoad(g, geom.North, burst.ID)
	h.press(h.keyFor(assets.ActionFire))
	h.contains(fmt.Sprintf("Fire: Front %s  Left %s x%d", front.PromptName(), burst.PromptName(), burst.Bullets))
	h.checkGolden("fire_guns")
}

// TestTheVanSitsOnItsRoadWhenTheRoadIsNarrow: on roads narrower than the
// screen, at several widths, the van is drawn in its own column of the
// road, counted from the road's left edge, and the goal column is the
// road's last, turn after turn.
func TestTheVanSitsOnItsRoadWhenTheRoadIsNarrow(t *testing.T) {
	for _, width := range []int{80, 81} {
		for _, length := range []int{roadWidth, width - 1} {
			h := newHarness(t, width, 24, Options{})
			open := strings.Repeat(".", length)
			g := h.startDrawn(open, open, "..@"+open[3:], open, open)
			require.Less(t, g.Level().W, width)
			for step := 0; step < 5 && g.Phase() == act.PhaseRoad; step++ {
				van, ok := vanAt(g)
				require.True(t, ok)
				_, sy, inView := h.app.roadCamera(&h.app.grid, van).screen(van)
				require.True(t, inView)
				// Columns are counted in runes: ground never seen is a
				// glyph of several bytes.
				row := []rune(strings.Split(h.text(), "\n")[sy])
				left := len(row) - len([]rune(strings.TrimLeft(string(row), " ")))
				assert.Equal(t, left+van.X, slices.Index(row, '@'), "width %d road %d turn %d: the van's column\n%s", width, length, step, h.text())
				assert.Equal(t, left+g.Level().W-1, lastIndex(row, '>'), "width %d road %d: the goal column", width, length)
				h.press(h.keyFor(assets.ActionAccelerate))
			}
		}
	}
}

// lastIndex is the index of the last r in row, or -1.
func lastIndex(row []rune, r rune) int {
	for i := len(row) - 1; i >= 0; i-- {
		if row[i] == r {
			return i
		}
	}
	return -1
}
