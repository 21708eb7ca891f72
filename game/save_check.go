package game

import (
	"fmt"
	"math"
	"slices"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Bounds on values a save may hold. They are far above anything play
// reaches and keep a hand-edited file from making a turn loop for ages
// (damage is dealt point by point) or from overflowing sums.
const (
	maxSavedDelivery = 100_000
	maxSavedCount    = math.MaxInt32 // money, kills, turns and the like
	maxSavedStat     = 1000          // a stat's maximum, damage, speed, letters
)

// checkSavedRun checks the campaign part of a save.
func (g *Game) checkSavedRun() error {
	r := &g.Run
	if r.Phase > act.PhaseOver {
		return fmt.Errorf("unknown phase %d", r.Phase)
	}
	if r.Delivery < 0 || r.Delivery > maxSavedDelivery {
		return fmt.Errorf("delivery %d outside 0..%d", r.Delivery, maxSavedDelivery)
	}
	for _, c := range []struct {
		name string
		v    int
	}{{"money earned", r.Earned}, {"letters", r.Letters}, {"kills", r.Kills},
		{"turns", r.Turns}, {"explosions", r.Explosions}, {"purchases", r.Purchases}, {"last pay", r.LastPay}} {
		if c.v < 0 || c.v > maxSavedCount {
			return fmt.Errorf("%s %d outside 0..%d", c.name, c.v, maxSavedCount)
		}
	}
	if won := r.Delivery >= g.data.Campaign.DeliveriesToWin; r.Won != won {
		return fmt.Errorf("won is %t after %d deliveries", r.Won, r.Delivery)
	}
	return g.checkCause()
}

func (g *Game) checkCause() error {
	r := &g.Run
	switch {
	case r.Phase != act.PhaseOver && r.Cause != "":
		return fmt.Errorf("cause %q for a run still going", r.Cause)
	case r.Phase == act.PhaseOver && !act.IsCause(r.Cause):
		return fmt.Errorf("unknown cause of end %q", r.Cause)
	}
	return nil
}

// checkItems checks that the inventory and the shop's stock hold only
// known things, in a rank order that can be listed.
func (g *Game) checkItems() error {
	w := g.world
	for _, e := range vocab.Item.Entities(w) {
		if id := vocab.Item.Value(w, e); !g.knownItem(id) {
			return fmt.Errorf("inventory item #%d: unknown item %q", e, id)
		}
	}
	for _, e := range vocab.Offer.Entities(w) {
		if id := vocab.Offer.Value(w, e); !g.knownOffer(id) {
			return fmt.Errorf("shop offer #%d: unknown offer %q", e, id)
		}
	}
	for _, e := range vocab.Rank.Entities(w) {
		if r := vocab.Rank.Value(w, e); r < 0 || r > maxSavedCount {
			return fmt.Errorf("entity #%d: rank %d outside 0..%d", e, r, maxSavedCount)
		}
		if !vocab.Item.Has(w, e) && !vocab.Offer.Has(w, e) {
			return fmt.Errorf("entity #%d has a rank but is neither an item nor an offer", e)
		}
	}
	return nil
}

func (g *Game) checkSlots(whose string, s vocab.Slots) error {
	for i, id := range s {
		if id != "" && !g.knownGun(id) {
			return fmt.Errorf("%s gun slot %d: unknown gun %q", whose, i, id)
		}
	}
	return nil
}

// checkStats checks 0 <= Cur <= Max <= maxSavedStat for each stat.
func checkStats(whose string, stats ...vocab.Stat) error {
	for _, s := range stats {
		if s.Cur < 0 || s.Cur > s.Max || s.Max > maxSavedStat {
			return fmt.Errorf("%s stat %d/%d out of range", whose, s.Cur, s.Max)
		}
	}
	return nil
}

// checkSavedWorld checks the restored entities: the van is there and
// complete, every entity's data is in range and names only known guns and
// kinds, nothing is in flight, and on the road the invariants of a state
// between turns hold (the spatial index, the schedule, the van's stats).
func (g *Game) checkSavedWorld() error {
	if err := g.checkSavedVan(); err != nil {
		return err
	}
	w := g.world
	for _, check := range []func() error{g.checkSavedKinds, g.checkSavedPositions, g.checkSavedValues,
		g.checkItems, g.checkRun} {
		if err := check(); err != nil {
			return err
		}
	}
	if n := w.Count(vocab.Velocity.ID()) + vocab.ProjectileCount(w); n > 0 {
		return fmt.Errorf("%d things in flight between turns", n)
	}
	// A run given up at a camp ends there, so only the road and the camp
	// are sure of where the van is.
	if atCamp := vocab.AtCamp.Has(w, g.env.Van); g.Run.Phase != act.PhaseOver && atCamp != (g.Run.Phase == act.PhaseCamp) {
		return fmt.Errorf("the van at a camp is %t in phase %s", atCamp, g.Run.Phase)
	}
	if g.Run.Phase != act.PhaseRoad {
		return nil
	}
	if vocab.Dead.Has(w, g.env.Van) || vocab.Arrived.Has(w, g.env.Van) || vocab.Retired.Has(w, g.env.Van) {
		return fmt.Errorf("the van's delivery is over but the run is on the road")
	}
	if err := g.restoreSleepers(); err != nil {
		return err
	}
	return g.CheckInvariants()
}

// vanParts are the components the van always has, and roadParts those it
// has on a road.
var (
	vanParts = []ecs.ID{vocab.HP.ID(), vocab.Engine.ID(), vocab.Tyres.ID(), vocab.Armour.ID(),
		vocab.Guns.ID(), vocab.Money.ID(), vocab.Vehicle.ID(), vocab.Hittable.ID()}
	roadParts = []ecs.ID{vocab.Position.ID(), vocab.Speed.ID(), vocab.TopSpeed.ID(), vocab.Letters.ID()}
)

func (g *Game) checkSavedVan() error {
	w, v := g.world, g.env.Van
	if v == 0 || !vocab.Player.Has(w, v) || vocab.KindOf.Value(w, v) != vocab.KindVan {
		return fmt.Errorf("entity #%d is not the van", v)
	}
	if n := w.Count(vocab.Player.ID()); n != 1 {
		return fmt.Errorf("%d vans in the world", n)
	}
	has := w.Components(v, nil)
	parts := vanParts
	if g.Run.Phase == act.PhaseRoad {
		parts = append(slices.Clone(vanParts), roadParts...)
	}
	for _, id := range parts {
		if !slices.Contains(has, id) {
			return fmt.Errorf("the van lacks component %s", w.Schema().Name(id))
		}
	}
	return nil
}

// knownKind reports whether k is a built-in kind or one of the data's
// enemies.
func (g *Game) knownKind(k vocab.Kind) bool {
	_, ok := vocab.KindID(&g.data.Enemies, k)
	return ok
}

// checkSavedKinds checks that every kind is known and that what acts or
// can die is an enemy the assets describe, as the turn loop expects.
func (g *Game) checkSavedKinds() error {
	w := g.world
	for _, e := range vocab.KindOf.Entities(w) {
		if k := vocab.KindOf.Value(w, e); k == vocab.KindNone || !g.knownKind(k) {
			return fmt.Errorf("entity #%d has unknown kind %d", e, k)
		}
	}
	for _, e := range vocab.Enemy.Entities(w) {
		k := vocab.KindOf.Value(w, e)
		if !g.env.IsEnemy(k) {
			return fmt.Errorf("enemy #%d is a %s", e, k)
		}
		if !vocab.Position.Has(w, e) || !vocab.HP.Has(w, e) {
			return fmt.Errorf("enemy #%d lacks a position or hit points", e)
		}
	}
	for _, e := range vocab.HP.Entities(w) {
		if e != g.env.Van && !vocab.Enemy.Has(w, e) {
			return fmt.Errorf("entity #%d has hit points but is neither the van nor an enemy", e)
		}
	}
	return nil
}

func (g *Game) checkSavedPositions() error {
	w := g.world
	for _, e := range vocab.Position.Entities(w) {
		if p := vocab.Position.Value(w, e); !p.In(g.level.W, g.level.H) {
			return fmt.Errorf("entity #%d at %d,%d, off the %dx%d road", e, p.X, p.Y, g.level.W, g.level.H)
		}
	}
	for _, e := range vocab.Steering.Entities(w) {
		if d := vocab.Steering.Value(w, e); d != geom.North && d != geom.South {
			return fmt.Errorf("entity #%d steers %s", e, d)
		}
	}
	return nil
}

// checkSavedValues checks the numbers and ids entities carry.
func (g *Game) checkSavedValues() error {
	w := g.world
	for _, c := range []ecs.Data[vocab.Stat]{vocab.HP, vocab.Engine, vocab.Tyres} {
		for _, e := range c.Entities(w) {
			if err := checkStats(fmt.Sprintf("entity #%d", e), c.Value(w, e)); err != nil {
				return err
			}
		}
	}
	for _, c := range []ecs.Data[int]{vocab.Damage, vocab.Speed, vocab.TopSpeed, vocab.Letters, vocab.Money} {
		for _, e := range c.Entities(w) {
			limit := maxSavedStat
			if c == vocab.Money {
				limit = maxSavedCount
			}
			if v := c.Value(w, e); v < 0 || v > limit {
				return fmt.Errorf("entity #%d: %s %d outside 0..%d", e, w.Schema().Name(c.ID()), v, limit)
			}
		}
	}
	for _, e := range vocab.Armour.Entities(w) {
		if a := vocab.Armour.Value(w, e); a < 0 || a > g.data.Van.MaxArmour {
			return fmt.Errorf("entity #%d: armour %d outside 0..%d", e, a, g.data.Van.MaxArmour)
		}
	}
	for _, e := range vocab.Guns.Entities(w) {
		if err := g.checkSlots(fmt.Sprintf("entity #%d", e), vocab.Guns.Value(w, e)); err != nil {
			return err
		}
	}
	for _, e := range vocab.Gun.Entities(w) {
		if id := vocab.Gun.Value(w, e); !g.knownGun(id) {
			return fmt.Errorf("entity #%d fired unknown gun %q", e, id)
		}
	}
	return nil
}

func (g *Game) knownGun(id string) bool {
	_, ok := g.data.Guns.Get(id)
	return ok
}

// knownItem reports whether id is a gun or consumable the data knows.
func (g *Game) knownItem(id string) bool {
	_, kit := g.data.Shop.Consumable(id)
	return kit || g.knownGun(id)
}

func (g *Game) knownOffer(id string) bool {
	_, ok := g.data.Shop.Offer(id)
	return ok
}
