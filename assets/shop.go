package assets

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

const shopFile = "shop.toml"

// OfferKind says what buying an offer does.
type OfferKind string

// The kinds of offer.
const (
	OfferGun        OfferKind = "gun"        // a gun goes into the inventory
	OfferConsumable OfferKind = "consumable" // a consumable goes into the inventory
	OfferRepair     OfferKind = "repair"     // a stat is restored at once
	OfferArmour     OfferKind = "armour"     // the armour is set to a level at once
)

// Stat is a part of the van that repairs restore.
type Stat string

// The stats that can be repaired.
const (
	StatEngine Stat = "engine"
	StatTyres  Stat = "tyres"
)

var (
	offerKinds = []OfferKind{OfferGun, OfferConsumable, OfferRepair, OfferArmour}
	stats      = []Stat{StatEngine, StatTyres}
)

// Consumable is an item carried in the inventory and used on the road, only
// while the van stands still.
type Consumable struct {
	ID          string `toml:"id"`
	Name        string `toml:"name"`
	Description string `toml:"description"`
	Restores    Stat   `toml:"restores"`
	Amount      int    `toml:"amount"`
	Price       int    `toml:"price"`
}

// Offer is one thing the shop can stock. After LoadShop, Name, Description
// and Price are filled in for every kind, from guns.toml for guns and from
// the consumable for consumables (which also fill Restores and Amount).
type Offer struct {
	ID         string    `toml:"id"`
	Kind       OfferKind `toml:"kind"`
	Weight     int       `toml:"weight"`     // share of the draw
	Gun        string    `toml:"gun"`        // OfferGun: gun id
	Consumable string    `toml:"consumable"` // OfferConsumable: consumable id
	Restores   Stat      `toml:"restores"`   // OfferRepair: what is restored
	Amount     int       `toml:"amount"`     // OfferRepair: by how much, at most
	// PricePerPoint, on a repair, prices it by the damage: Price is then a
	// call-out fee and each point the repair puts back costs this much more.
	PricePerPoint int    `toml:"price_per_point"`
	Level         int    `toml:"level"` // OfferArmour: the armour level it sets
	Name          string `toml:"name"`
	Description   string `toml:"description"`
	Price         int    `toml:"price"`
}

// Shop holds the shop's stock rules, as read from shop.toml and completed
// by LoadShop.
type Shop struct {
	StockMin int `toml:"stock_min"`
	StockMax int `toml:"stock_max"`
	// Always lists offer ids every camp lays out, whatever the draw: they
	// count toward the stock's size, and the rest is drawn by weight.
	Always      []string     `toml:"always"`
	Consumables []Consumable `toml:"consumable"`
	Offers      []Offer      `toml:"offer"`
}

// shopSpec is the shop as the file writes it: gun and consumable offers name
// their source instead of repeating its name, description and price.
type shopSpec Shop

// LoadShop reads the embedded shop.toml strictly, validates it and fills in
// gun offers from guns and consumable offers from their consumable.
func LoadShop(guns Guns) (Shop, error) {
	var spec shopSpec
	if err := loadEmbedded(shopFile, &spec); err != nil {
		return Shop{}, err
	}
	s := Shop(spec)
	if err := s.resolve(guns); err != nil {
		return Shop{}, fmt.Errorf("%s: %w", shopFile, err)
	}
	return s, nil
}

// Consumable returns the consumable with the given id, and false if there is
// none.
func (s Shop) Consumable(id string) (Consumable, bool) { return byID(s.Consumables, id) }

// Offer returns the offer with the given id, and false if there is none.
func (s Shop) Offer(id string) (Offer, bool) { return byID(s.Offers, id) }

func (c Consumable) identity() string { return c.ID }

// Points returns how many points a repair puts back on a part that lacks
// missing points: its amount at most.
func (o Offer) Points(missing int) int { return max(min(o.Amount, missing), 0) }

// PriceFor returns what the offer costs a van whose part that it restores
// lacks missing points: the fixed price, or for a repair priced per point
// the call-out fee and the points it would put back.
func (o Offer) PriceFor(missing int) int {
	return o.Price + o.PricePerPoint*o.Points(missing)
}

func (o Offer) identity() string { return o.ID }

// TotalWeight returns the sum of all offers' weights.
func (s Shop) TotalWeight() int {
	total := 0
	for _, o := range s.Offers {
		total += o.Weight
	}
	return total
}

// Stock draws a fresh stock: between StockMin and StockMax offers, the
// Always offers first, then the rest each drawn on its own by weight, so
// duplicates can happen. It uses only r.
func (s Shop) Stock(r *rand.Rand) []Offer {
	n := s.StockMin + r.IntN(s.StockMax-s.StockMin+1)
	total := s.TotalWeight()
	stock := make([]Offer, 0, n)
	for _, id := range s.Always {
		o, _ := s.Offer(id)
		stock = append(stock, o)
	}
	for len(stock) < n {
		stock = append(stock, s.pick(r.IntN(total)))
	}
	return stock
}

// pick returns the offer that a roll in 0..TotalWeight()-1 lands on.
func (s Shop) pick(roll int) Offer {
	for _, o := range s.Offers {
		if roll < o.Weight {
			return o
		}
		roll -= o.Weight
	}
	return s.Offers[len(s.Offers)-1]
}

