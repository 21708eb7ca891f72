package book

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestQuietCellsAnswerAsTheIndexDoes plays random moves on random roads
// through the whole book twice: once as the game does, the rules about
// the target cell leaving at once when the scratch says the cell holds
// nothing but projectiles, and once with a first rule that marks every
// move busy, so each of those rules asks the index as it would without
// the shortcut. Every rule's verdict and follow-ons, and the world after,
// must agree.
func TestQuietCellsAnswerAsTheIndexDoes(t *testing.T) {
	var quiet, busy, refused int
	for i := range 600 {
		var records [2][]rules.Record
		var hashes [2]uint64
		// wasBusy is what the scratch said of the case's own move, the
		// first the marking rule sees.
		var wasBusy, seen bool
		for j, general := range []bool{false, true} {
			f, step := fxRandomMove(rand.New(rand.NewPCG(uint64(i), 3)))
			book := Book(&f.env)
			if general {
				book = append([]Rule{{Name: "every cell busy", Check: func(c *Check) Verdict {
					m := &c.Scratch.(*Scratch).m
					if !seen {
						wasBusy, seen = m.busy, true
					}
					m.busy = m.ok
					return Accept
				}}}, book...)
			}
			records[j] = fxResolveWith(f, book, step, NewScratch(&f.env), true)
			hashes[j] = f.w.Hash()
		}
		for k := range records[1] {
			records[1][k].Checks = records[1][k].Checks[1:]
		}
		require.Equal(t, records[1], records[0], "case %d", i)
		require.Equal(t, hashes[1], hashes[0], "case %d", i)
		if wasBusy {
			busy++
		} else {
			quiet++
		}
		if !records[0][0].Committed {
			refused++
		}
	}
	// The roads are crowded enough that both kinds of move, and refusals
	// by the rules about the cell, are common.
	require.Greater(t, quiet, 100)
	require.Greater(t, busy, 50)
	require.Greater(t, refused, 50)
}

// TestFactsLetTheEngineSkipOnlyWhatWouldAccept plays random actions on
// random crowded roads (fxRandomAction: moves of every kind of mover,
// lane changes, steering, engines losing power) untraced, once as the
// game does (the engine skips each rule whose Needs the scratch's facts
// lack, such as the rules that need a busy cell for every move into a
// quiet one) and once asking every rule, and requires the same actions
// committed and the same world after.
func TestFactsLetTheEngineSkipOnlyWhatWouldAccept(t *testing.T) {
	var refused int
	for i := range 600 {
		var committed [2][]string
		var hashes [2]uint64
		var moved string
		for j, noSkip := range []bool{false, true} {
			f, step := fxRandomAction(rand.New(rand.NewPCG(uint64(i), 3)))
			_, committed[j] = fxResolve(f, Book(&f.env), step, noSkip, false)
			hashes[j] = f.w.Hash()
			moved = step.act.String()
		}
		require.Equal(t, committed[1], committed[0], "case %d", i)
		require.Equal(t, hashes[1], hashes[0], "case %d", i)
		if len(committed[1]) == 0 || committed[1][0] != moved {
			refused++
		}
	}
	// Refusals (by the rules that need a busy cell, bounds, steering)
	// are common.
	require.Greater(t, refused, 50)
}

// fxRandomMove builds a small road crowded with random things and a move
// of one of the movers to a cell next to it (or off the road).
func fxRandomMove(rng *rand.Rand) (*fxWorld, fxStep) {
	f := fxNew()
	at := func() geom.Point { return geom.Pt(rng.IntN(fxW), rng.IntN(fxH)) }
	var movers []ecs.Entity
	if rng.IntN(4) > 0 {
		movers = append(movers, f.van(at()))
	}
	for range 4 + rng.IntN(20) {
		switch p := at(); rng.IntN(8) {
		case 0:
			f.wreck(p)
		case 1:
			f.barrel(p)
		case 2:
			f.letter(p)
		case 3:
			movers = append(movers, f.zombie(p))
		case 4:
			movers = append(movers, f.car(p))
		case 5:
			movers = append(movers, f.bike(p))
		case 6:
			movers = append(movers, f.bullet(p, f.player))
		default:
			movers = append(movers, f.fragment(p))
		}
	}
	if len(movers) == 0 {
		movers = append(movers, f.zombie(at()))
	}
	e := movers[rng.IntN(len(movers))]
	from := vocab.Position.Value(f.w, e)
	to := from
	for to == from {
		to = geom.Pt(from.X+rng.IntN(3)-1, from.Y+rng.IntN(3)-1)
	}
	return f, fxMove(e, to, Accept)
}

// fxResolveWith runs the step's action, and its follow-ons as empty
// actions, through the given rules as the game's engine would (the
// scratch given, Subject), with the trace on, consulting every rule if
// noSkip, and returns the trace.
func fxResolveWith(f *fxWorld, book []Rule, step fxStep, scratch rules.Scratch[act.Act], noSkip bool) []rules.Record {
	trace, _ := fxResolveOn(f, book, step, scratch, noSkip, true)
	return trace.Records
}

// TestProjectilesMeetNothing pins what lets a move into a cell holding
// only projectiles count as quiet: the game's projectiles, a gun's
// bullets and a blast's fragments as their builders make them, carry none
// of the components the rules about the target cell ask the index about.
func TestProjectilesMeetNothing(t *testing.T) {
	f := fxNew()
	v := f.van(geom.Pt(3, 2))
	f.build(act.Fire(v, geom.East, "shotgun", 1, 0))
	f.build(act.Fire(v, geom.East, "machine_gun", 6, 40))
	f.build(act.Explode(f.barrel(geom.Pt(6, 3)), v))
	met := []ecs.ID{vocab.Solid.ID(), vocab.Hittable.ID(), vocab.Enemy.ID(), vocab.Player.ID(),
		vocab.RunOverable.ID(), vocab.Letter.ID()}
	bullets, shards := vocab.Projectile.Entities(f.w), vocab.Shard.Entities(f.w)
	require.Greater(t, len(bullets), 5)
	require.NotEmpty(t, shards)
	projectiles := append(append([]ecs.Entity{}, bullets...), shards...)
	for _, p := range projectiles {
		for _, id := range met {
			require.False(t, f.w.Holds(id, p), "projectile %d holds component %d", p, id)
		}
	}
}
