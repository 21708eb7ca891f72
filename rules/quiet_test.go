package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
	"lastpost/rules"
)

// TestCommitQuietly runs random lines of notes, some built quietly (odd
// N), some refused by a rule (N a multiple of three), and requires that
// OnCommit hears exactly the committed notes that were not quiet, in
// order, and QuietCommits counts the others: a quiet note refused or
// committed must leave the next note as loud as it was built.
func TestCommitQuietly(t *testing.T) {
	w := newWorld()
	van := spawn(w, geom.Pt(0, 1))
	refuse := rules.Rule[act]{Name: "refuse", Concerns: []ecs.ID{idMark},
		Check: func(c *rules.Check[act]) rules.Verdict {
			if c.Type.N%3 == 0 {
				return rules.Reject
			}
			return rules.Accept
		}}
	var e *rules.Engine[act]
	plain := build(w)
	e = rules.New(w, []rules.Rule[act]{refuse}, rules.Options[act]{Build: func(t *act, a *ecs.Action) {
		if t.N%2 == 1 {
			e.CommitQuietly()
		}
		plain(t, a)
	}})
	var heard []int
	e.OnCommit = func(t *act, _ int) { heard = append(heard, t.N) }
	r := rand.New(rand.NewPCG(4, 9))
	var want []int
	quiet, sum := 0, 0
	for range testsize.Steps(200) {
		for range r.IntN(8) {
			n := 1 + r.IntN(12)
			e.Enqueue(act{Kind: note, E: van, N: n})
			switch {
			case n%3 == 0:
			case n%2 == 1:
				quiet++
				sum += n
			default:
				want = append(want, n)
				sum += n
			}
		}
		require.NoError(t, e.Resolve())
		require.Equal(t, want, heard)
		require.Equal(t, quiet, e.QuietCommits())
		require.Equal(t, sum, mark.Value(w, van), "quiet notes are committed all the same")
	}
	require.NotZero(t, quiet)
	require.NotEmpty(t, want)
}
