package book

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestToldStepsDeriveAsTheActionDoes builds steps (a Move, a fragment's
// LastStep) and other actions of random movers on random crowded roads
// with the game's builders, telling one scratch of each (act.Env.Stepped)
// and not another, and requires that both derive the same move and the
// same facts. A stale telling, of another action type built before, must
// not be taken for the action checked either. Courses of every direction
// (none included, whose step stays put), with one move left or more, on
// the ground or not, reach each fact a step can have.
func TestToldStepsDeriveAsTheActionDoes(t *testing.T) {
	var told, stale int
	for i := range testsize.Steps(600) {
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		f, _ := fxRandomMove(rng)
		movers := vocab.Position.Entities(f.w)
		e := movers[rng.IntN(len(movers))]
		d := geom.Pt(rng.IntN(7)-3, rng.IntN(7)-3)
		if rng.IntN(10) == 0 {
			d = geom.Point{}
		}
		f.change(func(a *ecs.Action) {
			vocab.Velocity.Set(a, e, vocab.Course{Line: geom.NewLine(d), MsPerCell: 10, Moves: 1 + rng.IntN(3)})
			if rng.IntN(2) == 0 {
				vocab.Steering.Set(a, e, geom.South)
			}
		})
		dir := geom.Dirs[rng.IntN(4)]
		kinds := []act.Act{act.Move(e), act.LastStep(e), act.Stop(e), act.Walk(e, dir), act.Lane(e, dir)}
		typ := kinds[rng.IntN(len(kinds))]

		teller := NewScratch(&f.env)
		env := f.actEnv()
		env.Stepped = teller.Stepped()
		// Some cases tell of an earlier action type first, whose telling
		// a later one that tells nothing must ignore: another one, or
		// the same (a queue slot used again), derived in between as the
		// engine derives every action it builds.
		switch rng.IntN(3) {
		case 0:
			before := act.Move(e)
			act.Build(env, &before, f.w.NewAction())
		case 1:
			again := typ
			typ = act.Move(e)
			b := f.w.NewAction()
			act.Build(env, &typ, b)
			teller.Derive(&Check{Type: &typ, Action: b, World: f.w, After: f.w.After(b), Spatial: f.w.Spatial(), Scratch: teller})
			typ = again
		}
		a := f.w.NewAction()
		act.Build(env, &typ, a)
		if teller.m.T == &typ {
			told++
		} else if teller.m.T != nil {
			stale++
		}
		c := &Check{Type: &typ, Action: a, World: f.w, After: f.w.After(a), Spatial: f.w.Spatial(), Scratch: teller}
		facts := teller.Derive(c)
		require.Nil(t, teller.m.T, "case %d: what was told outlived the action", i)

		plain := NewScratch(&f.env)
		c.Scratch = plain
		want := plain.Derive(c)
		require.Equal(t, readMove(&plain.m), readMove(&teller.m), "case %d: %v", i, typ)
		require.Equal(t, want, facts, "case %d: %v", i, typ)
	}
	// Most cases are told of their own step; some hold a stale telling.
	require.Greater(t, told, testsize.Steps(600)/4)
	require.Greater(t, stale, testsize.Steps(600)/20)
}

// readMove returns what the rules read of a scratch's move: the mover, its
// cells, whether there is a move and whether its cell is busy. The rest of
// the move's Stepped is the telling, which a told scratch keeps and an
// untold one never had.
func readMove(m *moved) any {
	return struct {
		E        ecs.Entity
		From, To geom.Point
		Ok, Busy bool
	}{m.E, m.From, m.To, m.ok, m.busy}
}
