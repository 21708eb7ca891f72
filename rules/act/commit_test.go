package act

import (
	"fmt"
	"math/bits"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// spyLedger notes every call a commit makes of it.
type spyLedger struct {
	tally Tally
	calls []string
}

func (l *spyLedger) Tally() *Tally {
	l.calls = append(l.calls, "tally")
	return &l.tally
}

func (l *spyLedger) Log(m vocab.Message, _ vocab.Chain) {
	l.calls = append(l.calls, fmt.Sprintf("log %v", m.ID))
}

func (l *spyLedger) Enlist(e ecs.Entity) { l.calls = append(l.calls, fmt.Sprintf("enlist %d", e)) }

func (l *spyLedger) Forget(e ecs.Entity) { l.calls = append(l.calls, fmt.Sprintf("forget %d", e)) }

// TestCommitPassesMovesByAsTheSearchWould pins Commit's shortcut: a Move,
// which Commit passes by without the search for its kind, means as little
// to that search (commit): neither asks anything of the ledger or reads the
// environment (none is given), and both leave the tally as it was.
func TestCommitPassesMovesByAsTheSearchWould(t *testing.T) {
	for _, e := range []ecs.Entity{0, 1, 42} {
		move := Move(e)
		var shortcut, search spyLedger
		Commit(nil, &shortcut, &move)
		commit(nil, &search, &move)
		require.Equal(t, search.calls, shortcut.calls, "Move(%d)", e)
		require.Equal(t, search.tally, shortcut.tally, "Move(%d)", e)
		require.Empty(t, shortcut.calls)
	}
}

// TestCommitsNothingMeansCommitDoesNothing pins the kinds CommitsNothing
// names, by which the game's engine leaves Commit out: committing any of
// them, with every field of the action type set, asks nothing of the
// ledger, reads nothing of the environment (none is given, so a read
// panics) and leaves the action type as it was. Every other kind's commit
// does something there: it asks the ledger or reads the environment, so
// the list leaves out no kind whose commit could be left out.
func TestCommitsNothingMeansCommitDoesNothing(t *testing.T) {
	if runtime.GOARCH == "386" {
		// CI runs this package's 32-bit build under a user-mode emulator,
		// which cannot turn a nil dereference into a panic to recover;
		// the list is the same on every architecture.
		t.Skip("the probe recovers from nil dereferences, which the 32-bit emulator cannot deliver")
	}
	quiet := 0
	for k := range kindCount {
		before := Act{Kind: k, Dir: 1, Driver: true, E: 7, O: 9, N: 3, At: geom.Pt(4, 5),
			Item: "pistol", Delay: 40, Msg: vocab.Message{ID: "hello"}}
		t.Run(k.String(), func(t *testing.T) {
			var l spyLedger
			got := before
			panicked := func() (p bool) {
				defer func() { p = recover() != nil }()
				Commit(nil, &l, &got)
				return false
			}()
			if !k.CommitsNothing() {
				assert.True(t, panicked || len(l.calls) > 0, "%v commits something, so it is not listed", k)
				return
			}
			quiet++
			require.False(t, panicked, "%v is listed, but its commit reads the environment", k)
			require.Empty(t, l.calls, "%v is listed, but its commit asks the ledger", k)
			require.Equal(t, Tally{}, l.tally)
			require.Equal(t, before, got)
		})
	}
	require.Equal(t, bits.OnesCount64(commitsNothing), quiet, "every kind listed is a kind")
	for _, k := range []Kind{kindCount, kindCount + 1, 64, 64 + KindMove, 255} {
		require.False(t, k.CommitsNothing(), "Act#%d is no kind", k)
	}
}
