package archive

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
	"lastpost/rules/act"
)

// TestBalanceCountsDeathsAfterAWornEngine feeds the report four hand-built
// runs and checks the worn-engine rows: a win never counts, a death counts
// by the engine at the end and, separately, by the engine it set out with.
func TestBalanceCountsDeathsAfterAWornEngine(t *testing.T) {
	b := NewBalance()
	b.Add(game.RunStats{Deliveries: 10, Cause: game.AutoplayWon, Engine: 1, SetOutEngine: 2})
	b.Add(game.RunStats{Deliveries: 4, Cause: act.CauseDestroyed, DestroyedBy: "bike", Engine: 2, SetOutEngine: 8})
	b.Add(game.RunStats{Deliveries: 6, Cause: act.CauseDestroyed, DestroyedBy: "zombie", Engine: 3, SetOutEngine: 3})
	b.Add(game.RunStats{Deliveries: 5, Cause: act.CauseDestroyed, DestroyedBy: "car", Engine: 4, SetOutEngine: 6})
	var sb strings.Builder
	_, err := b.WriteTo(&sb)
	require.NoError(t, err)
	out := sb.String()
	tests := []struct{ name, row string }{
		{"header", "deaths after a worn engine (3 or less)\n"},
		{"at the end", "  when the run ended         2 (66.7% of deaths)\n"},
		{"setting out", "  setting out on the last road 1 (33.3% of deaths)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assert.Contains(t, out, tt.row) })
	}
}
