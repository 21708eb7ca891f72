package book

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
	"lastpost/rules"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// factsSeen is the book's scratch, noting the facts Derive returns for
// each action.
type factsSeen struct {
	*Scratch
	facts []uint64
}

func (s *factsSeen) Derive(c *Check) uint64 {
	f := s.Scratch.Derive(c)
	s.facts = append(s.facts, f)
	return f
}

// TestFactsHoldWhereverTheirRulesAct asks every rule of the book that
// declares Needs, alone, about random actions on random crowded roads
// (moves on and off the road, into the goal column and onto acid, lane
// changes, steering, engines losing power, actions that change nothing),
// with the trace on, so the
// rule is asked whenever its concerns are touched. Whenever the facts the
// scratch derived hold none of the rule's Needs (the engine, untraced,
// would not have asked it), the rule must accept and ask for nothing. Each
// rule must also have acted (refused, or asked for a follow-on) in some
// cases and been skippable in others, so the roads reach what each fact
// is about.
func TestFactsHoldWhereverTheirRulesAct(t *testing.T) {
	acted := map[string]int{}
	skippable := map[string]int{}
	for i := range testsize.Steps(800) {
		for k, rule := range Book(&Env{}) {
			if rule.Needs == 0 {
				continue
			}
			f, step := fxRandomAction(rand.New(rand.NewPCG(uint64(i), 5)))
			r := Book(&f.env)[k]
			seen := &factsSeen{Scratch: NewScratch(&f.env)}
			for j, rec := range fxResolveWith(f, []Rule{r}, step, seen, false) {
				if len(rec.Checks) == 0 {
					continue
				}
				c := rec.Checks[0]
				did := c.Verdict != rules.Accept || len(c.FollowOns) > 0
				if did {
					acted[r.Name]++
				}
				if seen.facts[j]&r.Needs == 0 {
					skippable[r.Name]++
					require.False(t, did, "case %d: %s acted on %s with none of the facts it needs (%b): %s",
						i, r.Name, rec.Action, seen.facts[j], rec)
				}
			}
		}
	}
	for _, name := range []string{"moot", "bounds", "acid", "goal reached", "steering needs speed", "stranded", "motion ends", "letter pick-up", "run-over",
		"collision", "bump attack", "enemy collision", "van collision", "projectile hit", "fragments burn letters"} {
		// The counts grow with the cases, which -short quarters.
		assert.Greater(t, acted[name], testsize.Steps(10), "%s acted", name)
		assert.Greater(t, skippable[name], testsize.Steps(50), "%s could be skipped", name)
	}
}

// fxRandomAction builds a small road crowded with random things, some
// cells acid, and one action of the kinds the facts are about: a move of
// any mover to a cell next to it (or off the road), the van boxed in by
// wrecks or not, a lane change, a steering, an engine losing power, or an
// action that changes nothing.
func fxRandomAction(rng *rand.Rand) (*fxWorld, fxStep) {
	f, step := fxRandomMove(rng)
	for range rng.IntN(12) {
		f.acid = append(f.acid, geom.Pt(rng.IntN(fxW), rng.IntN(fxH)))
	}
	if rng.IntN(4) == 0 {
		return f, fxCrowdedMove(f, rng, step)
	}
	if rng.IntN(7) == 0 {
		return f, fxVelocityStep(f, rng)
	}
	van := f.player
	if van == 0 {
		return f, step
	}
	p := vocab.Position.Value(f.w, van)
	switch rng.IntN(6) {
	case 0:
		// Wrecks on most sides of the cell the van moves east into, or
		// north or south of it.
		to := p.Add(geom.Dirs[rng.IntN(4)].Vec())
		for _, d := range []geom.Point{{X: 1}, {Y: -1}, {Y: 1}} {
			if q := to.Add(d); rng.IntN(5) > 0 && q != p {
				f.wreck(q)
			}
		}
		if rng.IntN(3) == 0 {
			f.acid = append(f.acid, to)
		}
		// A letter to pick up or a zombie to run over there, or not.
		switch rng.IntN(4) {
		case 0:
			f.letter(to)
		case 1:
			f.zombie(to)
		}
		return f, fxMove(van, to, Accept)
	case 1:
		// Most lane changes clear the steering that asked for them; one
		// asked for directly has none to clear, and leaves Steering be.
		fxSpeed(f, van, rng.IntN(2))
		if rng.IntN(5) > 0 {
			fxSteer(f, van, geom.North)
		}
		return f, fxBuilt(f, act.Lane(van, []geom.Dir{geom.North, geom.South}[rng.IntN(2)]), Accept)
	case 2:
		fxSpeed(f, van, rng.IntN(2))
		return f, fxSteerStep(van, []geom.Dir{geom.North, geom.South}[rng.IntN(2)], Accept)
	case 3:
		if rng.IntN(3) == 0 {
			f.carry("engine_kit")
		}
		return f, fxTopSpeed(van, rng.IntN(3))
	case 4:
		if rng.IntN(2) == 0 {
			// An action that changes nothing: a wait, an explosion of
			// a barrel already gone, a command with nothing to do (its
			// mark alone, or not even that).
			t := []act.Act{act.Wait(van), act.Explode(van, 0), act.Accelerate(van)}[rng.IntN(3)]
			marked := rng.IntN(2) == 0
			return f, fxStep{act: t, build: func(a *ecs.Action) {
				if marked {
					vocab.Command.Set(a, true)
				}
			}}
		}
		// The van a step or two short of the goal column.
		from := geom.Pt(fxW-1-rng.IntN(3), rng.IntN(fxH))
		f.change(func(a *ecs.Action) { vocab.Position.Set(a, van, from) })
		return f, fxMove(van, from.Add(geom.Dirs[rng.IntN(4)].Vec()), Accept)
	}
	return f, step
}

