package act

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs"
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
