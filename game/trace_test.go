package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

// TestTraceShowsCampActions plays a camp visit with tracing on: a
// purchase, a refused purchase, a mount and the departure each leave their
// action in the trace with every rule's verdict, as road actions do.
func TestTraceShowsCampActions(t *testing.T) {
	g := campAt(t, 0, []string{"shotgun", "railgun"}, nil, nil)
	setMoney(g, campPrice(t, g, "shotgun"))
	g.SetTracing(true)
	traceOf := func(c Command) string {
		t.Helper()
		_, err := g.Do(c)
		require.NoError(t, err)
		var b strings.Builder
		_, err = g.LastTrace().WriteTo(&b)
		require.NoError(t, err)
		return b.String()
	}
	steps := []struct {
		name string
		c    Command
		want []string
	}{
		{"a purchase", Command{Kind: CmdBuy, Index: 0},
			[]string{"Buy(#", "cannot afford accept", "inventory full accept", "| committed"}},
		{"a refused purchase", Command{Kind: CmdBuy, Index: 0},
			[]string{"Buy(#", "cannot afford reject+stop -> Say(#0 shop.cannot_afford)", "| rejected"}},
		{"a mount", Command{Kind: CmdMount, Dir: geom.North, Index: 0},
			[]string{"Mount(#", "not a gun accept", "| committed"}},
		{"the departure", Command{Kind: CmdDepart},
			[]string{"Depart(#", "command place accept", "| committed", "Populate(#0 n=", "PlaceVan(#"}},
	}
	for _, s := range steps {
		text := traceOf(s.c)
		for _, w := range s.want {
			assert.Contains(t, text, w, "%s: %s", s.name, text)
		}
	}
}
