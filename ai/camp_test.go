package ai

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

func gun(id string, price int) Offer { return Offer{Kind: "gun", ID: id, Price: price} }
func armour(level, price int) Offer {
	return Offer{Kind: "armour", ID: "armour", Price: price, Level: level}
}

// offer is an offer of kind; a repair puts back one point.
func offer(kind string, price int) Offer {
	o := Offer{Kind: kind, ID: kind, Price: price}
	if kind == "repair_engine" || kind == "change_tyre" {
		o.Points = 1
	}
	return o
}

// overhaul is an engine repair that puts back points for price.
func overhaul(points, price int) Offer {
	return Offer{Kind: "repair_engine", ID: "engine_overhaul", Price: price, Points: points}
}

// ranks rates the shipped guns as the game does, by their price.
var ranks = map[string]int{"pistol": 10, "shotgun": 20, "machine_gun": 30, "railgun": 100}

// healthyCamp is a van in full repair with a pistol in front and room to
// spare, holding money.
func healthyCamp(money int, offers ...Offer) Camp {
	return Camp{
		Money: money, Offers: offers,
		Engine: 8, MaxEngine: 8, Tyres: 4, MaxTyres: 4, Armour: 1,
		InventoryFree: 8, Mounted: [4]string{"", "pistol", "", ""},
		GunRanks: ranks,
	}
}

func TestShop(t *testing.T) {
	tests := []struct {
		name string
		camp func() Camp
		want int
	}{
		{"repairs a damaged engine before anything", func() Camp {
			c := healthyCamp(50, gun("railgun", 10), offer("repair_engine", 10))
			c.Engine = 6
			return c
		}, 1},
		{"repairs the worse-off stat first", func() Camp {
			c := healthyCamp(50, offer("repair_engine", 10), offer("change_tyre", 10))
			c.Engine, c.Tyres = 6, 2
			return c
		}, 1},
		{"engine first on a tie", func() Camp {
			c := healthyCamp(50, offer("change_tyre", 10), offer("repair_engine", 10))
			c.Engine, c.Tyres = 4, 2
			return c
		}, 1},
		{"no repair at full health", func() Camp {
			return healthyCamp(50, offer("repair_engine", 10), offer("change_tyre", 10))
		}, -1},
		{"no gun or kit fits a full inventory", func() Camp {
			c := healthyCamp(500, gun("railgun", 100), offer("engine_kit", 10))
			c.InventoryFree = 0
			return c
		}, -1},
		{"a repair needs no room", func() Camp {
			c := healthyCamp(500, gun("railgun", 100), offer("repair_engine", 10))
			c.Engine, c.InventoryFree = 2, 0
			return c
		}, 1},
		{"an overhaul when it costs less a point", func() Camp {
			c := healthyCamp(500, offer("repair_engine", 10), overhaul(6, 46))
			c.Engine = 2
			return c
		}, 1},
		{"a tune-up for one lost point", func() Camp {
			c := healthyCamp(500, overhaul(1, 16), offer("repair_engine", 10))
			c.Engine = 7
			return c
		}, 1},
		{"on a tie per point, the repair that mends more", func() Camp {
			c := healthyCamp(500, offer("repair_engine", 10), overhaul(2, 20))
			c.Engine = 6
			return c
		}, 1},
		{"a tune-up when the overhaul is beyond its means", func() Camp {
			c := healthyCamp(30, overhaul(6, 46), offer("repair_engine", 10))
			c.Engine = 2
			return c
		}, 1},
		{"best affordable gun, keeping the reserve", func() Camp {
			return healthyCamp(60, gun("shotgun", 20), gun("railgun", 100), gun("machine_gun", 30))
		}, 2},
		{"a gun that would not beat the four kept is skipped", func() Camp {
			c := healthyCamp(500, gun("pistol", 10), armour(2, 20))
			c.Mounted = [4]string{"railgun", "railgun", "shotgun", "railgun"}
			return c
		}, 1},
		{"a carried gun counts as kept", func() Camp {
			c := healthyCamp(500, gun("shotgun", 20), gun("machine_gun", 30))
			c.Mounted = [4]string{"pistol", "pistol", "pistol", "pistol"}
			c.Inventory = []string{"machine_gun", "railgun", "shotgun"}
			return c
		}, 1},
		{"cheaper of two equal guns", func() Camp {
			return healthyCamp(500, gun("shotgun", 25), gun("shotgun", 20))
		}, 1},
		{"highest affordable armour above the current", func() Camp {
			c := healthyCamp(70, armour(1, 10), armour(2, 20), armour(3, 40), armour(4, 80))
			c.Mounted = [4]string{"railgun", "railgun", "railgun", "railgun"}
			return c
		}, 2},
		{"armour at or below the current level is skipped", func() Camp {
			c := healthyCamp(500, armour(1, 10), armour(2, 20))
			c.Armour = 2
			c.Mounted = [4]string{"railgun", "railgun", "railgun", "railgun"}
			return c
		}, -1},
		{"the reserve is not spent on upgrades but on a kit", func() Camp {
			return healthyCamp(25, gun("pistol", 10), offer("engine_kit", 10))
		}, 1},
		{"spare tyre first when short of both", func() Camp {
			c := healthyCamp(15, offer("engine_kit", 10), offer("spare_tyre", 10))
			c.Mounted = [4]string{"railgun", "railgun", "railgun", "railgun"}
			return c
		}, 1},
		{"the scarcer kit first", func() Camp {
			c := healthyCamp(15, offer("spare_tyre", 10), offer("engine_kit", 10))
			c.Inventory = []string{"spare_tyre"}
			return c
		}, 1},
		{"no more than two of a kit", func() Camp {
			c := healthyCamp(15, offer("spare_tyre", 10))
			c.Inventory = []string{"spare_tyre", "spare_tyre"}
			return c
		}, -1},
		{"too poor for anything", func() Camp {
			return healthyCamp(5, offer("spare_tyre", 10), gun("pistol", 10))
		}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Shop(tt.camp()))
		})
	}
}

