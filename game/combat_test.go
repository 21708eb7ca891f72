package game

import (
	"fmt"
	"lastpost/rules/act"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Scripted combat turns on hand-drawn roads. Enemies are frozen (see
// fxGame) and the van stands still unless a test says otherwise, so every
// position in these tests is known.

// TestCombatPistolKillsZombie: a zombie has 2 hit points and a pistol bullet does
// 1, so the zombie five cells east takes two turns of fire and leaves a
// bloodstain.
func TestCombatPistolKillsZombie(t *testing.T) {
	g := fxGame(t, 1, fxMap(
		"............",
		"..@....z....",
		"............",
	))
	at := geom.Pt(7, 1)
	z := fxAt(t, g, fxKind(g, "zombie"), at)
	require.Equal(t, 2, vocab.HP.Value(g.world, z).Cur)

	r := fxFire(t, g, geom.East)
	assert.True(t, r.Took)
	assert.Equal(t, 1, vocab.HP.Value(g.world, z).Cur, "one bullet, one hit point\n%s", fxDump(g))
	assert.Zero(t, fxCount(g, vocab.KindBullet), "the bullet is resolved inside the turn")

	fxFire(t, g, geom.East)
	assert.False(t, g.world.Alive(z), "two bullets kill it\n%s", fxDump(g))
	assert.Len(t, fxKindAt(g, vocab.KindBloodstain, at), 1, "a bloodstain where it fell\n%s", fxDump(g))
	assert.Equal(t, 1, g.Run.Kills)
	assert.Equal(t, 2, g.Run.Turns)
	assert.Equal(t, 1, fxMessages(g, assets.MsgGunKills), "the van's gun kills it")
	assert.Zero(t, fxMessages(g, assets.MsgRunOver), "a shot zombie was not run over")
}

// TestCombatPistolReach: a pistol bullet appears next to the gun and makes Range
// more moves, so it reaches Range+1 cells and no further.
func TestCombatPistolReach(t *testing.T) {
	for _, tc := range []struct {
		row  string
		hits bool
	}{
		{"@......z..", true},  // 7 cells: the last the bullet reaches
		{"@.......z.", false}, // 8 cells: out of reach
	} {
		t.Run(tc.row, func(t *testing.T) {
			g := fxGame(t, 1, fxMap("..........", tc.row, ".........."))
			z := fxAt(t, g, fxKind(g, "zombie"), geom.Pt(strings.IndexByte(tc.row, 'z'), 1))
			fxFire(t, g, geom.East)
			hurt := vocab.HP.Value(g.world, z).Cur < 2
			assert.Equal(t, tc.hits, hurt, "\n%s", fxDump(g))
		})
	}
}

// fxPelletsAdjacent counts the pellets of the shot just fired whose first
// step is the cell next to the gun: read from their velocities as soon as
// the Fire action is committed.
func fxPelletsAdjacent(g *Game, from geom.Point, d geom.Dir) *int {
	n, seen := new(int), false
	g.SetListener(Listener{Commit: func(int) {
		if seen {
			return
		}
		seen = true
		for _, e := range vocab.Velocity.Entities(g.world) {
			if vocab.KindOf.Value(g.world, e) != vocab.KindBullet {
				continue
			}
			line := vocab.Velocity.Value(g.world, e).Line
			if vocab.Position.Value(g.world, e).Add(line.Step()) == from.Add(d.Vec()) {
				*n++
			}
		}
	}})
	return n
}

// TestCombatShotgunPointBlank: every pellet whose first step enters the adjacent
// cell hits what stands there (the original applied only one).
func TestCombatShotgunPointBlank(t *testing.T) {
	total, shots := 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		g, car := fxPointBlankCar(t, seed)
		want := fxPelletsAdjacent(g, fxVanAt(g), geom.East)
		fxFire(t, g, geom.East)
		got := 50 - vocab.HP.Value(g.world, car).Cur
		assert.Equal(t, *want, got, "seed %d: every pellet entering the car's cell hits it\n%s", seed, fxDump(g))
		assert.Equal(t, fxStats(g), fxVanStats{hp: 8, engine: 8, tyres: 4, armour: 1}, "seed %d: the van is untouched", seed)
		total += got
		shots++
	}
	assert.Greater(t, total, 2*shots, "point blank, most of the six pellets hit")
}

// TestCombatShotgunPointBlankKills: a zombie next to the van dies from one shot;
// pellets after the second pass over the bloodstain.
func TestCombatShotgunPointBlankKills(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		g := fxGame(t, seed, fxMap(
			"......",
			"..@z..",
			"......",
		))
		fxMount(g, geom.East, "shotgun")
		n := fxPelletsAdjacent(g, fxVanAt(g), geom.East)
		fxFire(t, g, geom.East)
		if *n >= 2 {
			assert.Equal(t, 1, g.Run.Kills, "seed %d", seed)
			assert.Len(t, fxKindAt(g, vocab.KindBloodstain, geom.Pt(3, 1)), 1)
		}
	}
}

