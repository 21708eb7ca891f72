package ai

import (
	"slices"

	"lastpost/ecs/geom"
)

// The kinds of repair an Offer can be, by the stat it puts back.
const (
	RepairEngine = "repair_engine"
	RepairTyres  = "change_tyre"
)

// Offer is one item on sale at the camp. Kind is "gun", RepairEngine,
// RepairTyres, "armour", or a kit's Item name (SpareTyre, EngineKit), as
// the caller reads them from the offer's data; ID names the item (a gun's
// id, or the kit's Item name); Price is what it costs this van; Level is the armour level an
// "armour" offer sets; Points is how many points a repair would put back
// on this van, so repairs priced by the damage compare point for point.
type Offer struct {
	Kind   string
	ID     string
	Price  int
	Level  int
	Points int
}

// Camp is what the autoplay shopper knows at a survivor camp. Inventory
// lists the items carried, guns by id and kits by their Item name; Mounted holds the gun id on each side indexed by Dir-1
// (North, East, South, West), "" when empty. GunRanks rates every gun the
// game knows by id, higher for a better gun; the caller derives it from the
// guns' data, so a gun added to the data is ranked without code here.
type Camp struct {
	Money             int
	Offers            []Offer
	Engine, MaxEngine int
	Tyres, MaxTyres   int
	Armour            int
	InventoryFree     int
	Inventory         []string
	Mounted           [4]string
	GunRanks          map[string]int
}

// Shopping constants.
const (
	upgradeReserve = 20 // money kept back from guns and armour: two repairs next time
	kitsWanted     = 2  // spare tyres and engine kits carried of each kind
)

// gunRank orders the guns from worst to best by c.GunRanks; ids it does
// not rank (items that are not guns, empty sides) rank 0 and are never
// bought. Only the order of the ranks matters, never their size.
func (c Camp) gunRank(id string) int {
	if r := c.GunRanks[id]; r > 0 {
		return r
	}
	return 0
}

// Shop returns the index in c.Offers of the next thing to buy, or -1 to stop.
// The caller applies the purchase and asks again. Priorities: repair the
// engine and tyres while damaged (the weaker first, the engine on a tie),
// with the repair that costs least a point; a gun that would improve the
// four guns the van can carry, best first; the highest armour level above
// the current one; spare tyres and engine kits up to two of each. Guns and
// armour leave upgradeReserve in hand. Guns and kits need a free inventory
// slot; repairs and armour are fitted on the spot. Ties go to the earlier
// offer.
func Shop(c Camp) int {
	for _, pick := range [...]func(Camp) int{shopRepair, shopGun, shopArmour, shopKit} {
		if i := pick(c); i >= 0 {
			return i
		}
	}
	return -1
}

// firstOffer returns the index of the first offer of kind that costs at most
// budget, or -1.
func firstOffer(c Camp, kind string, budget int) int {
	for i, o := range c.Offers {
		if o.Kind == kind && o.Price <= budget {
			return i
		}
	}
	return -1
}

func shopRepair(c Camp) int {
	order := [2]string{RepairEngine, RepairTyres}
	if c.Tyres*c.MaxEngine < c.Engine*c.MaxTyres {
		order[0], order[1] = order[1], order[0]
	}
	for _, kind := range order {
		if needsRepair(c, kind) {
			if i := cheapestRepair(c, kind); i >= 0 {
				return i
			}
		}
	}
	return -1
}

// cheapestRepair returns the index of the affordable repair of kind that
// costs least a point it puts back, the one that puts back more on a tie,
// or -1.
func cheapestRepair(c Camp, kind string) int {
	best := -1
	for i, o := range c.Offers {
		if o.Kind != kind || o.Points <= 0 || o.Price > c.Money {
			continue
		}
		if best < 0 || cheaperPerPoint(o, c.Offers[best]) {
			best = i
		}
	}
	return best
}

// cheaperPerPoint reports whether repair a costs less a point than b, or as
// much but puts back more.
func cheaperPerPoint(a, b Offer) bool {
	if x, y := a.Price*b.Points, b.Price*a.Points; x != y {
		return x < y
	}
	return a.Points > b.Points
}

