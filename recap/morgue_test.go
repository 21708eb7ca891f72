package recap

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/vocab"
)

// TestMorgueKeepsTheLastTwentyMessages fills the log with thirty numbered
// messages and checks the morgue file lists the newest twenty, oldest
// first, and no other.
func TestMorgueKeepsTheLastTwentyMessages(t *testing.T) {
	data, err := assets.Load()
	require.NoError(t, err)
	g := game.New(data, 1)
	for n := 1; n <= 30; n++ {
		// Two turns apart, so no message folds into the one before.
		g.Log().Add(vocab.Message{ID: assets.MsgDeliveryStarts, N: n}, 1000+2*n)
	}
	m := Morgue(data, g, "run-1.rec")
	_, messages, ok := strings.Cut(m, data.Texts.Get(assets.EndLastMessages)+"\n")
	require.True(t, ok, "%s", m)
	var want strings.Builder
	for n := 11; n <= 30; n++ {
		want.WriteString("  Delivery " + strconv.Itoa(n) + ". The road runs east.\n")
	}
	assert.Equal(t, want.String(), messages)
}
