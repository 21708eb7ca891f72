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
	}{
		{"a second of the same offer keeps the row", "machine_gun", true},
		{"the last of an offer moves to an offer, not Back", "machine_gun", false},
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
			require.NotEmpty(t, g.Stock())
			assert.Less(t, m.sel, len(g.Stock()), "the cursor is on an offer, not on Back")
			if tt.again {
				assert.Equal(t, row, m.build(a).items[m.sel].label, "the cursor stays on the second of the offer")
			}
			h.press(keyEnter)
			assert.Same(t, m, a.top(), "a second confirm does not leave the shop")
			h.contains(a.text(assets.ShopTitle, "bank", g.Money()))
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
