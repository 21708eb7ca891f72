package game

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ai"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// idleZombieRoad is a road with a zombie far beyond its sight of the van.
var idleZombieRoad = fxMap(
	"..............................",
	"@............................z",
	"..............................",
)

// idleZombie starts idleZombieRoad with its zombie given back its turn.
func idleZombie(t *testing.T) (*Game, ecs.Entity) {
	t.Helper()
	g := fxGame(t, 1, idleZombieRoad)
	z := fxAt(t, g, fxKind(g, "zombie"), geom.Pt(29, 1))
	ledger{g}.Enlist(z)
	return g, z
}

// TestIdleWaitSkipsTheBookUntraced: an enemy with nothing to do but wait
// (a zombie standing on its target) waits through the rule book only while
// a trace is kept, where it is listed as committed; untraced it skips the
// book, and the two games end in the same state.
func TestIdleWaitSkipsTheBookUntraced(t *testing.T) {
	play := func(traced bool) (*Game, string) {
		g, z := idleZombie(t)
		fxChange(g, func(a *ecs.Action) { vocab.Target.Set(a, z, geom.Pt(29, 1)) })
		g.SetTracing(traced)
		fxDo(t, g, Command{Kind: CmdWait})
		var b strings.Builder
		if traced {
			_, err := g.LastTrace().WriteTo(&b)
			require.NoError(t, err)
		}
		return g, b.String()
	}
	untraced, _ := play(false)
	traced, trace := play(true)
	assert.Equal(t, 2, strings.Count(trace, "Wait(#"), "the traced turn lists the van's wait and the enemy's\n%s", trace)
	assert.Equal(t, traced.Hash(), untraced.Hash(), "skipping the book changes nothing")
}

// TestSleeperWakesWhenTheVanComesNear: a zombie with no target out of the
// van's sight leaves the schedule at its first turn and sleeps in its
// column's bucket; it stays asleep while the van is farther than its
// vision, wakes after the round's physics once the van is nearer, and
// notices the van at its turn of the same command. The invariants hold
// throughout.
func TestSleeperWakesWhenTheVanComesNear(t *testing.T) {
	g, z := idleZombie(t)
	vision := g.env.Enemy(vocab.KindOf.Value(g.world, z)).Vision
	fxDo(t, g, Command{Kind: CmdWait})
	require.Equal(t, 1, g.sleepsInColumn(z), "asleep after its first turn")
	assert.False(t, g.pending.has(z), "a sleeper holds no place in the schedule")
	require.NoError(t, g.CheckInvariants())

	moveVan := func(x int) {
		fxChange(g, func(a *ecs.Action) { vocab.Position.Set(a, g.env.Van, geom.Pt(x, 1)) })
	}
	moveVan(29 - vision)
	fxDo(t, g, Command{Kind: CmdWait})
	assert.Equal(t, 1, g.sleepsInColumn(z), "the van at its vision's edge does not wake it")
	require.NoError(t, g.CheckInvariants())

	moveVan(29 - vision + 1)
	fxDo(t, g, Command{Kind: CmdWait})
	assert.Zero(t, g.sleepsInColumn(z), "the van within its vision wakes it")
	assert.True(t, g.pending.has(z), "awake, it has its place in the schedule")
	target, has := vocab.Target.Get(g.world, z)
	assert.True(t, has && target == fxVanAt(g), "woken, it notices the van at once")
	require.NoError(t, g.CheckInvariants())
}

// sightRoad is a road with room all round a zombie far from the van's
// start, for the van to be put anywhere near it: 21 rows of 40 cells, the
// van at the west end of the middle row and the zombie at 29,10.
func sightRoad() string {
	rows := make([]string, 21)
	for y := range rows {
		rows[y] = strings.Repeat(".", 40)
	}
	rows[10] = "@" + strings.Repeat(".", 28) + "z" + strings.Repeat(".", 10)
	return fxMap(rows...)
}