// TestCombatRailgunLine: 20 slugs, each stopping in the first thing it meets,
// chew through a zombie (2), a bike (3) and a car (5) standing in a row.
func TestCombatRailgunLine(t *testing.T) {
	g := fxGame(t, 3, fxMap(
		"..............",
		".@.z.b.c......",
		"..............",
	))
	fxMount(g, geom.East, "railgun")
	for _, e := range vocab.Speed.Entities(g.world) {
		fxSpeed(g, e, 0)
	}
	fxFire(t, g, geom.East)
	assert.Zero(t, fxCount(g, fxKind(g, "zombie"))+fxCount(g, fxKind(g, "bike"))+fxCount(g, fxKind(g, "car")),
		"all three in the line are dead\n%s", fxDump(g))
	assert.Equal(t, 3, g.Run.Kills)
	assert.Len(t, fxKindAt(g, vocab.KindBloodstain, geom.Pt(3, 1)), 1)
	assert.Zero(t, fxCount(g, vocab.KindBullet))
	assert.Equal(t, 1, g.Run.Turns, "one shot, one turn")
}

// TestCombatRailgunStopsAtWreck: a wreck stops every slug, so nothing behind it
// is hurt.
func TestCombatRailgunStopsAtWreck(t *testing.T) {
	g := fxGame(t, 3, fxMap(
		"..........",
		".@..#.z...",
		"..........",
	))
	fxMount(g, geom.East, "railgun")
	z := fxAt(t, g, fxKind(g, "zombie"), geom.Pt(6, 1))
	fxFire(t, g, geom.East)
	assert.Equal(t, 2, vocab.HP.Value(g.world, z).Cur)
	assert.Len(t, fxKindAt(g, vocab.KindWreck, geom.Pt(4, 1)), 1)
}

// fxChainRoad has five barrels four cells apart, the first seven cells in
// front of the van: out of reach of its fragments, in reach of the pistol.
var fxChainRoad = fxMap(
	"................................",
	"................................",
	".@......0...0...0...0...0.......",
	"................................",
	"................................",
)

// TestCombatBarrelChain: shooting the first of five barrels sets off all five in
// the one turn.
func TestCombatBarrelChain(t *testing.T) {
	g := fxGame(t, 5, fxChainRoad)
	require.Equal(t, 5, fxCount(g, vocab.KindBarrel))
	before := fxStats(g)
	g.SetTracing(true)
	fxFire(t, g, geom.East)
	assert.Zero(t, fxCount(g, vocab.KindBarrel), "every barrel went off\n%s", fxDump(g))
	assert.Zero(t, fxCount(g, vocab.KindFragment), "the chain resolved inside the turn")
	exploded := map[string]bool{}
	for _, r := range fxRecords(g.LastTrace(), "Explode(", true) {
		exploded[r.Action] = true
	}
	assert.Len(t, exploded, 5, "five barrels, five explosions")
	assert.Equal(t, before, fxStats(g), "the van is out of reach")
	assert.Equal(t, 1, g.Run.Turns)
}

