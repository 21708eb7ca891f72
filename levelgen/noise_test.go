package levelgen

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFadeScaled(t *testing.T) {
	for _, s := range []int64{1, 2, 5, 8, 16} {
		s5 := s * s * s * s * s
		assert.Equal(t, int64(0), fadeScaled(0, s), "scale %d", s)
		assert.Equal(t, s5, fadeScaled(s, s), "scale %d", s)
		if s%2 == 0 {
			assert.Equal(t, s5/2, fadeScaled(s/2, s), "scale %d: the curve is symmetric", s)
		}
		for k := int64(1); k <= s; k++ {
			assert.Greater(t, fadeScaled(k, s), fadeScaled(k-1, s), "scale %d k %d", s, k)
		}
	}
}

// floatNoise is the textbook gradient noise in float64, with the same
// lattice, as an independent check of the integer version.
func floatNoise(f *noiseField, x, y int) float64 {
	s := float64(f.scale)
	fx, fy := float64(x)/s, float64(y)/s
	ix, iy := math.Floor(fx), math.Floor(fy)
	tx, ty := fx-ix, fy-iy
	fade := func(t float64) float64 { return t * t * t * (t*(t*6-15) + 10) }
	dot := func(i, j int, dx, dy float64) float64 {
		g := f.grads[j*f.cols+i]
		return float64(g.x)*dx + float64(g.y)*dy
	}
	lerp := func(a, b, t float64) float64 { return a + t*(b-a) }
	i, j := int(ix), int(iy)
	u, v := fade(tx), fade(ty)
	top := lerp(dot(i, j, tx, ty), dot(i+1, j, tx-1, ty), u)
	bottom := lerp(dot(i, j+1, tx, ty-1), dot(i+1, j+1, tx-1, ty-1), u)
	return lerp(top, bottom, v)
}

func TestIntegerNoiseMatchesFloatNoise(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, scale := range []int{1, 3, 5, 8, 16} {
		w, h := 119, 30
		f := newNoiseField(rng, w, h, scale)
		den := float64(f.den())
		for y := range h {
			for x := range w {
				got := float64(f.num(x, y)) / den
				assert.InDelta(t, floatNoise(f, x, y), got, 1e-9, "scale %d at %d,%d", scale, x, y)
				assert.LessOrEqual(t, math.Abs(got), 1.0, "scale %d at %d,%d", scale, x, y)
			}
		}
	}
}

// TestNoiseRowMatchesEachCell checks that a row filled at once holds what
// num gives for each of its cells, for scales that do and do not divide
// the width.
func TestNoiseRowMatchesEachCell(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, scale := range []int{1, 3, 5, 8} {
		for _, w := range []int{60, 61, 119} {
			h := 30
			f := newNoiseField(rng, w, h, scale)
			nums := make([]int64, w)
			for y := range h {
				f.row(y, nums)
				for x := range w {
					require.Equal(t, f.num(x, y), nums[x], "scale %d width %d at %d,%d", scale, w, x, y)
				}
			}
		}
	}
}

func TestNoiseIsZeroOnTheLattice(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	f := newNoiseField(rng, 60, 30, 5)
	for y := 0; y < 30; y += 5 {
		for x := 0; x < 60; x += 5 {
			assert.Equal(t, int64(0), f.num(x, y), "lattice point %d,%d", x, y)
		}
	}
}

func TestAcidBandBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	f := newNoiseField(rng, 10, 10, 5)
	d := f.den()
	b := newAcidBand(f, 200, 500)
	cases := []struct {
		name     string
		perMille int64
		want     bool
	}{
		{"at low is dry", 200, false},
		{"just above low", 201, true},
		{"at high is acid", 500, true},
		{"above high is dry", 501, false},
		{"negative is dry", -300, false},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, b.contains(c.perMille*d/1000), c.name)
	}
}
