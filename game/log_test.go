package game

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/rules/vocab"
)

// TestLogReservesItsLimitOnce fills a log past its limit: the room for
// Limit entries is made when the first line comes, and no line after
// allocates, not even once the log is full and drops its oldest. The log
// keeps the newest Limit lines, and its digest is the one computed afresh.
func TestLogReservesItsLimitOnce(t *testing.T) {
	const limit = 50
	l := Log{Limit: limit}
	turn := 0
	add := func() {
		// A new turn's new number never folds into the line before.
		turn += 2
		l.Add(vocab.Message{ID: assets.MsgAlreadyStopped, N: turn}, turn)
	}
	add()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 4 * limit {
		add()
	}
	runtime.ReadMemStats(&after)
	assert.Zero(t, after.Mallocs-before.Mallocs, "lines after the first")
	require.Len(t, l.Entries, limit)
	for i, e := range l.Entries {
		require.Equal(t, turn-2*(limit-1-i), e.Msg.N, "entry %d", i)
	}
	fresh := Log{Entries: slices.Clone(l.Entries), Limit: limit}
	fresh.rehash()
	assert.Equal(t, fresh.hash(0), l.hash(0))
}

// TestLogDropsAsAppendingFirstWould writes random lines, repeats and
// tallied hits among them, to logs of several limits, and keeps beside
// each a plain list of every line (folded as the log folds them) whose
// newest Limit entries the log must hold, with the digest computed afresh.
func TestLogDropsAsAppendingFirstWould(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	msgs := []vocab.Message{
		{ID: assets.MsgTopSpeed}, {ID: assets.MsgAlreadyStopped, N: 2},
		{ID: assets.MsgGunHits, Who: "gun", Victim: "bike", Of: 3, N: 4},
		{ID: assets.MsgGunHits, Who: "gun", Victim: "bike", Of: 3, N: 2},
	}
	for _, limit := range []int{1, 2, 7, 40} {
		l, all := Log{Limit: limit}, Log{}
		turn := 0
		for i := range 400 {
			turn += rng.IntN(2)
			m := msgs[rng.IntN(len(msgs))]
			l.Add(m, turn)
			all.Add(m, turn)
			want := all.Entries[max(0, len(all.Entries)-limit):]
			require.Equal(t, want, l.Entries, "limit %d, line %d", limit, i)
			fresh := Log{Entries: slices.Clone(l.Entries), Limit: limit}
			fresh.rehash()
			require.Equal(t, fresh.hash(0), l.hash(0), "limit %d, line %d", limit, i)
		}
	}
}
