package game

import (
	"flag"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// The soak test's size. The defaults keep go test ./... (and CI, which
// must finish within six minutes on two cores) to well under a minute
// for it; the README's 2,000-seed and long soaks raise them:
//
//	go test ./game -run TestSoak -soak-seeds 2000 -soak-commit-seeds 400 -timeout 0
var (
	soakSeeds = flag.Int("soak-seeds", 300, "how many seeds TestSoak autoplays")
	soakEvery = flag.Int("soak-commit-seeds", 100,
		"how many of TestSoak's first seeds also check the spatial index and the id allocator after every commit")
	soakTurns = flag.Int("soak-turns", 1500, "the most commands one run of TestSoak plays")
)

// TestSoak autoplays many seeds with the bot and checks the state after
// every turn: CheckInvariants (the spatial index equals the stores, nothing
// left in flight, one blocker per cell, every living enemy holds exactly one
// place in the schedule, HP and stats in range), and that no entity id is
// ever used twice in a delivery. For the first seeds it also checks the
// spatial index and the allocator after every commit, in the middle of
// turns. A failure prints the seed, the turn, the command and the road.
func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("autoplays thousands of runs; runs without -short")
	}
	// The checks rebuild the spatial index every turn and make much
	// short-lived garbage; collecting less often halves the run time.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	data := loadData(t)
	start := time.Now()
	// The seeds are dealt to parallel shares (seed, seed+shares, ...) so
	// the soak, the longest test of go test ./..., keeps every core busy
	// once the other packages are done. Each share owns its totals.
	shares := make([]AutoplayTotals, soakShares)
	t.Run("shares", func(t *testing.T) {
		for i := range shares {
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				for seed := uint64(1 + i); seed <= uint64(*soakSeeds); seed += soakShares {
					s := soakRun(t, data, seed, seed <= uint64(*soakEvery))
					if t.Failed() {
						return
					}
					shares[i].Add(s)
				}
			})
		}
	})
	var runs, turns, deliveries, kills int
	for _, s := range shares {
		runs, turns, deliveries, kills = runs+s.Runs, turns+s.Turns, deliveries+s.Deliveries, kills+s.Kills
	}
	elapsed := time.Since(start)
	t.Logf("%d runs, %d turns, %d deliveries, %d kills in %v (%.0f turns/s)", runs, turns,
		deliveries, kills, elapsed.Round(time.Millisecond), float64(turns)/elapsed.Seconds())
}

// soakShares is how many parallel shares TestSoak deals its seeds to: the
// two cores CI has (more would only take turns on them).
const soakShares = 2

// soakRun plays one seed with the checks and returns what it achieved.
func soakRun(t *testing.T, data *assets.Data, seed uint64, everyCommit bool) RunStats {
	t.Helper()
	g := New(data, seed)
	ids := &idWatch{}
	var commitErr error
	if everyCommit {
		g.SetListener(Listener{Commit: func(int) {
			if commitErr == nil {
				commitErr = checkCommit(g, ids)
			}
		}})
	}
	var bot Bot
	turns := 0
	for ; turns < *soakTurns && g.Phase() != act.PhaseOver && !g.Run.Won; turns++ {
		c := bot.Next(g).Canonical()
		res, err := g.Do(c)
		if err == nil {
			err = commitErr
		}
		if err == nil {
			err = checkTurn(g, ids)
		}
		if err != nil {
			t.Error(soakFailure(g, seed, turns+1, c, err))
			return RunStats{}
		}
		bot.Observe(c, res)
	}
	return StatsOf(g, turns)
}

// checkTurn checks the state between two turns.
func checkTurn(g *Game, ids *idWatch) error {
	if err := g.CheckInvariants(); err != nil {
		return err
	}
	if g.Phase() != act.PhaseRoad {
		return nil
	}
	return ids.check(g.World())
}

// checkCommit checks what must hold after every commit, even in the middle
// of a turn: the spatial index agrees with the stores and no id is reused.
func checkCommit(g *Game, ids *idWatch) error {
	w := g.World()
	if w == nil {
		return nil
	}
	if err := placedWhereTheyStand(w); err != nil {
		return fmt.Errorf("after a commit: %w", err)
	}
	return ids.check(w)
}

