package geom

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDirVecAndOpposite(t *testing.T) {
	for _, d := range Dirs {
		assert.Equal(t, Point{}, d.Vec().Add(d.Opposite().Vec()), d.String())
		assert.Equal(t, 1, d.Vec().Manhattan(Point{}), d.String())
	}
	assert.Equal(t, Point{}, None.Vec())
}

func TestLineStepsReachTarget(t *testing.T) {
	cases := []struct {
		name string
		v    Point
	}{
		{"east", Pt(5, 0)}, {"north", Pt(0, -3)}, {"shallow", Pt(5, 2)},
		{"steep", Pt(-1, 4)}, {"diagonal", Pt(-3, -3)}, {"fragment", Pt(9, 3)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := NewLine(c.v)
			var at Point
			major := max(Abs(c.v.X), Abs(c.v.Y))
			for range major {
				s := l.Step()
				assert.LessOrEqual(t, Abs(s.X), 1)
				assert.LessOrEqual(t, Abs(s.Y), 1)
				at = at.Add(s)
			}
			assert.Equal(t, c.v, at, "after %d steps the line is at its target", major)
		})
	}
}

func TestZeroLineStaysPut(t *testing.T) {
	l := NewLine(Point{})
	assert.Equal(t, Point{}, l.Step())
}
