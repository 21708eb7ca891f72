package ui

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/rules/vocab"
)

var update = flag.Bool("update", false, "rewrite the golden screen dumps in testdata/screens")

// checkGolden compares the screen with testdata/screens/name.golden, or
// rewrites the file under -update.
func (h *harness) checkGolden(name string) {
	h.t.Helper()
	path := filepath.Join("..", "testdata", "screens", name+".golden")
	got := h.text()
	if *update {
		require.NoError(h.t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(h.t, err, "run go test ./ui -update to create it")
	assert.Equal(h.t, string(want), got, "screen %s differs; if the change is meant, run go test ./ui -update", name)
}

func TestGoldenScreens(t *testing.T) {
	tests := []struct {
		name string
		// reach brings a fresh 80x24 harness to the screen.
		reach func(h *harness)
	}{
		{"title", func(h *harness) {}},
		{"controls", func(h *harness) { h.selectItem(h.app.text(assets.TitleControls)) }},
		{"controls_wrapped", func(h *harness) {
			h.selectItem(h.app.text(assets.TitleControls))
			h.press(keyUp, keyDown)
		}},
		{"options", func(h *harness) { h.selectItem(h.app.text(assets.TitleOptions)) }},
		{"help", func(h *harness) { h.startRun(); h.typeKeys("?") }},
		{"legend", func(h *harness) { h.startRun(); h.typeKeys("?"); h.press(keyTab) }},
		{"high_scores_empty", func(h *harness) { h.selectItem(h.app.text(assets.TitleHighScores)) }},
		{"road_start", func(h *harness) { h.startRun() }},
		{"road_driving", func(h *harness) { h.startRun(); h.typeKeys("llll") }},
		{"fire_prompt", func(h *harness) { h.startRun(); h.typeKeys("f") }},
		{"look", func(h *harness) { h.startRun(); h.typeKeys("xlllj") }},
		{"pause", func(h *harness) { h.startRun(); h.press(keyEsc) }},
		{"log", func(h *harness) { h.startRun(); h.typeKeys("llt") }},
		{"trace", func(h *harness) { h.startRun(); h.typeKeys("lT") }},
		{"trace_full", func(h *harness) { h.startRun(); h.typeKeys("lT"); h.press(keyTab) }},
		{"given_up", func(h *harness) {
			h.startRun()
			h.press(keyEsc)
			h.selectItem(h.app.text(assets.PauseGiveUp))
			h.selectItem(h.app.text(assets.MenuYes))
		}},
		{"quit_confirm", func(h *harness) {
			h.startRun()
			h.press(keyEsc)
			h.selectItem(h.app.text(assets.PauseQuit))
		}},
		{"too_small", func(h *harness) { h.startRun(); h.resize(70, 20) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{})
			tt.reach(h)
			h.checkGolden(tt.name)
		})
	}
}

func TestGoldenCamp(t *testing.T) {
	h := atCamp(t, Options{})
	h.checkGolden("camp")
	h.selectItem(h.app.text(assets.CampShop))
	h.checkGolden("shop")
	h.press(keyEsc)
	h.selectItem(h.app.text(assets.CampGarage))
	h.checkGolden("garage")
	h.press(keyEsc)
	carry(h.app.game, "spare_tyre")
	h.selectItem(h.app.text(assets.CampInventory))
	h.selectItem("Spare tyre")
	h.checkGolden("camp_kit")
}

func TestGoldenShopAfterPurchase(t *testing.T) {
	h := atCamp(t, Options{})
	h.selectItem(h.app.text(assets.CampShop))
	h.selectItem(h.app.offerLabel(campGun(t, h.app.data)))
	h.checkGolden("shop_bought")
}

// TestGoldenShopWornEngine shows the shop to a van whose engine lies at 2:
// the overhaul's row asks its call-out fee and its rate for each of the
// points it would put back.
func TestGoldenShopWornEngine(t *testing.T) {
	h := atCamp(t, Options{})
	g := h.app.game
	w := g.World()
	a := w.NewAction()
	eng := vocab.Engine.Value(w, g.Van())
	missing := eng.Max - 2
	vocab.Engine.Set(a, g.Van(), vocab.Stat{Cur: 2, Max: eng.Max})
	w.Commit(a)
	o, ok := h.app.data.Shop.Offer("engine_overhaul")
	require.True(t, ok)
	h.selectItem(h.app.text(assets.CampShop))
	h.highlight(h.app.text(assets.ShopItem, "name", o.Name, "price", o.Price+o.PricePerPoint*missing))
	h.checkGolden("shop_worn_engine")
}

// TestGoldenCampOneLetter: a van that picks up one letter on its way is
// paid for the run and that letter, and the camp says so in the singular.
func TestGoldenCampOneLetter(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	h.reachCamp("@=..")
	c := h.app.data.Campaign
	require.Equal(t, c.PayBase+c.PayPerLetter, h.app.game.Run.LastPay, "paid for one letter")
	h.contains("for 1 letter.")
	h.checkGolden("camp_one_letter")
}
