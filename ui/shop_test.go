package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// stockAgain puts another of the offer on sale right after the first one
// of that id, straight into the world.
func stockAgain(t *testing.T, g *game.Game, id string) {
	t.Helper()
	w := g.World()
	for _, e := range act.OnSale(w) {
		if vocab.Offer.Value(w, e) != id {
			continue
		}
		a := w.NewAction()
		dup := a.Spawn()
		vocab.Offer.Set(a, dup, id)
		vocab.Rank.Set(a, dup, vocab.Rank.Value(w, e))
		w.Commit(a)
		return
	}
	t.Fatalf("%s is not on sale", id)
}

func TestShopCursorAfterAPurchase(t *testing.T) {
	tests := []struct {
		name string
		// offer is bought with two confirms in a row.
		offer string
		// again puts a second of it on sale next to it first.
		again bool
		// bought is what the van carries after the two confirms.
		bought []string
	}{
		{"a second of the same offer keeps the row", "machine_gun", true, []string{"machine_gun", "machine_gun"}},
		{"the last of an offer moves to Back", "machine_gun", false, []string{"machine_gun"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := atCamp(t, Options{})
			a, g := h.app, h.app.game
			if tt.again {
				stockAgain(t, g, tt.offer)
			}
			o, ok := a.data.Shop.Offer(tt.offer)
			require.True(t, ok)
			h.selectItem(a.text(assets.CampShop))
			row := a.offerLabel(o)
			h.selectItem(row)
			h.contains(a.text(assets.ShopBought, "name", o.Name))
			m, ok := a.top().(*menuView)
			require.True(t, ok)
			onBack := func() { assert.Equal(t, len(m.build(a).items)-1, m.sel, "the cursor is on Back") }
			if tt.again {
				assert.Equal(t, row, m.build(a).items[m.sel].label, "the cursor stays on the second of the offer")
			} else {
				onBack()
			}
			h.press(keyEnter)
			assert.Equal(t, tt.bought, g.Inventory(), "the second confirm buys nothing else")
			if tt.again {
				onBack()
			} else {
				h.contains(a.text(assets.CampTitle))
			}
		})
	}
}

func TestShopRefusalKeepsTheCursor(t *testing.T) {
	h := atCamp(t, Options{})
	a := h.app
	h.selectItem(a.text(assets.CampShop))
	mg, _ := a.data.Shop.Offer("machine_gun")
	h.selectItem(a.offerLabel(mg))
	rail, _ := a.data.Shop.Offer("railgun")
	row := a.offerLabel(rail)
	h.selectItem(row)
	h.contains(a.text(assets.ShopCannotAfford))
	m, ok := a.top().(*menuView)
	require.True(t, ok)
	assert.Equal(t, row, m.build(a).items[m.sel].label)
}
