package levelgen

import "math/rand/v2"

// gradient is a lattice gradient with components -1, 0 or 1.
type gradient struct{ x, y int64 }

// gradients are the classic 16 gradients of improved Perlin noise, the
// twelve cube-edge directions plus four repeats, seen from above (z = 0).
// Their components are not normalised: the acid band in the tables is
// scaled to match, which keeps the noise exact in integers.
var gradients = [16]gradient{
	{1, 1}, {-1, 1}, {1, -1}, {-1, -1},
	{1, 0}, {-1, 0}, {1, 0}, {-1, 0},
	{0, 1}, {0, -1}, {0, 1}, {0, -1},
	{1, 1}, {-1, 1}, {0, -1}, {0, -1},
}

// noiseField is 2-D gradient noise sampled at cell centres of a grid whose
// lattice points are scale cells apart. A sample is the exact rational
// value num/den(), so every machine computes the same bits.
type noiseField struct {
	scale int64
	s5    int64 // scale^5, the denominator of a fade value
	cols  int
	grads []gradient // row-major lattice, cols wide
	fade  []int64    // fade(k/scale) * scale^5 for k in 0..scale-1
}

// newNoiseField draws one gradient per lattice point for a w x h grid.
func newNoiseField(rng *rand.Rand, w, h, scale int) *noiseField {
	cols, rows := (w-1)/scale+2, (h-1)/scale+2
	s := int64(scale)
	f := &noiseField{scale: s, s5: s * s * s * s * s, cols: cols, grads: make([]gradient, cols*rows)}
	for i := range f.grads {
		f.grads[i] = gradients[rng.IntN(len(gradients))]
	}
	f.fade = make([]int64, scale)
	for k := range f.fade {
		f.fade[k] = fadeScaled(int64(k), s)
	}
	return f
}

// fadeScaled returns 6t^5 - 15t^4 + 10t^3 for t = k/s, multiplied by s^5
// so it is an integer.
func fadeScaled(k, s int64) int64 {
	k3 := k * k * k
	return k3 * (6*k*k - 15*k*s + 10*s*s)
}

// den returns the denominator of every sample: scale^11 (one factor for the
// offsets, five for each of the two fades).
func (f *noiseField) den() int64 {
	return f.s5 * f.s5 * f.scale
}

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
// once a square rather than once a cell: laying out a road asks for every
// cell.
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

// corner returns the dot product of the gradient at lattice point (i, j)
// with the offset (dx, dy) from it, in cells.
func (f *noiseField) corner(i, j int, dx, dy int64) int64 {
	g := f.grads[j*f.cols+i]
	return g.x*dx + g.y*dy
}

// acidBand decides whether a noise sample lies in low < n <= high, with low
// and high in per mille.
type acidBand struct {
	low, high int64 // scaled to the field's denominator
}

func newAcidBand(f *noiseField, low, high int) acidBand {
	d := f.den()
	return acidBand{low: int64(low) * d, high: int64(high) * d}
}

// contains compares 1000*num/den against the band without dividing.
func (b acidBand) contains(num int64) bool {
	n := num * 1000
	return b.low < n && n <= b.high
}