// TestSleeperWakesExactlyWhenItWouldSeeTheVan puts the van on every cell
// of a square reaching one cell past a sleeping zombie's vision, a fresh
// road each: after the command, the zombie is awake, and has noticed the
// van, exactly when its own vision holds the van (ai.Sees), and asleep
// otherwise: never woken for a column alone, never left asleep in sight.
func TestSleeperWakesExactlyWhenItWouldSeeTheVan(t *testing.T) {
	skipUnderRace(t)
	at := geom.Pt(29, 10)
	probe := fxGame(t, 1, sightRoad())
	vision := probe.env.Enemy(fxKind(probe, "zombie")).Vision
	require.Less(t, at.X+vision, probe.level.W, "the road leaves room east of the zombie")
	require.Less(t, at.Y+vision, probe.level.H, "and south of it")
	for dy := -vision; dy <= vision; dy++ {
		for dx := -vision; dx <= vision; dx++ {
			p := at.Add(geom.Pt(dx, dy))
			if p == at {
				continue
			}
			g := fxGame(t, 1, sightRoad())
			z := fxAt(t, g, fxKind(g, "zombie"), at)
			ledger{g}.Enlist(z)
			fxDo(t, g, Command{Kind: CmdWait})
			require.Equal(t, 1, g.sleepsInColumn(z), "asleep after its first turn")
			fxChange(g, func(a *ecs.Action) { vocab.Position.Set(a, g.env.Van, p) })
			fxDo(t, g, Command{Kind: CmdWait})
			sees := ai.Sees(at, p, vision)
			assert.Equal(t, !sees, g.sleepsInColumn(z) == 1, "van at %v: asleep exactly when out of sight", p)
			target, has := vocab.Target.Get(g.world, z)
			assert.Equal(t, sees, has && target == p, "van at %v: noticed exactly when in sight", p)
			require.NoError(t, g.CheckInvariants(), "van at %v", p)
		}
	}
}

// TestNoSleeperMissesTheVan autoplays runs and checks, at every turn, that
// each enemy asleep before it whose vision holds the van where the turn
// leaves it (where the van stood when the enemies acted, since only the
// physics step before them moves it) has noticed the van: a sleeper never
// loses a round to the van it would have seen. CheckInvariants adds that
// no sleeper has the van in sight between turns.
func TestNoSleeperMissesTheVan(t *testing.T) {
	skipUnderRace(t)
	data := fxData(t)
	seeds := uint64(12)
	if testing.Short() {
		seeds = 3
	}
	checked := 0
	for seed := uint64(1); seed <= seeds; seed++ {
		g := New(data, seed)
		var bot Bot
		for turn := 0; turn < 400 && g.Phase() != act.PhaseOver; turn++ {
			type sleeping struct {
				e   ecs.Entity
				pos geom.Point
			}
			var before []sleeping
			if g.Phase() == act.PhaseRoad {
				for _, e := range g.asleep() {
					before = append(before, sleeping{e, vocab.Position.Value(g.world, e)})
				}
			}
			road := g.Run.Delivery
			fxDo(t, g, bot.Next(g))
			if g.Phase() != act.PhaseRoad || g.Run.Delivery != road {
				continue
			}
			van := fxVanAt(g)
			for _, s := range before {
				if !vocab.Enemy.Has(g.world, s.e) {
					continue // killed during the turn
				}
				if !ai.Sees(s.pos, van, g.env.Enemy(vocab.KindOf.Value(g.world, s.e)).Vision) {
					continue
				}
				checked++
				assert.True(t, vocab.Target.Has(g.world, s.e), "seed %d turn %d: enemy #%d slept through the van at %v",
					seed, g.Run.Turns, s.e, van)
			}
			require.NoError(t, g.CheckInvariants(), "seed %d turn %d", seed, g.Run.Turns)
		}
	}
	assert.Positive(t, checked, "some sleepers had the van come into their sight")
}

// TestSleepersSurviveASave: sleepers are not saved but derived on loading
// (living enemies without a place in the schedule), so a loaded road has
// the same sleepers and plays on exactly as the saved one, waking them alike.
func TestSleepersSurviveASave(t *testing.T) {
	g := New(fxData(t), 4242)
	fxDo(t, g, Command{Kind: CmdWait})
	asleep := g.asleep()
	require.NotEmpty(t, asleep, "the road's far enemies sleep after their first turn")
	loaded := saveRoundTrip(t, g)
	assert.Equal(t, asleep, loaded.asleep())
	var bot, twin Bot
	woke := false
	for g.Phase() == act.PhaseRoad {
		before := len(g.asleep())
		fxDo(t, g, bot.Next(g))
		fxDo(t, loaded, twin.Next(loaded))
		require.Equal(t, g.Hash(), loaded.Hash(), "turn %d", g.Run.Turns)
		require.Equal(t, g.asleep(), loaded.asleep(), "turn %d", g.Run.Turns)
		require.NoError(t, loaded.CheckInvariants())
		woke = woke || g.Phase() == act.PhaseRoad && len(g.asleep()) < before
	}
	assert.True(t, woke, "the van drove near enough to wake some")
}

// asleep lists the living sleepers, in ascending order.
func (g *Game) asleep() []ecs.Entity {
	var out []ecs.Entity
	for _, e := range vocab.Enemy.Entities(g.world) {
		if g.sleepsInColumn(e) > 0 {
			out = append(out, e)
		}
	}
	slices.Sort(out)
	return out
}