// placedWhereTheyStand is a quick check of the spatial index, cheap enough
// for every commit: every entity with a position is listed in its cell, and
// the cells list no more entities than have positions. (Spatial.Check, run
// between turns, rebuilds the whole index and compares every count.)
func placedWhereTheyStand(w *ecs.World) error {
	sp := w.Spatial()
	placed := vocab.Position.Entities(w)
	for _, e := range placed {
		p := vocab.Position.Value(w, e)
		if sp.In(p) && !slices.Contains(sp.At(p), e) {
			return fmt.Errorf("spatial index: entity #%d stands at %v but its cell lists %v", e, p, sp.At(p))
		}
	}
	width, height := sp.Size()
	listed := 0
	for y := range height {
		for x := range width {
			listed += len(sp.At(geom.Pt(x, y)))
		}
	}
	if listed > len(placed) {
		return fmt.Errorf("spatial index: cells list %d entities, %d have positions", listed, len(placed))
	}
	return nil
}

// idWatch follows the entity ids of one delivery's world: the allocator
// only grows, every entity has an id it handed out, and an id whose entity
// is gone never comes back. It keeps slices indexed by id, not maps, so it
// is cheap enough to run after every commit.
type idWatch struct {
	world *ecs.World
	last  ecs.Entity
	gone  []bool   // by id: its entity was seen and then removed
	mark  []uint32 // by id: the check in which it was last seen alive
	tick  uint32
	seen  []ecs.Entity // alive at the last check
}

func (iw *idWatch) check(w *ecs.World) error {
	if w != iw.world {
		*iw = idWatch{world: w}
	}
	next := w.LastEntity()
	if next < iw.last {
		return fmt.Errorf("the id allocator went back from %d to %d", iw.last, next)
	}
	iw.last = next
	for ecs.Entity(len(iw.gone)) <= next {
		iw.gone = append(iw.gone, false)
		iw.mark = append(iw.mark, 0)
	}
	iw.tick++
	now := vocab.KindOf.Entities(w)
	for _, e := range now {
		switch {
		case e == 0 || e > next:
			return fmt.Errorf("entity #%d was never handed out (the allocator is at %d)", e, next)
		case iw.gone[e]:
			return fmt.Errorf("entity id #%d is used again after its entity was removed", e)
		}
		iw.mark[e] = iw.tick
	}
	for _, e := range iw.seen {
		iw.gone[e] = iw.mark[e] != iw.tick
	}
	iw.seen = append(iw.seen[:0], now...)
	return nil
}

// soakFailure says which seed failed where, and draws the road, so the
// failure can be replayed and seen.
func soakFailure(g *Game, seed uint64, turn int, c Command, err error) string {
	return fmt.Sprintf("seed %d, turn %d (%s, %s): %v\n%s", seed, turn, c, g.Phase(), err, soakDump(g))
}

// soakDump draws the road for a failure, or says where the run stands.
func soakDump(g *Game) string {
	if g.Phase() == act.PhaseRoad && g.world != nil {
		return fxDump(g)
	}
	return fmt.Sprintf("(at %s after delivery %d; the last road:)\n%s", g.Phase(), g.Run.Delivery, g.Level().ASCII())
}

func TestSoakChecksCatchReusedIDsAndNameTheSeed(t *testing.T) {
	data := loadData(t)
	g := New(data, 3)
	ids := &idWatch{}
	require.NoError(t, checkTurn(g, ids))
	require.NoError(t, checkCommit(g, ids))
	w := g.World()
	barrel := vocab.Explosive.Entities(w)[0]
	campChange(g, func(a *ecs.Action) { a.RemoveEntity(barrel) })
	require.NoError(t, ids.check(w), "a removed entity is fine")
	campChange(g, func(a *ecs.Action) { vocab.KindOf.Set(a, barrel, vocab.KindBarrel) })
	err := ids.check(w)
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("entity id #%d is used again after its entity was removed", barrel), err.Error())

	msg := soakFailure(g, 3, 7, Command{Kind: CmdWait}, err)
	assert.True(t, strings.HasPrefix(msg, "seed 3, turn 7 (wait, road): entity id #"), msg)
	assert.Contains(t, msg, "\n"+strings.SplitN(fxDump(g), "\n", 2)[0], "the road is drawn")
	assert.Contains(t, msg, "@", "the van is on it")
}
