package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// firstWalker is the first enemy of the data that walks, so the test
// follows the data rather than naming an enemy.
func firstWalker(t *testing.T, data *assets.Data) assets.Enemy {
	t.Helper()
	for _, e := range data.Enemies.List {
		if e.Movement == assets.MovementWalk {
			return e
		}
	}
	t.Fatal("the data has no walking enemy")
	return assets.Enemy{}
}

// TestNewOnDrawnRoadPlacesTheDrawing: the drawn things stand where they are
// drawn, the van at its mark at the data's starting speed, the delivery is
// told, and the enemies have had their first turn: a walker within sight
// has stepped toward the van.
func TestNewOnDrawnRoadPlacesTheDrawing(t *testing.T) {
	data := fxData(t)
	walker := firstWalker(t, data)
	require.Greater(t, walker.Vision, 4, "the walker sees the van four cells away")
	drawing := strings.ReplaceAll(fxMap(
		"..........",
		"..@...W.#.",
		"...0...=..",
		",,,,,,,,,~",
	), "W", string(walker.MapChar()))
	g, err := NewOnDrawnRoad(data, 7, drawing)
	require.NoError(t, err)
	w := g.World()
	assert.Equal(t, act.PhaseRoad, g.Phase())
	assert.Equal(t, geom.Pt(2, 1), fxVanAt(g))
	assert.Equal(t, data.Van.StartSpeed, vocab.Speed.Value(w, g.Van()))
	assert.Equal(t, 1, fxMessages(g, assets.MsgDeliveryStarts))
	fxAt(t, g, vocab.KindWreck, geom.Pt(8, 1))
	fxAt(t, g, vocab.KindBarrel, geom.Pt(3, 2))
	fxAt(t, g, vocab.KindLetter, geom.Pt(7, 2))
	assert.True(t, g.Acid(geom.Pt(9, 3)))
	kind := fxKind(g, walker.ID)
	require.Equal(t, 1, fxCount(g, kind))
	assert.Len(t, fxKindAt(g, kind, geom.Pt(5, 1)), 1, "the %s stepped toward the van\n%s", walker.ID, fxDump(g))
	assert.NoError(t, g.CheckInvariants())
}

// TestNewOnDrawnRoadRefusesBadDrawings: a drawing that cannot be a road is
// refused with an error that says what is wrong, never a panic.
func TestNewOnDrawnRoadRefusesBadDrawings(t *testing.T) {
	tests := []struct {
		name, drawing, want string
	}{
		{"empty", "", "empty map"},
		{"ragged", fxMap("@..", ".."), "line 2 is 2 wide, want 3"},
		{"unknown", fxMap("@.?"), `line 1 column 3: unknown character '?'`},
		{"no van", fxMap("..."), "no start '@'"},
		{"two vans", fxMap("@.@."), "line 1 column 3: a second start '@'"},
		{"van at the goal", fxMap("..@", "..."), "the van stands in the last column, 3"},
		{"one column", fxMap("@"), "the van stands in the last column, 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := NewOnDrawnRoad(fxData(t), 1, tt.drawing)
			require.Error(t, err)
			assert.Nil(t, g)
			assert.Contains(t, err.Error(), tt.want)
			assert.True(t, strings.HasPrefix(err.Error(), "game: the drawn road: "), err.Error())
		})
	}
}

// TestADrawnRoadIsNotSavedUntilTheVanLeavesIt: a save regenerates its road
// from a seed, so a run on a drawn road refuses to be saved until the van
// departs from the camp for a generated road.
func TestADrawnRoadIsNotSavedUntilTheVanLeavesIt(t *testing.T) {
	g, err := NewOnDrawnRoad(fxData(t), 3, fxMap(
		"...",
		"@..",
		"...",
	))
	require.NoError(t, err)
	_, err = g.MarshalState()
	require.ErrorIs(t, err, errDrawnRoad)
	for g.Phase() == act.PhaseRoad {
		fxDo(t, g, Command{Kind: CmdWait})
	}
	require.Equal(t, act.PhaseCamp, g.Phase(), "the van drove to the end of the road")
	_, err = g.MarshalState()
	assert.ErrorIs(t, err, errDrawnRoad, "the camp's save would regenerate a road that was never driven")
	fxDo(t, g, Command{Kind: CmdDepart})
	require.Equal(t, act.PhaseRoad, g.Phase())
	body, err := g.MarshalState()
	require.NoError(t, err)
	again, err := UnmarshalState(g.Data(), body)
	require.NoError(t, err)
	assert.Equal(t, g.Hash(), again.Hash())
}

// TestAOneLaneDrawnRoadEndsAtTheCamp: on a road one lane wide the van
// reaching the last column arrives, though the map's edges wall in every
// side of that cell.
func TestAOneLaneDrawnRoadEndsAtTheCamp(t *testing.T) {
	g, err := NewOnDrawnRoad(fxData(t), 1, "@..")
	require.NoError(t, err)
	for range 2 {
		fxDo(t, g, Command{Kind: CmdWait})
	}
	assert.Equal(t, act.PhaseCamp, g.Phase(), "%s", g.Run.Cause)
	assert.Zero(t, fxMessages(g, assets.MsgBoxedIn))
}
