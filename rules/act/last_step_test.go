package act

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
	"lastpost/rules/vocab"
)

// TestLastStepStepsAsAMoveWould pins buildLastStep against buildMove, the
// general way of a step: for random lines, at random points of them, the
// last step enters the cell a Move of the same course would, removes the
// fragment, tells the rules the step it built, and leaves the world as it
// was until its action is committed (the course is read in place, and a
// refused last step must leave the fragment's course, line and all, as it
// found it).
func TestLastStepStepsAsAMoveWould(t *testing.T) {
	f := newFixture(t)
	rng := rand.New(rand.NewPCG(3, 4))
	var told Stepped
	f.env.Stepped = &told
	for i := range testsize.Steps(200) {
		line := geom.NewLine(geom.Pt(rng.IntN(9)-4, rng.IntN(9)-4))
		for range rng.IntN(5) {
			line.Step()
		}
		course := vocab.Course{Line: line, MsPerCell: 40, Moves: 1 + rng.IntN(3), Next: now}
		at := geom.Pt(2+rng.IntN(16), 2+rng.IntN(4))
		e := f.spawn(vocab.KindFragment, at, func(a *ecs.Action, e ecs.Entity) {
			vocab.Velocity.Set(a, e, course)
		})

		move, last := Move(e), LastStep(e)
		am := f.w.NewAction()
		Build(f.env, &move, am)
		wantTo, _ := vocab.Position.Get(f.w.After(am), e)

		told = Stepped{}
		al := f.w.NewAction()
		Build(f.env, &last, al)
		require.Equal(t, course, vocab.Velocity.Value(f.w, e), "case %d: the world's course is as it was", i)
		hop, ok := vocab.LastStep.Get(al)
		require.True(t, ok, "case %d", i)
		require.Equal(t, vocab.Hop{E: e, To: wantTo}, hop, "case %d: the cell a Move enters", i)
		require.Equal(t, Stepped{T: &last, E: e, From: at, To: wantTo}, told, "case %d", i)
		require.False(t, vocab.Position.Has(f.w.After(al), e), "case %d: the fragment is removed", i)

		f.w.Commit(al)
		require.False(t, f.w.Alive(e), "case %d", i)
	}
}
