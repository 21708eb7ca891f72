package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/rules/act"
)

// TestBuilderBuildsAsActBuild resolves T1's bullet and T2's cascade (the
// first lane of each) in two games of the same road: one with the engine's
// Build as the game makes it (builder, which hands a Move to its builder
// at once) and one with plain act.Build, which searches for every kind.
// Every action must be built alike: the same trace, record by record, and
// the same world after. The turns must be mostly Moves, with other kinds
// besides, so both ways of the builder are taken.
func TestBuilderBuildsAsActBuild(t *testing.T) {
	data := fxBenchData(t)
	for _, c := range []struct {
		name string
		mk   fxTurnCase
	}{{"bullet", fxBulletTurn(data)}, {"cascade", fxCascadeTurn(data)}} {
		name, mk := c.name, c.mk
		var records [2][]string
		var hashes [2]uint64
		var moves int
		for k := range records {
			g, acts := mk(t, nil)
			if k == 1 {
				g.setEngineBuilding(false, func(t *act.Act, a *ecs.Action) { act.Build(&g.env, t, a) })
			}
			for _, r := range fxResolve(t, g, acts[0]).Records {
				records[k] = append(records[k], r.String())
				if k == 0 && strings.HasPrefix(r.Action, "Move(") {
					moves++
				}
			}
			hashes[k] = g.world.Hash()
		}
		require.Equal(t, records[1], records[0], name)
		require.Equal(t, hashes[1], hashes[0], name)
		require.Greater(t, moves, len(records[0])/2, "%s: mostly moves", name)
		require.Less(t, moves, len(records[0])-10, "%s: other kinds besides", name)
	}
}