// resolve copies name, description and price into gun offers, and those and
// what it restores into consumable offers.
func (s *Shop) resolve(guns Guns) error {
	var p problems
	for i, o := range s.Offers {
		switch o.Kind {
		case OfferGun:
			gun, ok := guns.Get(o.Gun)
			if !ok {
				p.addf("offer %q sells gun %q, which guns.toml does not define", o.ID, o.Gun)
				continue
			}
			s.Offers[i].Name, s.Offers[i].Description, s.Offers[i].Price = gun.Name, gun.Description, gun.Price
		case OfferConsumable:
			c, _ := s.Consumable(o.Consumable) // Validate has checked it exists
			s.Offers[i].Name, s.Offers[i].Description, s.Offers[i].Price = c.Name, c.Description, c.Price
			s.Offers[i].Restores, s.Offers[i].Amount = c.Restores, c.Amount
		}
	}
	return p.err()
}

// Validate reports a stock range that is empty or inverted, malformed or
// duplicate ids, consumables without a name, a stat or a price, offers
// without a positive weight, and offers whose fields do not fit their kind.
// Gun offers are checked against guns.toml by LoadShop.
func (s shopSpec) Validate() error {
	var p problems
	p.atLeast("stock_min", s.StockMin, 1)
	p.atLeast("stock_max", s.StockMax, s.StockMin)
	eachEntry(&p, "consumable", s.Consumables, func(c Consumable, where string) { c.validate(&p, where) })
	if len(s.Offers) == 0 {
		p.addf("no offers defined")
	}
	eachEntry(&p, "offer", s.Offers, func(o Offer, where string) { Shop(s).validateOffer(&p, o, where) })
	if len(s.Always) > s.StockMin {
		p.addf("always lists %d offers, more than stock_min %d", len(s.Always), s.StockMin)
	}
	for _, id := range s.Always {
		if _, ok := Shop(s).Offer(id); !ok {
			p.addf("always names %q, which is no offer", id)
		}
	}
	return p.err()
}

func (c Consumable) validate(p *problems, where string) {
	p.nonEmpty(where+" name", c.Name)
	p.nonEmpty(where+" description", c.Description)
	validateStat(p, where, c.Restores)
	p.atLeast(where+" amount", c.Amount, 1)
	p.atLeast(where+" price", c.Price, 1)
}

func validateStat(p *problems, where string, s Stat) {
	if !slices.Contains(stats, s) {
		p.addf("%s restores %q, must be one of %v", where, s, stats)
	}
}

func (s Shop) validateOffer(p *problems, o Offer, where string) {
	p.atLeast(where+" weight", o.Weight, 1)
	if !slices.Contains(offerKinds, o.Kind) {
		p.addf("%s kind %q must be one of %v", where, o.Kind, offerKinds)
		return
	}
	want := o.expectedFields()
	o.checkFields(p, where, want)
	switch o.Kind {
	case OfferGun:
		p.id(where+" gun", o.Gun)
	case OfferConsumable:
		if _, ok := s.Consumable(o.Consumable); !ok {
			p.addf("%s sells consumable %q, which is not defined", where, o.Consumable)
		}
	case OfferRepair:
		validateStat(p, where, o.Restores)
		p.atLeast(where+" amount", o.Amount, 1)
		p.atLeast(where+" price", o.Price, 1)
		p.atLeast(where+" price_per_point", o.PricePerPoint, 0)
	case OfferArmour:
		p.atLeast(where+" level", o.Level, 1)
		p.atLeast(where+" price", o.Price, 1)
	}
}

// offerField is one optional field of an offer, set or not.
type offerField struct {
	name string
	set  bool
}

// fields lists the optional fields of an offer and whether each is set.
func (o Offer) fields() []offerField {
	return []offerField{
		{"gun", o.Gun != ""},
		{"consumable", o.Consumable != ""},
		{"restores", o.Restores != ""},
		{"amount", o.Amount != 0},
		{"level", o.Level != 0},
		{"name", o.Name != ""},
		{"description", o.Description != ""},
		{"price", o.Price != 0},
		{"price_per_point", o.PricePerPoint != 0},
	}
}

// expectedFields returns the optional fields an offer of its kind must set;
// it must leave every other one out.
func (o Offer) expectedFields() []string {
	switch o.Kind {
	case OfferGun:
		return []string{"gun"}
	case OfferConsumable:
		return []string{"consumable"}
	case OfferRepair:
		return []string{"restores", "amount", "name", "description", "price"}
	case OfferArmour:
		return []string{"level", "name", "description", "price"}
	}
	return nil
}

// mayFields returns the optional fields an offer of its kind may set or
// leave out.
func (o Offer) mayFields() []string {
	if o.Kind == OfferRepair {
		return []string{"price_per_point"}
	}
	return nil
}

// checkFields records a problem for each optional field that is set but does
// not belong to the offer's kind, or belongs but is missing.
func (o Offer) checkFields(p *problems, where string, want []string) {
	may := o.mayFields()
	for _, f := range o.fields() {
		wanted := slices.Contains(want, f.name)
		switch {
		case slices.Contains(may, f.name):
		case wanted && !f.set:
			p.addf("%s (kind %s) needs %s", where, o.Kind, f.name)
		case !wanted && f.set:
			p.addf("%s (kind %s) must not set %s", where, o.Kind, f.name)
		}
	}
}
