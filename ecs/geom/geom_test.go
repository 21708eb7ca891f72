package geom

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
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

// plainStep is the Bresenham step as first written, with its two mirrored
// cases: Line.Step is pinned to it.
func plainStep(l *Line) Point {
	ax, ay := abs(l.DX), abs(l.DY)
	sx, sy := Sign(l.DX), Sign(l.DY)
	if ax == 0 && ay == 0 {
		return Point{}
	}
	if ax >= ay {
		l.Acc += ay
		if l.Acc*2 > ax {
			l.Acc -= ax
			return Point{sx, sy}
		}
		return Point{sx, 0}
	}
	l.Acc += ax
	if l.Acc*2 > ay {
		l.Acc -= ay
		return Point{sx, sy}
	}
	return Point{0, sy}
}

func TestLineStepMatchesThePlainStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	check := func(start Line, steps int) {
		got, want := start, start
		for i := range steps {
			g, w := got.Step(), plainStep(&want)
			require.Equal(t, w, g, "step %d of %+v", i, start)
			require.Equal(t, want, got, "line after step %d of %+v", i, start)
		}
	}
	// Every small vector from a fresh start, ties and axes included.
	for dx := -12; dx <= 12; dx++ {
		for dy := -12; dy <= 12; dy++ {
			check(NewLine(Pt(dx, dy)), 60)
		}
	}
	// Random vectors with any accumulator, even one no fresh line reaches.
	for range testsize.Steps(20000) {
		l := Line{DX: rng.IntN(201) - 100, DY: rng.IntN(201) - 100, Acc: rng.IntN(401) - 200}
		check(l, 1+rng.IntN(40))
	}
	// Huge components, where the sign and the length must not be confused;
	// big is large for the int of any platform (the 32-bit CI run too).
	big := math.MaxInt >> 20
	for _, v := range []int{math.MaxInt, math.MinInt, math.MaxInt / 3, -math.MaxInt / 3, 0, 1, -1} {
		for _, u := range []int{0, 1, -1, big, -big} {
			check(Line{DX: v, DY: u}, 3)
			check(Line{DX: u, DY: v}, 3)
		}
	}
}
