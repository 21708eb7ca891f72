package game

import (
	"fmt"
	"lastpost/rules/act"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/levelgen"
	"lastpost/rules"
	"lastpost/rules/vocab"
)

// The scripted-turn tests play on hand-drawn roads (levelgen.Parse legend:
// '.' road, '~' acid, '#' wreck, '0' barrel, '=' letter, 'z' zombie, 'c'
// car, 'b' bike, '@' the van). fxGame builds a Game on such a road the way
// NewOnDrawnRoad does, except that the enemies are frozen: they keep their
// place in the world (physics still drives cars and bikes at their speed)
// but take no AI turns, so a script decides everything that happens.

// fxData loads the game's data.
func fxData(tb testing.TB) *assets.Data {
	tb.Helper()
	data, err := assets.Load()
	require.NoError(tb, err)
	return data
}

// fxMap joins drawn rows into a map.
func fxMap(rows ...string) string { return strings.Join(rows, "\n") }

// fxGame starts a delivery on the drawn road with frozen enemies and the
// van standing still, waiting for its first command.
func fxGame(tb testing.TB, seed uint64, drawn string) *Game {
	tb.Helper()
	return fxGameWith(tb, fxData(tb), seed, drawn)
}

// fxGameWith is fxGame with the given data, for tests that change numbers.
func fxGameWith(tb testing.TB, data *assets.Data, seed uint64, drawn string) *Game {
	tb.Helper()
	return fxGameFrom(tb, nil, data, seed, drawn)
}

// fxGameFrom is fxGameWith in old's memory (layOutDrawnRoadFrom), or in
// new memory when old is nil.
func fxGameFrom(tb testing.TB, old *Game, data *assets.Data, seed uint64, drawn string) *Game {
	tb.Helper()
	g, err := layOutDrawnRoadFrom(old, data, seed, drawn)
	require.NoError(tb, err)
	fxFreeze(g)
	fxSpeed(g, g.env.Van, 0)
	require.NoError(tb, g.advance())
	return g
}

// fxFreeze takes the enemies out of the turn schedule, and those asleep
// since the road was laid out out of their buckets, so none ever acts.
func fxFreeze(g *Game) {
	for _, e := range g.pending.list() {
		g.sched.CancelWhere(func(t Task) bool { return t.E == e })
		g.pending.remove(e)
	}
	g.sleepers.reset(g.level.W, g.data.Enemies.List)
}

// fxChange commits a change made by hand, outside the rules.
func fxChange(g *Game, fn func(a *ecs.Action)) {
	a := g.world.NewAction()
	fn(a)
	g.world.Commit(a)
}

// fxSpeed sets a vehicle's speed.
func fxSpeed(g *Game, e ecs.Entity, speed int) {
	fxChange(g, func(a *ecs.Action) { vocab.Speed.Set(a, e, speed) })
}

// fxHP sets an entity's hit points (current and maximum).
func fxHP(g *Game, e ecs.Entity, hp int) {
	fxChange(g, func(a *ecs.Action) { vocab.HP.Set(a, e, vocab.Stat{Cur: hp, Max: hp}) })
}

// fxMount puts gun in the van's slot facing d.
func fxMount(g *Game, d geom.Dir, gun string) {
	slots := vocab.Guns.Value(g.world, g.env.Van)
	slots[vocab.Slot(d)] = gun
	fxChange(g, func(a *ecs.Action) { vocab.Guns.Set(a, g.env.Van, slots) })
}

// fxSpawnAt adds another thing to a cell the drawing already fills, made
// like the level's own spawns.
func fxSpawnAt(g *Game, kind vocab.Kind, p geom.Point) ecs.Entity {
	id, _ := vocab.KindID(&g.data.Enemies, kind)
	spawn := act.Spawn(id, p)
	fxChange(g, func(a *ecs.Action) { act.Build(&g.env, &spawn, a) })
	return g.world.LastEntity()
}

// fxKind returns the kind of the thing whose id is id in g's data, so tests
// name enemies by their ids in the data.
func fxKind(g *Game, id string) vocab.Kind {
	k := vocab.KindNamed(&g.data.Enemies, id)
	if k == vocab.KindNone {
		panic("no thing " + id + " in the data")
	}
	return k
}

// fxAcid turns cell p to acid.
func fxAcid(g *Game, p geom.Point) { g.level.Terrain[p.Y*g.level.W+p.X] = levelgen.Acid }

// fxAt returns the one entity of kind at p, failing the test if there is
// not exactly one.
func fxAt(tb testing.TB, g *Game, kind vocab.Kind, p geom.Point) ecs.Entity {
	tb.Helper()
	found := fxKindAt(g, kind, p)
	if len(found) != 1 {
		require.FailNow(tb, fmt.Sprintf("want one %v at %v, found %d", kind, p, len(found)), fxDump(g))
	}
	return found[0]
}