// sleepersSeeingVan counts, the plain way, the living sleepers of every
// bucket of every column that have the van in sight: what a wake-up that
// looked at every column would wake.
func sleepersSeeingVan(g *Game) int {
	van := vocab.Position.Value(g.world, g.env.Van)
	n := 0
	for _, sight := range g.sleepers.sights {
		for x, col := range sight.cols {
			for _, z := range col {
				if vocab.Enemy.Has(g.world, z.e) && ai.Sees(geom.Pt(x, z.y), van, sight.vision) {
					n++
				}
			}
		}
	}
	return n
}

// A wake-up looks only where the van came nearer when every sleeper is
// known not to see it from where the last one saw it. Over the bot's runs,
// after every command, no sleeper in any column may see the van: the plain
// wake-up over every column would find no one left to wake.
func TestWakeUpLeavesNoSleeperSeeingTheVan(t *testing.T) {
	data := loadData(t)
	bounded, seeds := 0, uint64(40)
	if testing.Short() {
		seeds = 10
	}
	for seed := uint64(4242); seed < 4242+seeds; seed++ {
		g := New(data, seed)
		var bot Bot
		for step := 0; g.Phase() != act.PhaseOver; step++ {
			c := bot.Next(g)
			res, err := g.Do(c)
			require.NoError(t, err)
			bot.Observe(c, res)
			if g.Phase() != act.PhaseRoad {
				continue
			}
			require.Zero(t, sleepersSeeingVan(g), "seed %d step %d", seed, step)
			if g.sleepers.known {
				bounded++
			}
		}
	}
	require.Positive(t, bounded, "no wake-up looked at fewer columns")
}

// wakeColumns against asking every cell: for random moves of the van along
// its row (and a few off it), every cell whose sleeper did not see the van
// where it stood and sees it now lies within the columns it returns.
func TestWakeColumnsHoldEveryCellThatComesIntoSight(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		vision := 1 + rng.IntN(22)
		old := geom.Pt(rng.IntN(120), rng.IntN(30))
		van := old.Add(geom.Pt(rng.IntN(8), 0))
		if rng.IntN(8) == 0 {
			van = geom.Pt(rng.IntN(120), rng.IntN(30))
		}
		s := sleepers{van: old, known: rng.IntN(6) != 0}
		first, last := s.wakeColumns(van, vision)
		for y := -25; y < 55; y++ {
			for x := -30; x < 150; x++ {
				p := geom.Pt(x, y)
				if s.known && ai.Sees(p, old, vision) {
					continue // awake already: it saw the van where it stood
				}
				if ai.Sees(p, van, vision) {
					require.True(t, first <= x && x <= last,
						"vision %d, van %v from %v (known %t): %v sees it outside %d..%d", vision, van, old, s.known, p, first, last)
				}
			}
		}
	}
}

// An enemy that falls asleep not seeing the van somewhere else than where
// the last wake-up saw it may see it from there: the next wake-up must look
// at every column again.
func TestFallingAsleepElsewhereForgetsTheBound(t *testing.T) {
	s := sleepers{van: geom.Pt(40, 12), known: true}
	s.fallsAsleepSeeing(geom.Pt(40, 12))
	require.True(t, s.known)
	first, last := s.wakeColumns(geom.Pt(40, 12), 8)
	require.Greater(t, first, last, "a van that stayed put wakes no one")
	s.fallsAsleepSeeing(geom.Pt(41, 12))
	require.False(t, s.known)
	first, last = s.wakeColumns(geom.Pt(40, 12), 8)
	require.Equal(t, [2]int{33, 47}, [2]int{first, last})
}

// TestEmptyColumnsKeepTheirStorage lays the buckets out for roads of
// changing widths, a sleeper in every bucket each time: every bucket comes
// back empty, and once every width has been laid out, the buckets of a
// road narrower or wider than the last keep the storage they had, so the
// roads after need no new bucket storage.
func TestEmptyColumnsKeepTheirStorage(t *testing.T) {
	for _, tc := range []struct {
		name   string
		widths []int
	}{
		{"same width", []int{90, 90}},
		{"narrower, then wider again", []int{119, 60, 119}},
		{"wider", []int{60, 119}},
		{"to none and back", []int{80, 0, 80}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cols [][]sleeper
			// A sleeper in every bucket of a road w wide, and how many
			// buckets were not empty to begin with.
			fill := func(w int) (full int) {
				cols = emptyColumns(cols, w)
				for x := range cols {
					full += len(cols[x])
					cols[x] = append(cols[x], sleeper{e: ecs.Entity(x + 1), y: 1})
				}
				return full
			}
			for _, w := range tc.widths {
				require.Zero(t, fill(w), "width %d: every bucket comes back empty", w)
				require.Len(t, cols, w)
			}
			allocs := testing.AllocsPerRun(5, func() {
				for _, w := range tc.widths {
					fill(w)
				}
			})
			assert.Zero(t, allocs, "%v: laid out again, the buckets allocate", tc.widths)
		})
	}
}
