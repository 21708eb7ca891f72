package game

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ai"
	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/levelgen"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// plainSituation reads what the driver knows the plain way: every gun and
// every kit looked up in the data, every enemy's kind read from the world.
func plainSituation(g *Game) ai.Situation {
	w, v := g.world, g.env.Van
	pos := vocab.Position.Value(w, v)
	engine, tyres := vocab.Engine.Value(w, v), vocab.Tyres.Value(w, v)
	s := ai.Situation{
		Map: g.view, Van: pos,
		Speed: vocab.Speed.Value(w, v), MaxSpeed: vocab.TopSpeed.Value(w, v),
		Tyres: tyres.Cur, MaxTyres: tyres.Max, Engine: engine.Cur, MaxEngine: engine.Max,
		GoalX: g.level.GoalX(), RoadTop: g.data.LevelGen.RoadTop, RoadBottom: g.data.LevelGen.RoadBottom,
	}
	for _, id := range g.Inventory() {
		switch kitItem(&g.data.Shop, id) {
		case ai.SpareTyre:
			s.HasSpareTyre = true
		case ai.EngineKit:
			s.HasEngineKit = true
		}
	}
	for i, id := range vocab.Guns.Value(w, v) {
		if id != "" {
			s.Guns[i] = ai.GunInfo{Mounted: true, Range: g.env.Gun(id).Range}
		}
	}
	vision := g.data.Van.Vision
	for _, e := range vocab.Enemy.Entities(w) {
		if p := vocab.Position.Value(w, e); ai.Sees(pos, p, vision) {
			s.Enemies = append(s.Enemies, ai.Thing{Kind: thingKind(g.env.Enemy(vocab.KindOf.Value(w, e))), At: p})
		}
	}
	for _, e := range vocab.Letter.Entities(w) {
		if p, ok := vocab.Position.Get(w, e); ok && ai.Sees(pos, p, vision) {
			s.Letters = append(s.Letters, p)
		}
	}
	for _, e := range vocab.Explosive.Entities(w) {
		if p, ok := vocab.Position.Get(w, e); ok && ai.Sees(pos, p, vision) {
			s.Barrels = append(s.Barrels, p)
		}
	}
	return s
}

// kept copies a list the bot reuses, nil when empty as the plain reading's.
func kept[T any](list []T) []T {
	if len(list) == 0 {
		return nil
	}
	return slices.Clone(list)
}

// The bot reads its situation through columns, remembers the ranges of
// the guns it last saw mounted and lists only the enemies the driver
// reads; over the bot's runs, which buy and mount guns at every camp,
// every turn's situation must be the plain reading of those, and the
// driver's order the one it gives on the plain reading of everything.
func TestBotSituationMatchesAPlainReading(t *testing.T) {
	skipUnderRace(t)
	data := loadData(t)
	dropped := 0
	for _, seed := range []uint64{1, 2, 3, 4242} {
		g := New(data, seed)
		var bot Bot
		armed := map[[4]string]bool{}
		for step := 0; step < 600 && g.Phase() != act.PhaseOver; step++ {
			if g.Phase() == act.PhaseRoad {
				got := bot.situation(g)
				got.Enemies, got.Letters, got.Barrels = kept(got.Enemies), kept(got.Letters), kept(got.Barrels)
				if step%20 == 0 {
					requireGroundIsTheMap(t, g, got.Ground, fmt.Sprintf("seed %d step %d", seed, step))
				}
				// The plain reading leaves the driver asking the map, and
				// lists every enemy in sight; the bot only those the driver
				// reads (see driverEnemies), and the driver must decide
				// the same on both.
				plain := plainSituation(g)
				require.Equal(t, ai.Drive(plain), ai.Drive(got), "seed %d step %d", seed, step)
				got.Ground = ai.Ground{}
				all := plain.Enemies
				plain.Enemies = driverEnemies(plain)
				require.Equal(t, plain, got, "seed %d step %d", seed, step)
				dropped += len(all) - len(got.Enemies)
				armed[vocab.Guns.Value(g.world, g.env.Van)] = true
			}
			c := bot.Next(g)
			res, err := g.Do(c)
			require.NoError(t, err)
			bot.Observe(c, res)
		}
		assert.Greater(t, len(armed), 1, "seed %d: the van's guns changed on the way", seed)
	}
	assert.Greater(t, dropped, 1000, "enemies in sight off the van's rows and column were left out")
}

// driverEnemies is the plain reading's enemies that the driver reads (see
// ai.Situation), in the same order: those on the van's rows and column,
// or all of them when a repair is due.
func driverEnemies(s ai.Situation) []ai.Thing {
	if s.RepairItem() != ai.NoItem {
		return s.Enemies
	}
	var near []ai.Thing
	for _, e := range s.Enemies {
		if geom.Abs(e.At.Y-s.Van.Y) <= 1 || e.At.X == s.Van.X {
			near = append(near, e)
		}
	}
	return near
}

// requireGroundIsTheMap checks that the ground the bot hands the driver
// says of every cell of the road what the map says.
func requireGroundIsTheMap(t *testing.T, g *Game, ground ai.Ground, where string) {
	t.Helper()
	require.True(t, ground.Set, where)
	w, h := g.view.Size()
	for y := range h {
		for x := range w {
			p := geom.Pt(x, y)
			require.Equal(t, g.view.Solid(p), ground.Solid.AnyAt(y*w+x), "%s: solid at %v", where, p)
			require.Equal(t, g.view.Acid(p), ground.Terrain[y*w+x] == levelgen.Acid, "%s: acid at %v", where, p)
		}
	}
}

// plainOffers is what the shopper is told is on sale, every offer looked
// up in the shop by its id and priced through the game.
func plainOffers(g *Game) []ai.Offer {
	var offers []ai.Offer
	for _, id := range g.Stock() {
		o, _ := g.data.Shop.Offer(id)
		a := aiOffer(o)
		a.Price = g.Price(id)
		a.Points = repairPoints(o, g.VanState())
		offers = append(offers, a)
	}
	return offers
}

// The bot finds the offers on sale through its own index of the shop; at
// every camp move of the bot's runs it must tell the shopper what the plain
// look-up tells.
func TestBotCampViewMatchesAPlainReading(t *testing.T) {
	skipUnderRace(t)
	data := loadData(t)
	moves := 0
	for _, seed := range []uint64{1, 2, 3, 4242} {
		g := New(data, seed)
		var bot Bot
		for step := 0; step < 1500 && g.Phase() != act.PhaseOver; step++ {
			if g.Phase() == act.PhaseCamp {
				require.Equal(t, plainOffers(g), kept(bot.campView(g).Offers), "seed %d step %d", seed, step)
				moves++
			}
			c := bot.Next(g)
			res, err := g.Do(c)
			require.NoError(t, err)
			bot.Observe(c, res)
		}
	}
	assert.Greater(t, moves, 20, "the bot shopped")
}

// offerPlaces finds an id listed twice where the shop's look-up does: at
// its first place.
func TestOfferPlacesKeepsTheFirstOfAnIDListedTwice(t *testing.T) {
	shop := assets.Shop{Offers: []assets.Offer{{ID: "a", Price: 1}, {ID: "b", Price: 2}, {ID: "a", Price: 3}}}
	at := offerPlaces(&shop)
	for _, id := range []string{"a", "b"} {
		want, _ := shop.Offer(id)
		assert.Equal(t, want, shop.Offers[at[id]], id)
	}
}
