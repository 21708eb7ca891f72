package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

// idleZombieRoad is a road with a zombie far beyond its sight of the van.
var idleZombieRoad = fxMap(
	"..............................",
	"@............................z",
	"..............................",
)

// TestIdleWaitSkipsTheBookUntraced: an enemy with nothing to do waits. Its
// wait goes through the rule book only while a trace is kept, where it is
// listed as committed; untraced it skips the book, and the two games end in
// the same state.
func TestIdleWaitSkipsTheBookUntraced(t *testing.T) {
	play := func(traced bool) (*Game, string) {
		g := fxGame(t, 1, idleZombieRoad)
		z := fxAt(t, g, fxKind(g, "zombie"), geom.Pt(29, 1))
		ledger{g}.Enlist(z)
		g.SetTracing(traced)
		fxDo(t, g, Command{Kind: CmdWait})
		var b strings.Builder
		if traced {
			_, err := g.LastTrace().WriteTo(&b)
			require.NoError(t, err)
		}
		return g, b.String()
	}
	untraced, _ := play(false)
	traced, trace := play(true)
	assert.Equal(t, 2, strings.Count(trace, "Wait(#"), "the traced turn lists the van's wait and the enemy's\n%s", trace)
	assert.Equal(t, traced.Hash(), untraced.Hash(), "skipping the book changes nothing")
}