// fxCrowdedMove is a move of a random mover (an enemy, the van, a
// projectile) into the cell of something else on the road, most often
// the van's or a letter's (a fragment's, most often), or the van into an enemy's, so that the rules about what each kind of
// mover meets there get to act; step is kept if the road has no such
// pair.
func fxCrowdedMove(f *fxWorld, rng *rand.Rand, step fxStep) fxStep {
	var movers, others, letters, enemies, fragments []ecs.Entity
	for e := ecs.Entity(1); e <= f.w.LastEntity(); e++ {
		if !vocab.Position.Has(f.w, e) {
			continue
		}
		others = append(others, e)
		if vocab.Letter.In(f.w, e) {
			letters = append(letters, e)
		}
		if vocab.Enemy.In(f.w, e) {
			enemies = append(enemies, e)
		}
		if vocab.Shard.In(f.w, e) {
			fragments = append(fragments, e)
		}
		if vocab.Enemy.In(f.w, e) || vocab.Player.In(f.w, e) || vocab.IsProjectile(f.w, e) {
			movers = append(movers, e)
		}
	}
	if len(movers) == 0 {
		return step
	}
	m, o := movers[rng.IntN(len(movers))], others[rng.IntN(len(others))]
	switch rng.IntN(4) {
	case 0:
		if f.player != 0 {
			o = f.player
		}
	case 1:
		if len(letters) > 0 {
			o = letters[rng.IntN(len(letters))]
		}
		if len(fragments) > 0 && rng.IntN(2) == 0 {
			m = fragments[rng.IntN(len(fragments))]
		}
	case 2:
		if f.player != 0 && len(enemies) > 0 {
			m, o = f.player, enemies[rng.IntN(len(enemies))]
		}
	}
	if m == o {
		return step
	}
	return fxMove(m, vocab.Position.Value(f.w, o), Accept)
}

// fxVelocityStep is a step of a velocity as the game builds it, of a
// projectile or the van, with one or two moves left, or the end of one.
func fxVelocityStep(f *fxWorld, rng *rand.Rand) fxStep {
	movers := vocab.Velocity.Entities(f.w)
	var e ecs.Entity
	switch {
	case f.player != 0 && rng.IntN(3) == 0:
		e = f.player
		f.moving(e)
	case len(movers) > 0:
		e = movers[rng.IntN(len(movers))]
	default:
		e = f.bullet(geom.Pt(rng.IntN(fxW), rng.IntN(fxH)), f.player)
	}
	moves := 1 + rng.IntN(2)
	f.change(func(a *ecs.Action) {
		v := vocab.Velocity.Value(f.w, e)
		v.Moves = moves
		vocab.Velocity.Set(a, e, v)
	})
	if rng.IntN(5) == 0 {
		return fxBuilt(f, act.Stop(e), Accept)
	}
	return fxBuilt(f, act.Move(e), Accept)
}

// TestFactsOfComponentsWithoutTheOneWordTest derives the facts of random
// actions with the scratch's one-word test of the mask and without it (as
// for a vocabulary whose components lie in several words): the facts must
// be the same, and those of the components must show up.
func TestFactsOfComponentsWithoutTheOneWordTest(t *testing.T) {
	var told uint64
	for i := range testsize.Steps(600) {
		var seen [2]*factsSeen
		for k := range seen {
			f, step := fxRandomAction(rand.New(rand.NewPCG(uint64(i), 7)))
			seen[k] = &factsSeen{Scratch: NewScratch(&f.env)}
			if k == 1 {
				require.NotZero(t, seen[k].few)
				seen[k].few = 0
			}
			fxResolveWith(f, Book(&f.env), step, seen[k], false)
		}
		require.Equal(t, seen[0].facts, seen[1].facts, "case %d", i)
		for _, f := range seen[0].facts {
			told |= f
		}
	}
	assert.Equal(t, mayStrand|steers|ends, told&(mayStrand|steers|ends), "every fact of the components was told")
}