// buy applies offer i to the camp the way the game's shop does.
func buy(c *Camp, i int) {
	o := c.Offers[i]
	c.Money -= o.Price
	c.Offers = append(c.Offers[:i:i], c.Offers[i+1:]...)
	switch o.Kind {
	case "repair_engine":
		c.Engine += o.Points
	case "change_tyre":
		c.Tyres += o.Points
	case "armour":
		c.Armour = o.Level
	default:
		c.Inventory = append(c.Inventory, o.ID)
		c.InventoryFree--
	}
}

var stock = []Offer{
	gun("pistol", 10), gun("shotgun", 20), gun("machine_gun", 30), gun("railgun", 100),
	offer("repair_engine", 10), offer("change_tyre", 10),
	armour(1, 10), armour(2, 20), armour(3, 40), armour(4, 80),
	offer("spare_tyre", 10), offer("engine_kit", 10),
}

func TestShopSpreesEndSensibly(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		c := healthyCamp(r.IntN(400))
		c.Engine, c.Tyres, c.Armour, c.InventoryFree = r.IntN(9), r.IntN(5), r.IntN(3), r.IntN(9)
		for range 6 + r.IntN(6) {
			c.Offers = append(c.Offers, stock[r.IntN(len(stock))])
		}
		where := fmt.Sprintf("seed %d", seed)
		for bought := 0; ; bought++ {
			require.LessOrEqual(t, bought, 12, "shopping never ends; %s", where)
			i := Shop(c)
			if i < 0 {
				break
			}
			require.Less(t, i, len(c.Offers), where)
			o := c.Offers[i]
			assert.LessOrEqual(t, o.Price, c.Money, "bought %s beyond its means; %s", o.ID, where)
			if o.Kind == "gun" || o.Kind == "spare_tyre" || o.Kind == "engine_kit" {
				assert.Positive(t, c.InventoryFree, "bought into a full inventory; %s", where)
			}
			switch o.Kind {
			case "repair_engine":
				assert.Less(t, c.Engine, c.MaxEngine, "a repair with no effect; %s", where)
			case "change_tyre":
				assert.Less(t, c.Tyres, c.MaxTyres, "a repair with no effect; %s", where)
			case "armour":
				assert.Greater(t, o.Level, c.Armour, "armour with no effect; %s", where)
				assert.GreaterOrEqual(t, c.Money-o.Price, upgradeReserve, where)
			case "gun":
				assert.GreaterOrEqual(t, c.Money-o.Price, upgradeReserve, where)
			}
			buy(&c, i)
		}
	}
}

func TestMount(t *testing.T) {
	tests := []struct {
		name      string
		mounted   [4]string
		inventory []string
		slot      geom.Dir
		index     int
		ok        bool
	}{
		{"front first when all empty", [4]string{}, []string{"spare_tyre", "pistol"}, geom.East, 1, true},
		{"a better gun replaces the front one", [4]string{"", "pistol", "", ""}, []string{"railgun"}, geom.East, 0, true},
		{"then the rear", [4]string{"", "railgun", "", ""}, []string{"pistol"}, geom.West, 0, true},
		{"then left before right", [4]string{"", "railgun", "", "shotgun"}, []string{"pistol"}, geom.North, 0, true},
		{"best carried gun first", [4]string{}, []string{"pistol", "machine_gun", "shotgun"}, geom.East, 1, true},
		{"nothing better to mount", [4]string{"shotgun", "shotgun", "shotgun", "shotgun"}, []string{"pistol", "engine_kit"}, geom.None, -1, false},
		{"no guns carried", [4]string{}, []string{"spare_tyre"}, geom.None, -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			slot, i, ok := Mount(Camp{Mounted: tt.mounted, Inventory: tt.inventory, GunRanks: ranks})
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.slot, slot)
			assert.Equal(t, tt.index, i)
		})
	}
}

func TestMountingUntilDoneRanksTheGuns(t *testing.T) {
	c := Camp{
		Mounted:   [4]string{"", "pistol", "", "pistol"},
		Inventory: []string{"shotgun", "spare_tyre", "railgun", "machine_gun"},
		GunRanks:  ranks,
	}
	for step := 0; ; step++ {
		require.Less(t, step, 10, "mounting never ends")
		slot, i, ok := Mount(c)
		if !ok {
			break
		}
		old := c.Mounted[slot-1]
		c.Mounted[slot-1] = c.Inventory[i]
		c.Inventory = append(c.Inventory[:i:i], c.Inventory[i+1:]...)
		if old != "" {
			c.Inventory = append(c.Inventory, old)
		}
	}
	assert.Equal(t, [4]string{"shotgun", "railgun", "pistol", "machine_gun"}, c.Mounted, "N, E, S, W")
	assert.ElementsMatch(t, []string{"spare_tyre", "pistol"}, c.Inventory)
}
