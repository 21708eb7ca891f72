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
		{Deliveries: 0, Cause: act.CauseDestroyed, DestroyedBy: "zombie"},
		{Deliveries: 1, Cause: act.CauseDestroyed, DestroyedBy: "bandit car", Earned: 60, Spent: 30, Bought: []string{"armour", "kit"}},
		{Deliveries: 2, Cause: act.CauseStranded, Earned: 100, Spent: 90},
		{Deliveries: 1, Cause: game.AutoplayCapped},
		{Deliveries: 3, Cause: act.CauseDestroyed, DestroyedBy: "zombie", Earned: 200, Spent: 50},
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
