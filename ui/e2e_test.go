package ui

import (
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

// pressCommand presses the keys a player would for command c on the road.
func (h *harness) pressCommand(c game.Command) {
	h.t.Helper()
	switch c.Kind {
	case game.CmdWait:
		h.press(h.keyFor(assets.ActionWait))
	case game.CmdAccelerate:
		h.press(h.keyFor(assets.ActionAccelerate))
	case game.CmdDecelerate:
		h.press(h.keyFor(assets.ActionDecelerate))
	case game.CmdSteerUp:
		h.press(h.keyFor(assets.ActionSteerUp))
	case game.CmdSteerDown:
		h.press(h.keyFor(assets.ActionSteerDown))
	case game.CmdFire:
		h.press(h.keyFor(assets.ActionFire), h.keyFor(aimAction(c.Dir)))
	case game.CmdUse:
		h.press(h.keyFor(assets.ActionInventory))
		for range c.Index {
			h.press(keyDown)
		}
		h.press(keyEnter)
	default:
		h.t.Fatalf("not a road command: %v", c)
	}
}

// aimAction is the driving action that aims in direction d.
func aimAction(d geom.Dir) assets.Action {
	for a, dir := range aimDirs {
		if dir == d {
			return a
		}
	}
	return ""
}

// driveToCamp plays the delivery through the keyboard, the autoplay bot
// choosing each command, until the camp (or the end of the run).
func (h *harness) driveToCamp() {
	h.t.Helper()
	g := h.app.game
	var bot game.Bot
	for i := 0; i < 500 && g.Phase() == act.PhaseRoad; i++ {
		c := bot.Next(g)
		turns := g.Run.Turns
		h.pressCommand(c)
		bot.Observe(c, game.Result{Took: g.Run.Turns > turns || g.Phase() != act.PhaseRoad})
	}
}

// TestEndToEndDeliveryReachesTheCamp: the autoplay bot drives a drawn
// road with a wreck in the van's lane through the keyboard, a player's
// keys for each of its commands, and the delivery ends at the camp.
func TestEndToEndDeliveryReachesTheCamp(t *testing.T) {
	camps := 0
	h := newHarness(t, 80, 24, Options{Hooks: Hooks{Camp: func(*game.Game) { camps++ }}})
	g := h.startDrawn(roadWith("..@.....#")...)
	h.driveToCamp()
	require.Equal(t, act.PhaseCamp, g.Phase(), "the delivery did not reach the camp:\n%s", h.text())
	assert.Equal(t, 1, camps, "the camp hook runs once, for the autosave")
	a := h.app
	h.contains(a.text(assets.CampTitle), a.text(assets.CampShop), a.text(assets.CampGarage),
		a.text(assets.CampInventory), a.text(assets.CampNext), a.text(assets.CampProgress, "done", 1, "goal", 10),
		"Cash "+strconv.Itoa(g.Money()))
	h.lacks("Spd ")
}

// statusField is the word after the label on the status line, or "".
func statusField(line, label string) string {
	words := strings.Fields(line)
	for i, w := range words[:max(len(words)-1, 0)] {
		if w == label {
			return words[i+1]
		}
	}
	return ""
}

// offerWhere returns the index of the first stock offer that passes keep.
func offerWhere(a *App, keep func(assets.Offer) bool) int {
	for i, id := range a.game.Stock() {
		if o, _ := a.data.Shop.Offer(id); keep(o) {
			return i
		}
	}
	return -1
}

func TestCampShopGarageAndInventory(t *testing.T) {
	h := atCamp(t, Options{})
	a, g := h.app, h.app.game
	money := g.Money()
	gunAt := offerWhere(a, func(o assets.Offer) bool { return o.Kind == assets.OfferGun && o.Price <= money })
	require.GreaterOrEqual(t, gunAt, 0, "seed %d: no affordable gun in %v with %d", g.Run.Seed, g.Stock(), money)
	gun, _ := a.data.Shop.Offer(g.Stock()[gunAt])

	h.selectItem(a.text(assets.CampShop))
	h.highlight(a.offerLabel(gun))
	h.contains(a.text(assets.ShopTitle, "bank", money))
	assert.Contains(t, h.flat(), gun.Description, "the highlighted gun's detail")
	h.press(keyEnter)
	h.contains(a.text(assets.ShopBought, "name", gun.Name), a.text(assets.ShopTitle, "bank", money-gun.Price))
	assert.Equal(t, []string{gun.Gun}, g.Inventory())
	if dear := offerWhere(a, func(o assets.Offer) bool { return o.Price > g.Money() }); dear >= 0 {
		o, _ := a.data.Shop.Offer(g.Stock()[dear])
		h.selectItem(a.offerLabel(o))
		h.contains(a.text(assets.ShopCannotAfford))
	}
	h.press(keyEsc)

	h.selectItem(a.text(assets.CampGarage))
	front := a.text(assets.GarageFront)
	h.contains(a.text(assets.GarageSlotLine, "slot", front, "gun", "Pistol"))
	h.selectItem(a.text(assets.GarageSlotLine, "slot", front, "gun", "Pistol"))
	h.contains(a.text(assets.GarageSlotGun, "slot", front, "gun", "Pistol"), a.text(assets.GarageUnmount))
	h.selectItem(gun.Name)
	h.contains(a.text(assets.GarageMounted, "gun", gun.Name), a.text(assets.GarageSlotGun, "slot", front, "gun", gun.Name))
	assert.Equal(t, gun.Gun, g.VanState().Guns.Gun(geom.East))
	assert.Equal(t, []string{"pistol"}, g.Inventory(), "the old gun goes back into the van")
	h.press(keyEsc, keyEsc)

	h.selectItem(a.text(assets.CampInventory))
	h.contains(a.text(assets.InventoryTitle, "count", 1, "capacity", a.data.Van.InventoryCapacity), "Pistol")
	h.selectItem("Pistol")
	h.selectItem(a.text(assets.InventoryDiscard))
	h.contains(a.text(assets.InventoryDiscardConfirm, "name", "Pistol"))
	h.selectItem(a.text(assets.MenuNo))
	assert.Len(t, g.Inventory(), 1, "no means no")
	h.selectItem(a.text(assets.InventoryDiscard))
	h.selectItem(a.text(assets.MenuYes))
	h.contains(a.text(assets.InventoryDiscarded, "name", "Pistol"), a.text(assets.InventoryEmpty))
	assert.Empty(t, g.Inventory())
	h.press(keyEsc)

	h.selectItem(a.text(assets.CampNext))
	assert.Equal(t, act.PhaseRoad, g.Phase())
	h.contains("Spd ", a.text(assets.MsgDeliveryStarts, "n", 2), "Run 2/10")
}

func TestCampCommandsReachThePlayedHook(t *testing.T) {
	var played []game.Command
	h := atCamp(t, Options{Hooks: Hooks{Played: func(_ *game.Game, c game.Command, _ game.Result) { played = append(played, c) }}})
	n := len(played)
	require.Positive(t, n)
	h.selectItem(h.app.text(assets.CampNext))
	assert.Equal(t, []game.Command{{Kind: game.CmdDepart}}, played[n:])
}

func TestVictoryShowsOnceThenTheRunGoesOn(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startDrawn(campRoad)
	a := h.app
	g.Run.Delivery = a.data.Campaign.DeliveriesToWin - 1
	h.driveToCamp()
	require.True(t, g.Run.Won)
	h.contains(a.text(assets.EndVictoryTitle), a.text(assets.EndSummaryTitle))
	h.lacks(a.text(assets.EndCause))
	h.press(keyEnter)
	h.contains(a.text(assets.CampTitle))
	h.selectItem(a.text(assets.CampNext))
	assert.Equal(t, strconv.Itoa(a.data.Campaign.DeliveriesToWin+1), statusField(h.statusLine(), "Run"),
		"the run goes on past the last delivery:\n%s", h.text())
	h.press(keyEsc)
	h.lacks(a.text(assets.EndVictoryTitle))
}

func TestDestroyedVanEndsTheRun(t *testing.T) {
	ended := 0
	h := newHarness(t, 80, 24, Options{Hooks: Hooks{Ended: func(*game.Game) { ended++ }}})
	a := h.app
	g := h.standAmong(firstEnemy(t, a.data, "a walker", walks))
	assert.Equal(t, 1, ended)
	h.contains(a.text(assets.EndDiedTitle), a.text(assets.EndCauseDestroyed),
		a.text(assets.EndTurns), strconv.Itoa(g.Run.Turns))
	h.press(keyEnter)
	h.contains(a.text(assets.TitleNewGame))
}

// TestCampKitsCanBeUsed wears a tyre, carries a spare into the camp and
// fits it from the camp's inventory: kits work at a camp, not only on the
// road, and the list tells what was done.
func TestCampKitsCanBeUsed(t *testing.T) {
	h := atCamp(t, Options{})
	a, g := h.app, h.app.game
	w, van := g.World(), g.Van()
	worn := w.NewAction()
	vocab.Tyres.Set(worn, van, vocab.Stat{Cur: 1, Max: 4})
	w.Commit(worn)
	carry(g, "spare_tyre")

	h.selectItem(a.text(assets.CampInventory))
	h.selectItem("Spare tyre")
	h.contains(a.text(assets.InventoryUse), a.text(assets.InventoryDiscard))
	h.selectItem(a.text(assets.InventoryUse))
	h.contains(a.text(assets.MsgTyreReplaced), a.text(assets.InventoryEmpty))
	assert.Equal(t, 2, g.VanState().Tyres.Cur)
	assert.Empty(t, g.Inventory())
}
