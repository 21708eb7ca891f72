package game

import (
	"fmt"
	"slices"

	"lastpost/ai"
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Bot plays the van the way a careful person would: on the road it reads
// what the driver can see and asks ai.Drive; at a camp it shops with ai.Shop,
// fits guns with ai.Mount and then departs. It remembers only the last
// command and whether it was refused, so a refused command is never
// repeated in a loop.
type Bot struct {
	// Style is how the bot plays; the zero value is the careful bot.
	Style BotStyle

	last    Command
	refused bool

	// Scratch lists reused every turn, so driving allocates nothing.
	offers []ai.Offer
	sit    ai.Situation
	// ranks rates the guns of ranksOf, made at the first camp of a game
	// with that data: the data never changes during a run.
	ranks   map[string]int
	ranksOf *assets.Data
	// offerAt places each offer id of offersOf's shop in its list: a camp
	// move reads every offer on sale, and the shop's own look-up walks
	// the list copying each offer it passes.
	offerAt  map[string]int
	offersOf *assets.Data
	// guns is what the driver knows of the guns gunIDs names, side by
	// side, read again only when a gun is mounted or taken off.
	guns   [4]ai.GunInfo
	gunIDs [4]string
	gunsOf *assets.Data
	// kits is which kits the items kitsIn name hold, read again only when
	// the items change: most turns the van carries what it carried.
	kits   [2]bool
	kitsIn []string
	kitsOf *assets.Data
	// things tells, for each enemy kind, 1 + the driver's ThingKind for it
	// under the data thingsOf, or 0 while not yet looked up.
	things   [256]uint8
	thingsOf *assets.Data
}

// BotStyle is how the bot plays. The careful bot is the bar a player
// should reach; the reckless one, the floor: what the game does to a run
// that makes no choices.
type BotStyle uint8

// The bot's styles.
const (
	// BotCareful drives with ai.Drive and shops with ai.Shop.
	BotCareful BotStyle = iota
	// BotReckless drives flat out, never brakes, never mends the van on the
	// road and never buys repairs, kits or armour: only guns.
	BotReckless
)

// BotStyleNamed returns the style named name: "careful" or "reckless".
func BotStyleNamed(name string) (BotStyle, bool) {
	switch name {
	case "careful":
		return BotCareful, true
	case "reckless":
		return BotReckless, true
	}
	return BotCareful, false
}

// KnownBotStyle reports whether name is a style of the bot.
func KnownBotStyle(name string) bool {
	_, ok := BotStyleNamed(name)
	return ok
}

// Next returns the bot's command for where g stands.
func (b *Bot) Next(g *Game) Command {
	var c, fallback Command
	switch g.Phase() {
	case act.PhaseRoad:
		c, fallback = b.drive(g), Command{Kind: CmdWait}
	default:
		c, fallback = b.camp(g), Command{Kind: CmdDepart}
	}
	if b.refused && c == b.last {
		return fallback
	}
	return c
}

// Observe tells the bot what became of its command.
func (b *Bot) Observe(c Command, r Result) {
	b.last, b.refused = c, !r.Took
}

// drive turns ai.Drive's order for this turn into a command.
func (b *Bot) drive(g *Game) Command {
	o := ai.Drive(b.situation(g))
	if b.Style == BotReckless {
		o = recklessly(o)
	}
	switch o.Kind {
	case ai.Accelerate:
		return Command{Kind: CmdAccelerate}
	case ai.Decelerate:
		return Command{Kind: CmdDecelerate}
	case ai.Steer:
		if o.Dir.Vec().Y < 0 {
			return Command{Kind: CmdSteerUp}
		}
		return Command{Kind: CmdSteerDown}
	case ai.Fire:
		return Command{Kind: CmdFire, Dir: o.Dir}
	case ai.Use:
		if i := kitIndex(&g.data.Shop, g.Inventory(), o.Item); i >= 0 {
			return Command{Kind: CmdUse, Index: i}
		}
	}
	return Command{Kind: CmdWait}
}

// carriesKits reports whether the van carries a spare tyre and an engine
// kit, as the driver calls them. The bot asks every turn, so it reads the
// item store rather than list the inventory, and looks the items up in the
// shop only when they differ from the last turn's.
func (b *Bot) carriesKits(g *Game) (spareTyre, engineKit bool) {
	items := vocab.Item.Values(g.world)
	if b.kitsOf != g.data || !slices.Equal(items, b.kitsIn) {
		b.kitsIn, b.kitsOf = append(b.kitsIn[:0], items...), g.data
		b.kits = [2]bool{}
		for _, id := range items {
			switch kitItem(&g.data.Shop, id) {
			case ai.SpareTyre:
				b.kits[0] = true
			case ai.EngineKit:
				b.kits[1] = true
			}
		}
	}
	return b.kits[0], b.kits[1]
}

// gunInfo tells the driver the van's guns, side by side. It looks a gun
// up in the data only when the mounted guns differ from the last turn's.
func (b *Bot) gunInfo(g *Game) [4]ai.GunInfo {
	ids := vocab.Guns.Value(g.world, g.env.Van)
	if ids == b.gunIDs && b.gunsOf == g.data {
		return b.guns
	}
	b.gunIDs, b.gunsOf = ids, g.data
	for i, id := range ids {
		b.guns[i] = ai.GunInfo{}
		if id != "" {
			b.guns[i] = ai.GunInfo{Mounted: true, Range: g.env.Gun(id).Range}
		}
	}
	return b.guns
}

// recklessly turns a careful order into the reckless bot's: never slow
// down, never stop to mend.
func recklessly(o ai.Order) ai.Order {
	switch o.Kind {
	case ai.Decelerate:
		return ai.Order{Kind: ai.Accelerate}
	case ai.Use:
		return ai.Order{Kind: ai.Accelerate}
	}
	return o
}

// kitIndex returns the index in inv of the first kit the driver calls
// item, or -1.
func kitIndex(shop *assets.Shop, inv []string, item ai.Item) int {
	for i, id := range inv {
		if kitItem(shop, id) == item {
			return i
		}
	}
	return -1
}

// kitItem is what the driver calls the item id: a kit by the stat its data
// says it puts back, whatever its id, or NoItem for anything else.
func kitItem(shop *assets.Shop, id string) ai.Item {
	if k, ok := shop.Consumable(id); ok {
		return kitFor(k.Restores)
	}
	return ai.NoItem
}

// kitFor is the driver's name for a kit that puts back the stat.
func kitFor(s assets.Stat) ai.Item {
	switch s {
	case assets.StatTyres:
		return ai.SpareTyre
	case assets.StatEngine:
		return ai.EngineKit
	}
	return ai.NoItem
}

// situation reads what the driver knows this turn: the van, its guns and
// items, and the enemies (those it reads), letters and barrels within
// sight.
func (b *Bot) situation(g *Game) ai.Situation {
	w, v := g.world, g.env.Van
	pos := vocab.Position.Value(w, v)
	engine, tyres := vocab.Engine.Value(w, v), vocab.Tyres.Value(w, v)
	s := &b.sit
	*s = ai.Situation{
		Map: g.view, Van: pos,
		// The driver reads what the map would say from the spatial index
		// and the floor directly: it asks about thirty cells a turn.
		Ground: ai.Ground{Set: true, Solid: w.Spatial().CountGrid(vocab.Solid.ID()), Terrain: g.level.Terrain},
		Speed:  vocab.Speed.Value(w, v), MaxSpeed: vocab.TopSpeed.Value(w, v),
		Tyres: tyres.Cur, MaxTyres: tyres.Max, Engine: engine.Cur, MaxEngine: engine.Max,
		GoalX: g.level.GoalX(), RoadTop: g.data.LevelGen.RoadTop, RoadBottom: g.data.LevelGen.RoadBottom,
		Guns:    b.gunInfo(g),
		Enemies: s.Enemies[:0],
		Letters: s.Letters[:0],
		Barrels: s.Barrels[:0],
	}
	s.HasSpareTyre, s.HasEngineKit = b.carriesKits(g)
	vision := g.data.Van.Vision
	// The columns read positions and kinds without finding the store each
	// time: the loops below read every enemy, letter and barrel on the road.
	at, kinds := vocab.Position.Column(w), vocab.KindOf.Column(w)
	if b.thingsOf != g.data {
		b.things, b.thingsOf = [256]uint8{}, g.data
	}
	// The driver reads only the enemies on the van's rows and column
	// unless a repair is due (see ai.Situation): the kinds of the others
	// in sight, most of them, are not looked up.
	all := s.RepairItem() != ai.NoItem
	for _, e := range vocab.Enemy.Entities(w) {
		p, ok := at.Get(e)
		if !ok || !all && uint(p.Y-pos.Y+1) > 2 && p.X != pos.X || !ai.Sees(pos, p, vision) {
			continue
		}
		k, _ := kinds.Get(e)
		t := b.things[k]
		if t == 0 {
			t = b.lookUpThing(g, k)
		}
		s.Enemies = append(s.Enemies, ai.Thing{Kind: ai.ThingKind(t - 1), At: p})
	}
	for _, e := range vocab.Letter.Entities(w) {
		if p, ok := at.Get(e); ok && ai.Sees(pos, p, vision) {
			s.Letters = append(s.Letters, p)
		}
	}
	for _, e := range vocab.Explosive.Entities(w) {
		if p, ok := at.Get(e); ok && ai.Sees(pos, p, vision) {
			s.Barrels = append(s.Barrels, p)
		}
	}
	return *s
}

// lookUpThing notes in b.things, and returns, 1 + thingKind for the
// enemies of kind k: the situation reads the table for every enemy in
// sight every turn, and looks a kind up in the data only the first time.
func (b *Bot) lookUpThing(g *Game, k vocab.Kind) uint8 {
	b.things[k] = uint8(thingKind(g.env.Enemy(k))) + 1
	return b.things[k]
}

// thingKind tells the driver what an enemy is by the AI that drives it,
// which is what its danger depends on.
func thingKind(e *assets.Enemy) ai.ThingKind {
	switch e.Behaviour {
	case assets.BehaviourCar:
		return ai.CarThing
	case assets.BehaviourBike:
		return ai.BikeThing
	}
	return ai.ZombieThing
}

// camp decides one camp move: buy, then fit guns, then leave.
func (b *Bot) camp(g *Game) Command {
	c := b.campView(g)
	index := func(i int) int { return i }
	if b.Style == BotReckless {
		c, index = gunsOnly(c)
	}
	if i := ai.Shop(c); i >= 0 {
		return Command{Kind: CmdBuy, Index: index(i)}
	}
	if d, inv, ok := ai.Mount(c); ok {
		return Command{Kind: CmdMount, Dir: d, Index: inv}
	}
	return Command{Kind: CmdDepart}
}

// campView tells the shopper what the camp offers and what the van has.
func (b *Bot) campView(g *Game) ai.Camp {
	van, inv := g.VanState(), g.Inventory()
	b.offers = b.offers[:0]
	if b.offersOf != g.data {
		b.offerAt, b.offersOf = offerPlaces(&g.data.Shop), g.data
	}
	for _, id := range g.Stock() {
		var o assets.Offer
		if i, ok := b.offerAt[id]; ok {
			o = g.data.Shop.Offers[i]
		}
		a := aiOffer(o)
		// What g.Price(id) gives, without looking the offer up again.
		a.Price = act.PriceOf(g.world, g.env.Van, o)
		a.Points = repairPoints(o, van)
		b.offers = append(b.offers, a)
	}
	if b.ranksOf != g.data {
		b.ranks, b.ranksOf = gunRanks(&g.data.Guns), g.data
	}
	c := ai.Camp{
		Money: g.Money(), Offers: b.offers, GunRanks: b.ranks,
		Engine: van.Engine.Cur, MaxEngine: van.Engine.Max,
		Tyres: van.Tyres.Cur, MaxTyres: van.Tyres.Max,
		Armour:        van.Armour,
		InventoryFree: g.data.Van.InventoryCapacity - len(inv),
		Inventory:     shopperNames(&g.data.Shop, inv),
	}
	copy(c.Mounted[:], van.Guns[:])
	return c
}

// repairPoints is how many points the offer o would put back on van, for a
// repair (0 for anything else).
func repairPoints(o assets.Offer, van VanState) int {
	if o.Kind != assets.OfferRepair {
		return 0
	}
	part := van.Engine
	if o.Restores == assets.StatTyres {
		part = van.Tyres
	}
	return o.Points(part.Max - part.Cur)
}

// offerPlaces maps each offer id of shop to its place in the list, the
// first place when an id is listed twice, as the shop's Offer finds it.
func offerPlaces(shop *assets.Shop) map[string]int {
	at := make(map[string]int, len(shop.Offers))
	for i := range shop.Offers {
		if _, ok := at[shop.Offers[i].ID]; !ok {
			at[shop.Offers[i].ID] = i
		}
	}
	return at
}

// shopperNames lists the inventory in the shopper's terms: a kit by the
// driver's name for it, anything else (a gun) by its id.
func shopperNames(shop *assets.Shop, inv []string) []string {
	names := make([]string, len(inv))
	for i, id := range inv {
		names[i] = id
		if k := kitItem(shop, id); k != ai.NoItem {
			names[i] = k.String()
		}
	}
	return names
}

// gunRanks rates every gun by its price: the shop's price is what the data
// says a gun is worth, and for the shipped guns it orders them pistol,
// shotgun, machine gun, railgun, as a careful buyer would.
func gunRanks(guns *assets.Guns) map[string]int {
	ranks := make(map[string]int, len(guns.List))
	for _, g := range guns.List {
		ranks[g.ID] = g.Price
	}
	return ranks
}

// gunsOnly shows the reckless shopper the guns alone, and maps its choice
// back to the stock's numbering.
func gunsOnly(c ai.Camp) (ai.Camp, func(int) int) {
	var offers []ai.Offer
	var at []int
	for i, o := range c.Offers {
		if o.Kind == "gun" {
			offers = append(offers, o)
			at = append(at, i)
		}
	}
	c.Offers = offers
	return c, func(i int) int { return at[i] }
}

// aiOffer describes a shop offer in the shopper's terms.
func aiOffer(o assets.Offer) ai.Offer {
	a := ai.Offer{ID: o.ID, Price: o.Price, Level: o.Level}
	switch o.Kind {
	case assets.OfferGun:
		a.Kind, a.ID = "gun", o.Gun
	case assets.OfferConsumable:
		kit := kitFor(o.Restores).String()
		a.Kind, a.ID = kit, kit
	case assets.OfferArmour:
		a.Kind = "armour"
	case assets.OfferRepair:
		a.Kind = ai.RepairTyres
		if o.Restores == assets.StatEngine {
			a.Kind = ai.RepairEngine
		}
	}
	return a
}

// How an autoplayed run can end, besides the van's destruction.
const (
	// AutoplayWon ends a run at the camp of the winning delivery, although
	// the game would let it go on.
	AutoplayWon = "won"
	// AutoplayCapped ends a run that reached the turn limit.
	AutoplayCapped = "capped"
)

// DefaultAutoplayTurns is the turn limit of an autoplayed run, so every run
// ends even if the bot gets stuck.
const DefaultAutoplayTurns = 5000

// RunStats is what an autoplayed run achieved. Turns counts the commands
// given (as a recording numbers them), camp moves and refused ones included.
type RunStats struct {
	Seed       uint64
	Deliveries int
	Turns      int
	Letters    int
	Kills      int
	Explosions int
	Purchases  int
	Cause      string // the game's cause of the end, AutoplayWon or AutoplayCapped
	Hash       uint64 // state hash at the end
	// DestroyedBy names what destroyed the van ("" if it was not).
	DestroyedBy string
	// Earned and Spent are the money the run was paid and spent.
	Earned, Spent int
	// Engine is the van's engine when the run ended; SetOutEngine is the
	// engine it set out with on its last delivery (the first delivery
	// sets out with a whole engine). The harness that watches the
	// commands fills SetOutEngine.
	Engine, SetOutEngine int
	// Bought lists the offer ids bought, in order; the harness that
	// watches the commands fills it.
	Bought []string
}

// String writes the run's line of `lastpost -autoplay`.
func (s RunStats) String() string {
	return fmt.Sprintf("seed=%d deliveries=%d turns=%d letters=%d kills=%d cause=%s",
		s.Seed, s.Deliveries, s.Turns, s.Letters, s.Kills, s.Cause)
}

// StatsOf sums up a run the bot played for turns commands, ended or not.
func StatsOf(g *Game, turns int) RunStats {
	r := &g.Run
	s := RunStats{
		Seed: r.Seed, Deliveries: r.Delivery, Turns: turns, Letters: r.Letters, Kills: r.Kills,
		Explosions: r.Explosions, Purchases: r.Purchases, Cause: r.Cause, Hash: g.Hash(),
		Earned: r.Earned, Spent: r.Earned + g.data.Campaign.StartBank - g.Money(),
		Engine: vocab.Engine.Value(g.world, g.env.Van).Cur,
	}
	if r.DestroyedBy != vocab.KindNone {
		s.DestroyedBy = destroyerName(g.data, r.DestroyedBy)
	}
	switch {
	case r.Phase == act.PhaseOver:
	case r.Won:
		s.Cause = AutoplayWon
	default:
		s.Cause = AutoplayCapped
	}
	return s
}

// destroyerName names what destroyed a van for the balance report: an
// enemy by its id, a fragment as the blast it came from.
func destroyerName(data *assets.Data, k vocab.Kind) string {
	switch k {
	case vocab.KindFragment:
		return "barrel blast"
	case vocab.KindBullet:
		return "stray bullet"
	}
	if id, ok := vocab.KindID(&data.Enemies, k); ok {
		return id
	}
	return k.String()
}

// AutoplayTotals adds up a series of autoplayed runs.
type AutoplayTotals struct {
	Runs, Turns, Deliveries, Kills, Explosions, Purchases, Wins, Stranded int
	Hash                                                                  uint64 // every run's final hash, in order
}

// Add counts one run.
func (t *AutoplayTotals) Add(s RunStats) {
	t.Runs++
	t.Turns += s.Turns
	t.Deliveries += s.Deliveries
	t.Kills += s.Kills
	t.Explosions += s.Explosions
	t.Purchases += s.Purchases
	if s.Cause == AutoplayWon {
		t.Wins++
	}
	if s.Cause == act.CauseStranded {
		t.Stranded++
	}
	t.Hash = ecs.Mix(t.Hash, s.Hash)
}

// Line writes the last line of `lastpost -autoplay`, given the speed.
func (t AutoplayTotals) Line(turnsPerSecond int) string {
	return fmt.Sprintf("runs=%d turns=%d deliveries=%d kills=%d explosions=%d purchases=%d wins=%d stranded=%d turns/s=%d hash=%016x",
		t.Runs, t.Turns, t.Deliveries, t.Kills, t.Explosions, t.Purchases, t.Wins, t.Stranded, turnsPerSecond, t.Hash)
}
