package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
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