// TestCombatExplosionsCountedOnce: the run's explosion count is the number of
// barrels that went off.
// Several fragments may reach one barrel at the same instant; the moot rule
// refuses the later, empty explosions.
func TestCombatExplosionsCountedOnce(t *testing.T) {
	g := fxGame(t, 5, fxChainRoad)
	fxFire(t, g, geom.East)
	require.Zero(t, fxCount(g, vocab.KindBarrel))
	assert.Equal(t, 5, g.Run.Explosions)
}

// TestCombatBarrelChainDeterministic: the same chain, with the van in the blast
// so layered damage rolls dice, gives the same state hash every time, with
// or without a trace and a listener watching.
func TestCombatBarrelChainDeterministic(t *testing.T) {
	road := fxMap(
		"..................",
		".....=............",
		"..@0...0...0...0..",
		"....z.............",
		"..................",
	)
	run := func(watch bool) uint64 {
		g := fxGame(t, 11, road)
		if watch {
			g.SetTracing(true)
			g.SetListener(Listener{Commit: func(int) {}, Advance: func(int) {}})
		}
		fxFire(t, g, geom.East)
		require.Zero(t, fxCount(g, vocab.KindBarrel), "\n%s", fxDump(g))
		return g.Hash()
	}
	first := run(false)
	assert.Equal(t, first, run(false), "same seed, same commands, same state")
	assert.Equal(t, first, run(true), "watching changes nothing")
}

// TestCombatBarrelNextToVan: five of a barrel's 32 fragments enter each
// orthogonal neighbour on their first step, so the van next to an
// exploding barrel takes up to five points of layered damage, armour
// included. The barrel is shot at point blank, or rammed.
func TestCombatBarrelNextToVan(t *testing.T) {
	for _, how := range []string{"shot", "rammed"} {
		for seed := uint64(1); seed <= 8; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", how, seed), func(t *testing.T) {
				g := fxGame(t, seed, fxMap(
					"..........",
					"..........",
					"...@0.....",
					"..........",
					"..........",
				))
				g.SetTracing(true)
				before := fxStats(g)
				if how == "shot" {
					fxFire(t, g, geom.East)
				} else {
					fxSpeed(g, g.env.Van, 1)
					fxDo(t, g, Command{Kind: CmdWait})
					assert.Equal(t, geom.Pt(3, 2), fxVanAt(g), "the van stops at the barrel")
				}
				require.Zero(t, fxCount(g, vocab.KindBarrel), "\n%s", fxDump(g))
				points := len(fxRecords(g.LastTrace(), fmt.Sprintf("Hit(#%d ", g.env.Van), true))
				lost := before.lost(fxStats(g))
				held := fxMessages(g, assets.MsgArmourHeld)
				assert.Equal(t, 5, points, "five fragments reach the van\n%s", fxDump(g))
				assert.Equal(t, points, lost+held, "each point breaks armour, is held by it, or lands")
				assert.LessOrEqual(t, lost, 5)
			})
		}
	}
}

// TestCombatVanNeverShootsItself: whatever the gun and side, at point blank
// against a wreck or in the open, standing or at top speed, the van's own
// bullets never hurt it.
func TestCombatVanNeverShootsItself(t *testing.T) {
	for _, gun := range []string{"pistol", "shotgun", "machine_gun", "railgun"} {
		for _, speed := range []int{0, 4} {
			t.Run(fmt.Sprintf("%s/speed%d", gun, speed), func(t *testing.T) {
				g := fxGame(t, 2, fxMap(
					"...................................................",
					"...................................................",
					"...................#...............................",
					"..................#@#..............................",
					"...................................................",
					"...................................................",
				))
				for _, d := range geom.Dirs {
					fxMount(g, d, gun)
				}
				before := fxStats(g)
				g.SetTracing(true)
				for _, d := range geom.Dirs {
					fxSpeed(g, g.env.Van, speed)
					fxFire(t, g, d)
					hits := fxRecords(g.LastTrace(), fmt.Sprintf("Hit(#%d ", g.env.Van), true)
					assert.Empty(t, hits, "fired %v", d)
				}
				assert.Equal(t, before, fxStats(g))
			})
		}
	}
}

