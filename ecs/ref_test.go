package ecs

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
)

// TestRefReadsAsRead runs random operations, over the fixed seeds, and
// after every step reads every entity id in use and some beyond by Ref and
// by Read, for a value of several words and one of one: Ref must point at
// the value Read returns, and be nil exactly where Read finds none.
func TestRefReadsAsRead(t *testing.T) {
	held := 0
	eachRandomStep(t, testsize.Steps(40), func(w *World, where string) {
		for e := Entity(0); e < 64; e++ {
			held += checkRef(t, w, pos, e, where)
			held += checkRef(t, w, velo, e, where)
			held += checkRef(t, w, name, e, where)
		}
	})
	require.Positive(t, held, "no entity ever held a value: the test compares nothing")
}

// eachRandomStep runs steps random operations on a new test world for
// each of the fixed seeds, and calls check after every step with the
// world and where it is.
func eachRandomStep(t *testing.T, steps int, check func(w *World, where string)) {
	t.Helper()
	for _, seed := range testSeeds {
		w := newTestWorld()
		o := newOpRun(t, w, seed)
		for step := range steps {
			o.step(step)
			check(w, fmt.Sprintf("seed %d step %d", seed, step))
		}
	}
}

// checkRef compares Ref with Read for e's value of c, and returns 1 if e
// holds one.
func checkRef[T any](t *testing.T, w *World, c Data[T], e Entity, where string) int {
	t.Helper()
	want, ok := c.Read(w, e)
	got := c.Ref(w, e)
	if !ok {
		require.Nil(t, got, "%s entity %d", where, e)
		return 0
	}
	require.NotNil(t, got, "%s entity %d", where, e)
	require.Equal(t, want, *got, "%s entity %d", where, e)
	return 1
}