// needsRepair reports whether a repair of kind would have any effect.
func needsRepair(c Camp, kind string) bool {
	if kind == RepairEngine {
		return c.Engine < c.MaxEngine
	}
	return c.Tyres < c.MaxTyres
}

func shopGun(c Camp) int {
	if c.InventoryFree <= 0 {
		return -1
	}
	floor := weakestKeptGun(c)
	best := -1
	for i, o := range c.Offers {
		if o.Kind != "gun" || c.gunRank(o.ID) <= floor || o.Price > c.Money-upgradeReserve {
			continue
		}
		if best < 0 || c.betterBuy(o, c.Offers[best]) {
			best = i
		}
	}
	return best
}

// betterBuy prefers the higher-ranked gun, then the cheaper one.
func (c Camp) betterBuy(a, b Offer) bool {
	if ra, rb := c.gunRank(a.ID), c.gunRank(b.ID); ra != rb {
		return ra > rb
	}
	return a.Price < b.Price
}

// weakestKeptGun is the rank a new gun must beat to be worth buying: the
// fourth best of the guns the van owns (mounted or carried), or 0 when it
// owns fewer than four and a new one would fill an empty side.
func weakestKeptGun(c Camp) int {
	var ranks []int
	for _, id := range c.Mounted {
		if r := c.gunRank(id); r > 0 {
			ranks = append(ranks, r)
		}
	}
	for _, id := range c.Inventory {
		if r := c.gunRank(id); r > 0 {
			ranks = append(ranks, r)
		}
	}
	if len(ranks) < len(c.Mounted) {
		return 0
	}
	slices.Sort(ranks)
	return ranks[len(ranks)-len(c.Mounted)]
}

func shopArmour(c Camp) int {
	best := -1
	for i, o := range c.Offers {
		if o.Kind != "armour" || o.Level <= c.Armour || o.Price > c.Money-upgradeReserve {
			continue
		}
		if best < 0 || o.Level > c.Offers[best].Level ||
			(o.Level == c.Offers[best].Level && o.Price < c.Offers[best].Price) {
			best = i
		}
	}
	return best
}

func shopKit(c Camp) int {
	if c.InventoryFree <= 0 {
		return -1
	}
	tyre, engine := SpareTyre.String(), EngineKit.String()
	order := [2]string{tyre, engine}
	if count(c.Inventory, engine) < count(c.Inventory, tyre) {
		order[0], order[1] = order[1], order[0]
	}
	for _, kind := range order {
		if count(c.Inventory, kind) < kitsWanted {
			if i := firstOffer(c, kind, c.Money); i >= 0 {
				return i
			}
		}
	}
	return -1
}

// count returns how many times id occurs in ids.
func count(ids []string, id string) int {
	n := 0
	for _, x := range ids {
		if x == id {
			n++
		}
	}
	return n
}

// mountOrder ranks the sides by how much a gun there matters: the van drives
// east into most enemies, bandits chase from behind, and the sides see least.
var mountOrder = [4]geom.Dir{geom.East, geom.West, geom.North, geom.South}

// Mount returns the next garage move: put the inventory gun at invIndex on
// side slot, swapping any gun there back into the inventory. It takes the
// best carried gun and the most important side (front, rear, left, right)
// that is empty or holds a worse gun. ok is false when no carried gun would
// improve any side. Each move raises one side's gun, so calling Mount until
// ok is false ends.
func Mount(c Camp) (slot geom.Dir, invIndex int, ok bool) {
	best, bestRank := -1, 0
	for i, id := range c.Inventory {
		if r := c.gunRank(id); r > bestRank {
			best, bestRank = i, r
		}
	}
	if best < 0 {
		return geom.None, -1, false
	}
	for _, d := range mountOrder {
		if c.gunRank(c.Mounted[d-1]) < bestRank {
			return d, best, true
		}
	}
	return geom.None, -1, false
}
