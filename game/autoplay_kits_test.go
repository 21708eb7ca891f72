package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ai"
	"lastpost/assets"
)

// renamedKits is the shipped data with every consumable, and its offers,
// under another id: what a kit is to the bot must come from what its data
// says it mends, not from its id.
func renamedKits(t *testing.T) *assets.Data {
	t.Helper()
	data := loadData(t)
	require.NotEmpty(t, data.Shop.Consumables)
	for i := range data.Shop.Consumables {
		k := &data.Shop.Consumables[i]
		for j := range data.Shop.Offers {
			if o := &data.Shop.Offers[j]; o.Kind == assets.OfferConsumable && o.Consumable == k.ID {
				o.Consumable = "renamed_" + k.ID
			}
		}
		k.ID = "renamed_" + k.ID
	}
	return data
}

// TestTheBotKnowsKitsByWhatTheyMend: each consumable, under an id the bot
// has never seen, is offered to the shopper, listed in its inventory and
// found for use as the kit that puts back its stat.
func TestTheBotKnowsKitsByWhatTheyMend(t *testing.T) {
	data := renamedKits(t)
	want := map[assets.Stat]ai.Item{assets.StatTyres: ai.SpareTyre, assets.StatEngine: ai.EngineKit}
	for _, o := range data.Shop.Offers {
		if o.Kind != assets.OfferConsumable {
			continue
		}
		t.Run(o.Consumable, func(t *testing.T) {
			k, ok := data.Shop.Consumable(o.Consumable)
			require.True(t, ok)
			item, ok := want[k.Restores]
			require.True(t, ok, "the test knows the driver's kit for %q", k.Restores)
			assert.Equal(t, item.String(), aiOffer(o).Kind, "offered as the kit that mends %s", k.Restores)
			inv := []string{"pistol", k.ID}
			assert.Equal(t, []string{"pistol", item.String()}, shopperNames(&data.Shop, inv))
			assert.Equal(t, 1, kitIndex(&data.Shop, inv, item), "found for use")
		})
	}
}
