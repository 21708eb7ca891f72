package archive

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
	"lastpost/rules/act"
)

// TestBalanceReport writes the -stats report of six made-up runs and
// checks every figure against one worked by hand: the lower median of an
// even count, deaths counted over the runs that did not win, and each
// delivery's deaths over the runs that set out on it (a won run never
// sets out on the road after its last camp).
func TestBalanceReport(t *testing.T) {
	b := NewBalance()
	for _, s := range []game.RunStats{
		{Deliveries: 3, Cause: game.AutoplayWon, Earned: 300, Spent: 100, Bought: []string{"armour"}},
		{Deliveries: 0, Cause: act.CauseDestroyed, DestroyedBy: "zombie", Engine: 2, SetOutEngine: 3},
		{Deliveries: 1, Cause: act.CauseDestroyed, DestroyedBy: "bandit car", Earned: 60, Spent: 30, Bought: []string{"armour", "kit"}, Engine: 3, SetOutEngine: 8},
		{Deliveries: 2, Cause: act.CauseStranded, Earned: 100, Spent: 90, SetOutEngine: 1},
		{Deliveries: 1, Cause: game.AutoplayCapped, Engine: 8, SetOutEngine: 8},
		{Deliveries: 3, Cause: act.CauseDestroyed, DestroyedBy: "zombie", Earned: 200, Spent: 50, Engine: 5, SetOutEngine: 8},
	} {
		b.Add(s)
	}
	var out strings.Builder
	_, err := b.WriteTo(&out)
	require.NoError(t, err)
	assert.Equal(t, `
balance report
runs                         6
won                          1 (16.7%)
stranded                     1
at the turn cap              1
deliveries, mean             1.67
deliveries, median           1
money earned, per run        110.0
money spent, per run         45.0

deaths by cause
  destroyed by zombie        2 (40.0% of deaths)
  capped                     1 (20.0% of deaths)
  destroyed by bandit car    1 (20.0% of deaths)
  stranded                   1 (20.0% of deaths)

deaths after a worn engine (3 or less)
  when the run ended         3 (60.0% of deaths)
  setting out on its road    2 (40.0% of deaths)

deaths per delivery (of the runs that set out on it)
  delivery 1                 1 of 6 (16.7%)
  delivery 2                 2 of 5 (40.0%)
  delivery 3                 1 of 3 (33.3%)
  delivery 4                 1 of 1 (100.0%)

items bought
  armour                     2 (0.33 a run)
  kit                        1 (0.17 a run)
`, out.String())
}

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
		{"setting out", "  setting out on its road    1 (33.3% of deaths)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assert.Contains(t, out, tt.row) })
	}
}
