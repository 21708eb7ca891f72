package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/rules/act"
)

// playBot lets the bot play g until stop says so, the run ends or limit
// commands are played, checking every command for a rule breakdown.
func playBot(t *testing.T, g *Game, limit int, stop func(*Game) bool) {
	t.Helper()
	bot := Bot{Style: BotCareful}
	for range limit {
		if g.Phase() == act.PhaseOver || g.Run.Won || stop(g) {
			return
		}
		c := bot.Next(g).Canonical()
		res, err := g.Do(c)
		require.NoError(t, err)
		bot.Observe(c, res)
	}
}

// requireSameGame checks that got is in every way a game as want: the
// hash, the save, and what the save leaves out (the memory's cells, the
// log's room, the van, the allocator).
func requireSameGame(t *testing.T, want, got *Game, msg string) {
	t.Helper()
	require.Equal(t, want.Hash(), got.Hash(), "%s: hash", msg)
	wantBody, err := want.MarshalState()
	require.NoError(t, err, msg)
	gotBody, err := got.MarshalState()
	require.NoError(t, err, msg)
	require.Equal(t, string(wantBody), string(gotBody), "%s: save", msg)
	require.Equal(t, want.Run, got.Run, "%s: run", msg)
	require.Equal(t, want.log.Entries, got.log.Entries, "%s: log", msg)
	require.Equal(t, want.log.Limit, got.log.Limit, "%s: log limit", msg)
	require.Equal(t, want.memory.W, got.memory.W, "%s: memory", msg)
	require.Equal(t, want.memory.Seen, got.memory.Seen, "%s: memory", msg)
	require.Equal(t, want.memory.Kinds, got.memory.Kinds, "%s: memory", msg)
	require.Equal(t, want.Van(), got.Van(), "%s: van", msg)
	require.Equal(t, want.World().LastEntity(), got.World().LastEntity(), "%s: allocator", msg)
	require.Equal(t, want.sched.Len(), got.sched.Len(), "%s: schedule", msg)
	require.Equal(t, want.pending.len(), got.pending.len(), "%s: pending", msg)
	require.Equal(t, want.Level().W, got.Level().W, "%s: road", msg)
}

// TestNewFromPlaysAsNew builds runs with NewFrom in the memory of runs
// that ended in every way (just started, on a road, at a camp, over, won or
// cut off by the turn limit, hashed or not, traced or not) and checks each
// is the run New makes, at the start and after every command the bot
// plays: nothing of the old run (its entities, schedule, log, memory,
// tally, rng, sleepers) leaks in, and the old run's storage is reused.
func TestNewFromPlaysAsNew(t *testing.T) {
	skipUnderRace(t)
	data := loadData(t)
	camp := func(g *Game) bool { return g.Phase() == act.PhaseCamp }
	never := func(*Game) bool { return false }
	olds := []struct {
		name  string
		seed  uint64
		turns int
		stop  func(*Game) bool
		phase act.Phase
	}{
		{"just made", 7, 0, never, act.PhaseRoad},
		{"on the road", 3, 40, never, act.PhaseRoad},
		{"at a camp", 11, DefaultAutoplayTurns, camp, act.PhaseCamp},
		{"won", 5, DefaultAutoplayTurns, never, act.PhaseCamp},
		{"destroyed", 4242, DefaultAutoplayTurns, never, act.PhaseOver},
		{"destroyed early", 9, DefaultAutoplayTurns, never, act.PhaseOver},
	}
	seeds := []uint64{1, 5, 4242}
	if testing.Short() {
		seeds = seeds[:2]
	}
	for _, o := range olds {
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("%s then seed %d", o.name, seed), func(t *testing.T) {
				old := New(data, o.seed)
				old.SetTracing(seed%2 == 1)
				playBot(t, old, o.turns, o.stop)
				if seed != 5 {
					old.Hash() // a hashed game keeps digests a new one does not
				}
				require.Equal(t, o.phase, old.Phase(), "where the old run ended")
				require.Equal(t, o.name == "won", old.Run.Won, "how the old run ended")
				oldIndex, oldSeen := old.World().Spatial(), &old.memory.Seen[0]
				g := NewFrom(old, data, seed)
				require.Same(t, oldIndex, g.World().Spatial(), "the spatial index is the old one's")
				require.Same(t, oldSeen, &g.memory.Seen[0], "the memory is the old one's")
				require.Nil(t, g.LastTrace(), "tracing is off in a new run")
				fresh := New(data, seed)
				requireSameGame(t, fresh, g, "at the start")
				bf, bg := Bot{Style: BotCareful}, Bot{Style: BotCareful}
				for turn := range 400 {
					if fresh.Phase() == act.PhaseOver || fresh.Run.Won {
						break
					}
					cf, cg := bf.Next(fresh).Canonical(), bg.Next(g).Canonical()
					require.Equal(t, cf, cg, "turn %d: the bot's command", turn)
					rf, errf := fresh.Do(cf)
					rg, errg := g.Do(cg)
					require.Equal(t, errf, errg, "turn %d", turn)
					require.Equal(t, rf, rg, "turn %d", turn)
					require.Equal(t, fresh.Hash(), g.Hash(), "turn %d", turn)
					bf.Observe(cf, rf)
					bg.Observe(cg, rg)
				}
				requireSameGame(t, fresh, g, "at the end")
			})
		}
	}
}

// TestNewFromUnhashedPlaysAsNew is TestNewFromPlaysAsNew for runs nobody
// hashes until the end, as autoplay plays them: the digests the memory and
// the stores keep from the old run must not count in the new one.
func TestNewFromUnhashedPlaysAsNew(t *testing.T) {
	data := loadData(t)
	var old *Game
	for _, seed := range []uint64{2, 9, 2} {
		g := NewFrom(old, data, seed)
		fresh := New(data, seed)
		playBot(t, g, 600, func(*Game) bool { return false })
		playBot(t, fresh, 600, func(*Game) bool { return false })
		requireSameGame(t, fresh, g, fmt.Sprintf("seed %d", seed))
		old = g
	}
}

// TestNewFromEmptiesTheOld checks the old game is left with nothing: a use
// of it fails at once rather than sharing storage with the new run.
func TestNewFromEmptiesTheOld(t *testing.T) {
	data := loadData(t)
	old := New(data, 1)
	_ = NewFrom(old, data, 2)
	require.Equal(t, Game{}, *old)
}

// TestNewFromKeepsTheBlastOfTheSameData checks a game made in an old one's
// memory keeps the blast pattern laid out for the old one's data, and lays
// out its own for other data: the pattern is the data's.
func TestNewFromKeepsTheBlastOfTheSameData(t *testing.T) {
	data := loadData(t)
	old := New(data, 1)
	pattern := old.env.Blast
	require.NotNil(t, pattern, "a new game lays its blast pattern out")
	g := NewFrom(old, data, 2)
	assert.Same(t, pattern, g.env.Blast, "the same data: the same pattern")

	other := *data
	other.Combat.Explosion.Range++
	h := NewFrom(g, &other, 3)
	require.NotNil(t, h.env.Blast)
	assert.NotSame(t, pattern, h.env.Blast, "other data: a pattern of its own")
	assert.Equal(t, act.NewBlast(&other.Combat.Explosion), h.env.Blast)
}
