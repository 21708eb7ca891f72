package archive

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/game"
	"lastpost/rules/act"
)

// TestEndCauseWordsHowTheRunEnded pins the order of EndCause's questions:
// a run that won a delivery, drove on and was destroyed is recorded as
// destroyed, not won; only a run stopped at its winning camp is "won".
func TestEndCauseWordsHowTheRunEnded(t *testing.T) {
	tests := []struct {
		name  string
		phase act.Phase
		cause string
		won   bool
		want  string
	}{
		{"won, drove on, destroyed", act.PhaseOver, act.CauseDestroyed, true, "destroyed"},
		{"won, drove on, stranded", act.PhaseOver, act.CauseStranded, true, "stranded"},
		{"destroyed", act.PhaseOver, act.CauseDestroyed, false, "destroyed"},
		{"abandoned", act.PhaseOver, act.CauseAbandoned, false, "abandoned"},
		{"stopped at the winning camp", act.PhaseCamp, "", true, "won"},
		{"stopped on the road", act.PhaseRoad, "", false, "capped"},
		{"stopped at a camp", act.PhaseCamp, "", false, "capped"},
	}
	data := loadData(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := game.New(data, 1)
			g.Run.Phase, g.Run.Cause, g.Run.Won = tt.phase, tt.cause, tt.won
			assert.Equal(t, tt.want, EndCause(g))
		})
	}
}
