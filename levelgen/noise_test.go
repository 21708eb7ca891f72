package levelgen

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
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

// TestPaintRowMatchesRowAndBand checks the painted terrain against the
// general way, num's row read back through contains, for scales that do
// and do not divide the width and for bands that are wide, narrow, at the
// edges of the noise's range and empty.
func TestPaintRowMatchesRowAndBand(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	bands := [][2]int{{283, 707}, {-1000, 1000}, {0, 1}, {-1, 0}, {500, 500}, {700, 200}, {-1001, -999}, {999, 1001}}
	for range testsize.Steps(20) {
		lo := rng.IntN(2001) - 1000
		bands = append(bands, [2]int{lo, lo + rng.IntN(400)})
	}
	for _, scale := range []int{1, 3, 5, 8, 16} {
		for _, w := range []int{1, 60, 61, 119} {
			h := 30
			f := newNoiseField(rng, w, h, scale)
			nums := make([]int64, w)
			painted := make([]Terrain, w)
			for _, bd := range bands {
				band := newAcidBand(f, bd[0], bd[1])
				for y := range h {
					f.row(y, nums)
					f.paintRow(y, painted, Road, band)
					for x, n := range nums {
						want := Road
						if band.contains(n) {
							want = Acid
						}
						require.Equal(t, want, painted[x], "scale %d width %d band %v at %d,%d", scale, w, bd, x, y)
					}
				}
			}
		}
	}
}

// TestAcidWindowMatchesContains checks the one-comparison window against
// contains on values around and far from the bounds, wrapping ones
// included.
func TestAcidWindowMatchesContains(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	edges := []int64{math.MinInt64, math.MinInt64 + 1, -1, 0, 1, math.MaxInt64 - 1, math.MaxInt64}
	for range 2000 {
		b := acidBand{low: int64(rng.Uint64()), high: int64(rng.Uint64())}
		if rng.IntN(4) == 0 {
			b.low, b.high = edges[rng.IntN(len(edges))], edges[rng.IntN(len(edges))]
		}
		lo1, span := b.window()
		for _, n := range []int64{b.low - 1, b.low, b.low + 1, b.high - 1, b.high, b.high + 1, int64(rng.Uint64()), math.MinInt64, math.MaxInt64} {
			// contains tests num*1000 as in is tested here on n.
			in := b.low < n && n <= b.high
			require.Equal(t, in, uint64(n)-lo1 < span, "band %+v n %d", b, n)
		}
	}
}