// TestCombatBurstPeriod: a burst leaves one bullet every stated period
// (the original's rule order doubled it).
func TestCombatBurstPeriod(t *testing.T) {
	for _, gun := range []string{"machine_gun", "railgun"} {
		t.Run(gun, func(t *testing.T) {
			g := fxGame(t, 4, fxMap(
				"..............",
				".@............",
				"..............",
			))
			fxMount(g, geom.East, gun)
			spec, ok := g.data.Guns.Get(gun)
			require.True(t, ok)
			var spawned []int
			last := g.world.LastEntity()
			g.SetListener(Listener{Commit: func(now int) {
				for e := last + 1; e <= g.world.LastEntity(); e++ {
					if vocab.KindOf.Value(g.world, e) == vocab.KindBullet {
						spawned = append(spawned, now)
					}
				}
				last = g.world.LastEntity()
			}})
			fxFire(t, g, geom.East)
			want := make([]int, spec.Bullets)
			for i := range want {
				want[i] = i * spec.BurstPeriodMs
			}
			assert.Equal(t, want, spawned)
		})
	}
}

// TestCombatSpreadSymmetric: over many shots the aim offsets of spread guns
// average out to nothing on both axes and reach as far on either side (the
// original's shotgun leaned up and left).
func TestCombatSpreadSymmetric(t *testing.T) {
	g := fxGame(t, 1, fxMap(".....", "..@..", "....."))
	for _, gun := range []string{"shotgun", "machine_gun"} {
		for _, d := range geom.Dirs {
			t.Run(fmt.Sprintf("%s/%v", gun, d), func(t *testing.T) {
				spec, _ := g.data.Guns.Get(gun)
				aim := d.Vec().Mul(spec.Range)
				var sum [2]int
				lo, hi := [2]int{}, [2]int{}
				n := 0
				for seed := uint64(1); seed <= 1000; seed++ {
					g.rng = rand.New(rand.NewPCG(seed, 99))
					g.env.Rand = g.rng
					a := g.world.NewAction()
					fire := act.Fire(g.env.Van, d, gun, spec.Bullets, 0)
					act.Build(&g.env, &fire, a)
					_, vels := vocab.Velocity.Pending(a)
					require.Len(t, vels, spec.Bullets)
					for _, v := range vels {
						off := [2]int{v.Line.DX - aim.X, v.Line.DY - aim.Y}
						for i := range off {
							sum[i] += off[i]
							lo[i], hi[i] = min(lo[i], off[i]), max(hi[i], off[i])
						}
						n++
					}
					a.Reset()
				}
				for i, axis := range []string{"x", "y"} {
					mean := float64(sum[i]) / float64(n)
					assert.InDelta(t, 0, mean, 0.1, "mean %s offset over %d bullets", axis, n)
					assert.Equal(t, spec.Spread, hi[i], "%s reaches +spread", axis)
					assert.Equal(t, -spec.Spread, lo[i], "%s reaches -spread", axis)
				}
			})
		}
	}
}

// TestCombatExplosionBurnsLettersAndHurtsAll: a barrel's blast kills a zombie
// next to it, burns a letter a cell off and sets off a barrel behind a
// wreck (fragments pass through wrecks).
func TestCombatExplosionBurnsLettersAndHurtsAll(t *testing.T) {
	g := fxGame(t, 6, fxMap(
		"...............",
		"......=........",
		"@......0..#0...",
		".......z.......",
	))
	fxFire(t, g, geom.East)
	assert.Zero(t, fxCount(g, vocab.KindBarrel), "both barrels went off\n%s", fxDump(g))
	assert.Zero(t, fxCount(g, vocab.KindLetter), "the letter burned")
	assert.Zero(t, fxCount(g, fxKind(g, "zombie")), "the zombie died")
	assert.Len(t, fxKindAt(g, vocab.KindWreck, geom.Pt(10, 2)), 1, "wrecks stand")
}
