package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

func TestParseGrid(t *testing.T) {
	rows := []string{
		"#o~.",
		"..V.",
	}
	g, err := ParseGrid(rows...)
	require.NoError(t, err)
	w, h := g.Size()
	assert.Equal(t, [2]int{4, 2}, [2]int{w, h})
	assert.True(t, g.Solid(geom.Pt(0, 0)), "wreck")
	assert.True(t, g.Solid(geom.Pt(1, 0)), "barrel")
	assert.False(t, g.Solid(geom.Pt(2, 0)), "acid is not solid")
	assert.True(t, g.Acid(geom.Pt(2, 0)))
	assert.False(t, g.Solid(geom.Pt(2, 1)), "actor marks are open ground")
	assert.True(t, g.Solid(geom.Pt(-1, 0)), "off the map is solid")
	assert.True(t, g.Solid(geom.Pt(4, 1)), "off the map is solid")
	assert.False(t, g.Acid(geom.Pt(0, 9)))
	assert.Equal(t, "##~.\n....\n", g.String())
	assert.Equal(t, []geom.Point{geom.Pt(2, 1)}, Find(rows, 'V'))

	g.SetSolid(geom.Pt(0, 0), false)
	g.SetSolid(geom.Pt(9, 9), true) // ignored
	assert.False(t, g.Solid(geom.Pt(0, 0)))

	_, err = ParseGrid("...", "..")
	assert.ErrorContains(t, err, "row 1")
}

// leaky is a Map that reports nothing solid, even off its edge.
type leaky struct{}

func (leaky) Size() (int, int)      { return 3, 3 }
func (leaky) Solid(geom.Point) bool { return false }
func (leaky) Acid(geom.Point) bool  { return true }

func TestEdgeIsGuardedForLenientMaps(t *testing.T) {
	assert.True(t, blocked(leaky{}, geom.Pt(3, 0)))
	assert.False(t, blocked(leaky{}, geom.Pt(2, 2)))
	assert.False(t, acidAt(leaky{}, geom.Pt(-1, 0)))
}
