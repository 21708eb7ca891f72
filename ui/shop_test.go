package ui

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/rules/vocab"
)

func TestShopCursorAfterAPurchase(t *testing.T) {
	tests := []struct {
		name string
		// again lays out a second of the offer bought (with two confirms
		// in a row) next to it.
		again bool
	}{
		{"a second of the same offer keeps the row", true},
		{"the last of an offer moves to an offer, not Back", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := loadData(t)
			o, stock := campGun(t, data), campStock(t, data)
			if tt.again {
				stock = slices.Insert(stock, slices.Index(stock, o.ID)+1, o.ID)
			}
			h := atCampWith(t, stockedWith(t, data, stock...), Options{})
			a, g := h.app, h.app.game
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
	a, g := h.app, h.app.game
	h.selectItem(a.text(assets.CampShop))
	bought := campGun(t, a.data)
	h.selectItem(a.offerLabel(bought))
	at := offerWhere(a, func(o assets.Offer) bool { return o.Price > g.Money() })
	require.GreaterOrEqual(t, at, 0, "seed %d: nothing too dear for %d in %v", g.Run.Seed, g.Money(), g.Stock())
	dear, _ := a.data.Shop.Offer(g.Stock()[at])
	row := a.offerLabel(dear)
	h.selectItem(row)
	h.contains(a.text(assets.ShopCannotAfford))
	m, ok := a.top().(*menuView)
	require.True(t, ok)
	assert.Equal(t, row, m.build(a).items[m.sel].label)
}

// TestTheShopSaysWhatIsNotNeeded: the engine overhaul, always on sale, is
// offered at its price only while the engine is worn. With the engine
// whole its row says it is not needed, and picking it anyway is refused by
// the rules with their reason in the notice line, the money kept.
func TestTheShopSaysWhatIsNotNeeded(t *testing.T) {
	for _, worn := range []bool{false, true} {
		h := atCamp(t, Options{})
		a, g := h.app, h.app.game
		if worn {
			w := g.World()
			act := w.NewAction()
			eng := vocab.Engine.Value(w, g.Van())
			vocab.Engine.Set(act, g.Van(), vocab.Stat{Cur: eng.Max - 1, Max: eng.Max})
			w.Commit(act)
		}
		o, ok := a.data.Shop.Offer("engine_overhaul")
		require.True(t, ok)
		require.Contains(t, g.Stock(), o.ID)
		money := g.Money()
		h.selectItem(a.text(assets.CampShop))
		needless := a.text(assets.ShopItemNeedless, "name", o.Name)
		priced := a.text(assets.ShopItem, "name", o.Name, "price", g.Price(o.ID))
		if worn {
			h.contains(priced)
			h.lacks(needless)
			continue
		}
		h.contains(needless)
		h.lacks(priced)
		h.selectItem(needless)
		h.contains(a.text(assets.PromptNoEffect))
		assert.Equal(t, money, g.Money(), "the money is kept")
		assert.Contains(t, g.Stock(), o.ID, "the overhaul stays on sale")
	}
}