// fxKindAt lists the entities of kind at p.
func fxKindAt(g *Game, kind vocab.Kind, p geom.Point) []ecs.Entity {
	var found []ecs.Entity
	for _, e := range g.world.Spatial().At(p) {
		if vocab.KindOf.Value(g.world, e) == kind {
			found = append(found, e)
		}
	}
	return found
}

// fxCount counts the entities of kind on the road.
func fxCount(g *Game, kind vocab.Kind) int {
	n := 0
	for _, e := range vocab.KindOf.Entities(g.world) {
		if vocab.KindOf.Value(g.world, e) == kind {
			n++
		}
	}
	return n
}

// fxVanAt returns where the van is.
func fxVanAt(g *Game) geom.Point { return vocab.Position.Value(g.world, g.env.Van) }

// fxDo plays a command, failing the test on an engine error.
func fxDo(tb testing.TB, g *Game, c Command) Result {
	tb.Helper()
	r, err := g.Do(c)
	require.NoError(tb, err, "%v\n%s", c, fxDump(g))
	return r
}

// fxFire plays the fire command toward d.
func fxFire(tb testing.TB, g *Game, d geom.Dir) Result {
	tb.Helper()
	return fxDo(tb, g, Command{Kind: CmdFire, Dir: d})
}

// fxResolve runs one action type and everything it sets off as a
// resolution of its own, with the trace on, and returns the trace.
func fxResolve(tb testing.TB, g *Game, act act.Act) *rules.Trace {
	tb.Helper()
	g.SetTracing(true)
	g.turnTrace.Reset()
	g.engine.Enqueue(act)
	require.NoError(tb, g.engine.Resolve())
	return g.turnTrace
}

// fxRecords returns the trace records whose action starts with prefix
// (for instance "Hit(#12 "), committed or not.
func fxRecords(tr *rules.Trace, prefix string, committed bool) []rules.Record {
	var out []rules.Record
	for _, r := range tr.Records {
		if strings.HasPrefix(r.Action, prefix) && r.Committed == committed {
			out = append(out, r)
		}
	}
	return out
}

// fxMessages sums the log entries with the given text id.
func fxMessages(g *Game, id assets.TextID) int {
	n := 0
	for _, e := range g.log.Entries {
		if e.Msg.ID == id {
			n += e.Count
		}
	}
	return n
}

// fxVanStats is the van's damage state.
type fxVanStats struct {
	hp, engine, tyres, armour int
}

func fxStats(g *Game) fxVanStats {
	w, v := g.world, g.env.Van
	return fxVanStats{hp: vocab.HP.Value(w, v).Cur, engine: vocab.Engine.Value(w, v).Cur,
		tyres: vocab.Tyres.Value(w, v).Cur, armour: vocab.Armour.Value(w, v)}
}

// lost counts the points taken from the van between two states.
func (s fxVanStats) lost(after fxVanStats) int {
	return s.hp - after.hp + s.engine - after.engine + s.tyres - after.tyres + s.armour - after.armour
}

// fxDump draws the road as it is now, for failure messages, with the
// level's legend plus '*' for a bullet, '%' for a fragment and '&' for a
// bloodstain.
func fxDump(g *Game) string {
	glyph := map[vocab.Kind]byte{vocab.KindVan: '@', vocab.KindWreck: '#', vocab.KindBarrel: '0', vocab.KindLetter: '=',
		vocab.KindBullet: '*', vocab.KindFragment: '%', vocab.KindBloodstain: '&'}
	for i, e := range g.data.Enemies.List {
		glyph[vocab.EnemyKind(i)] = e.MapChar()
	}
	var b strings.Builder
	for y := range g.level.H {
		for x := range g.level.W {
			p := geom.Pt(x, y)
			switch k := g.TopKind(p); {
			case k != vocab.KindNone:
				b.WriteByte(glyph[k])
			case g.Acid(p):
				b.WriteByte('~')
			case g.level.At(p) == levelgen.Dirt:
				b.WriteByte(',')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// fxDestroy destroys the van through the rules, as a fatal hit would.
func fxDestroy(tb testing.TB, g *Game) {
	tb.Helper()
	g.engine.Enqueue(act.Die(g.env.Van, 0))
	require.NoError(tb, g.engine.Resolve())
	require.Equal(tb, act.PhaseOver, g.Phase())
}

// fxPointBlankCar is a game of seed with a shotgun on the van's front and a
// stopped car of 50 hit points right in front of it, so every pellet that
// hits can be counted.
func fxPointBlankCar(tb testing.TB, seed uint64) (*Game, ecs.Entity) {
	tb.Helper()
	g := fxGame(tb, seed, fxMap(
		"........",
		"..@c....",
		"........",
	))
	fxMount(g, geom.East, "shotgun")
	car := fxAt(tb, g, fxKind(g, "car"), geom.Pt(3, 1))
	fxSpeed(g, car, 0)
	fxHP(g, car, 50)
	return g, car
}
