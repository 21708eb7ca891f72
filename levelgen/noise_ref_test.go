package levelgen

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The plain ways the tests check road painting against: the noise of one
// cell, a row of it a lattice square at a time, and the acid band's test by
// comparison. Laying out a road uses paintRow, which computes the same
// values more cheaply and tests them as it makes them.

// num returns the numerator of the noise at cell (x, y).
func (f *noiseField) num(x, y int) int64 {
	s := f.scale
	ix, iy := x/int(s), y/int(s)
	kx, ky := int64(x)%s, int64(y)%s
	s5 := f.s5
	n00 := f.corner(ix, iy, kx, ky)
	n10 := f.corner(ix+1, iy, kx-s, ky)
	n01 := f.corner(ix, iy+1, kx, ky-s)
	n11 := f.corner(ix+1, iy+1, kx-s, ky-s)
	u, v := f.fade[kx], f.fade[ky]
	top := n00*s5 + u*(n10-n00)
	bottom := n01*s5 + u*(n11-n01)
	return top*s5 + v*(bottom-top)
}

// row fills nums with the numerators of the noise at the cells of row y,
// num(x, y) for every x < len(nums). It walks each lattice square's cells
// in turn, so the lattice lookups, divisions and the row's fade are done
// once a square rather than once a cell. Laying out a road uses paintRow,
// whose terrain the tests check against these values.
//
// Along a square's row each corner's dot product n is linear in the cell's
// offset kx, and num's t*s5 + v*(b-t) regroups as P + u*Q with
//
//	P = s5*((s5-v)*n00 + v*n01)
//	Q = (s5-v)*(n10-n00) + v*(n11-n01)
//
// both linear in kx too, so a cell costs one product and three sums. The
// regrouping is exact in wrapping integer arithmetic, so every value equals
// num's.
func (f *noiseField) row(y int, nums []int64) {
	s := f.scale
	iy, ky := y/int(s), int64(y)%s
	s5, v := f.s5, f.fade[ky]
	w := s5 - v
	top, bottom := f.grads[iy*f.cols:(iy+1)*f.cols], f.grads[(iy+1)*f.cols:(iy+2)*f.cols]
	// A square's east corners are the next one's west corners.
	g10, g11 := top[0], bottom[0]
	for ix := 1; len(nums) > 0; ix++ {
		cells := nums[:min(int(s), len(nums))]
		nums = nums[len(cells):]
		fade := f.fade[:len(cells)]
		g00, g01 := g10, g11
		g10, g11 = top[ix], bottom[ix]
		// The dot products at the square's first cell, offsets (0, ky),
		// (-s, ky), (0, ky-s) and (-s, ky-s); a cell east adds g.x.
		n00, n10 := g00.y*ky, g10.y*ky-g10.x*s
		n01, n11 := g01.y*(ky-s), g11.y*(ky-s)-g11.x*s
		p, dp := s5*(w*n00+v*n01), s5*(w*g00.x+v*g01.x)
		q, dq := w*(n10-n00)+v*(n11-n01), w*(g10.x-g00.x)+v*(g11.x-g01.x)
		for i := range cells {
			cells[i] = p + fade[i]*q
			p, q = p+dp, q+dq
		}
	}
}

// contains compares 1000*num/den against the band without dividing.
func (b acidBand) contains(num int64) bool {
	n := num * 1000
	return b.low < n && n <= b.high
}

// newNoiseField draws one gradient per lattice point for a w x h grid
// through rand.Rand.IntN, the plain way that reset's draw must match.
func newNoiseField(rng *rand.Rand, w, h, scale int) *noiseField {
	cols, rows := (w-1)/scale+2, (h-1)/scale+2
	s := int64(scale)
	f := &noiseField{scale: s, s5: s * s * s * s * s, cols: cols, grads: make([]gradient, cols*rows)}
	for i := range f.grads {
		f.grads[i] = gradients[rng.IntN(len(gradients))]
	}
	f.squares = make([]square, cols-1)
	f.fade = make([]int64, scale)
	for k := range f.fade {
		f.fade[k] = fadeScaled(int64(k), s)
	}
	return f
}

// TestResetDrawsAsNewNoiseField checks reset, on one field kept over many
// sizes and scales, against newNoiseField drawing through rand.Rand from a
// generator seeded alike: the same field, and the two generators in the
// same state after.
func TestResetDrawsAsNewNoiseField(t *testing.T) {
	var f noiseField
	for i, size := range [][3]int{{60, 30, 5}, {119, 30, 5}, {61, 30, 5}, {10, 10, 3}, {200, 7, 16}, {60, 30, 5}, {1, 1, 1}} {
		ours, theirs := rand.NewPCG(uint64(i), 9), rand.NewPCG(uint64(i), 9)
		f.reset(ours, size[0], size[1], size[2])
		want := newNoiseField(rand.New(theirs), size[0], size[1], size[2])
		require.Equal(t, want.grads, f.grads, "size %v", size)
		require.Equal(t, want.fade, f.fade, "size %v", size)
		require.Len(t, f.squares, len(want.squares), "size %v", size)
		require.Equal(t, [3]int64{want.scale, want.s5, int64(want.cols)}, [3]int64{f.scale, f.s5, int64(f.cols)}, "size %v", size)
		require.Equal(t, theirs.Uint64(), ours.Uint64(), "size %v: the generators go on alike", size)
	}
}
