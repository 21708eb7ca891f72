package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/rules/act"
)

// The engine skips, for each action, the rules whose concerns it does not
// touch, and untraced the rules whose Subjects its mover holds none of,
// and the book shares what it derives about the action in its scratch.
// None of that may change play: a run whose engine asks every rule of
// every action, and a run that keeps the trace (which consults the rules
// with Subjects too), must play turn for turn as the run that skips.
func TestSkippingRulesPlaysAsAskingEveryRule(t *testing.T) {
	data := fxData(t)
	seeds := []uint64{4242, 7}
	turns := 400
	if testing.Short() {
		seeds, turns = seeds[:1], 150
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			skips := New(data, seed)
			asksAll := New(data, seed)
			asksAll.setEngine(true)
			traced := New(data, seed)
			traced.SetTracing(true)
			require.Equal(t, skips.Hash(), asksAll.Hash(), "the runs start alike")
			var bot Bot
			for turn := 1; turn <= turns && skips.Phase() != act.PhaseOver && !skips.Run.Won; turn++ {
				c := bot.Next(skips).Canonical()
				res, err := skips.Do(c)
				require.NoError(t, err)
				_, errAll := asksAll.Do(c)
				require.NoError(t, errAll)
				_, errTraced := traced.Do(c)
				require.NoError(t, errTraced)
				if !assert.Equal(t, skips.Hash(), asksAll.Hash(), "turn %d (%v): asking every rule plays differently", turn, c) ||
					!assert.Equal(t, skips.Hash(), traced.Hash(), "turn %d (%v): keeping the trace plays differently", turn, c) {
					return
				}
				bot.Observe(c, res)
			}
		})
	}
}
