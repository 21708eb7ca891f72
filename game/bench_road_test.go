package game

import (
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/rules/act"
)

// BenchmarkRoad measures what a road costs beyond its turns of play: the
// van leaves the road for the camp (the road's entities go), departs again,
// and the next road is generated, populated through the rules and played up
// to the van's first turn. Its instruction count, less that of a run with
// fewer iterations, is the cost of one road; the roads cycle through the
// difficulties of a campaign's ten deliveries.
func BenchmarkRoad(b *testing.B) {
	g := New(loadData(b), 7)
	roads := 0
	for b.Loop() {
		require.NoError(b, g.reachCamp())
		// The roads of a campaign's ten deliveries, over and over.
		g.Run.Delivery = roads % 10
		roads++
		res, err := g.Do(Command{Kind: CmdDepart})
		require.NoError(b, err)
		require.True(b, res.Took)
		require.Equal(b, act.PhaseRoad, g.Run.Phase)
	}
}
