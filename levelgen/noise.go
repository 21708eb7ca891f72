package levelgen

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// gradient is a lattice gradient with components -1, 0 or 1.
type gradient struct{ x, y int64 }

// The gradients' count is a power of two, which reset's draw relies on.
// (A constant unsigned negation fails to compile unless it is of zero.)
const _ = -uint(len(gradients) & (len(gradients) - 1))

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
	// squares is paintRow's room for a row's squares, one per lattice
	// column but the last.
	squares []square
}

// reset makes f the noise of a w x h grid, one gradient drawn from src
// per lattice point, reusing f's room. A gradient's draw is what
// rand.New(src).IntN(len(gradients)) draws on every architecture, a power
// of two's: the low bits of one word (the tests' newNoiseField draws it
// so), without the call through rand.Rand's Source.
func (f *noiseField) reset(src *rand.PCG, w, h, scale int) {
	cols, rows := (w-1)/scale+2, (h-1)/scale+2
	s := int64(scale)
	f.scale, f.s5, f.cols = s, s*s*s*s*s, cols
	f.grads = slices.Grow(f.grads[:0], cols*rows)[:cols*rows]
	for i := range f.grads {
		f.grads[i] = gradients[src.Uint64()&uint64(len(gradients)-1)]
	}
	f.squares = slices.Grow(f.squares[:0], cols-1)[:cols-1]
	f.fade = slices.Grow(f.fade[:0], scale)[:scale]
	for k := range f.fade {
		f.fade[k] = fadeScaled(int64(k), s)
	}
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

// paintRow lays row y of the terrain: floor everywhere, except Acid where
// the noise falls in band. Laying out a road paints every cell, so it
// computes the values of the tests' reference, row (noise_ref_test.go),
// more cheaply, and tests each as it is made rather than through a row of
// numbers read back.
//
// On row y, with a = (s5-v)*ky, b = v*(ky-s) and the lattice column i's
// gradients gt above and gb below, define
//
//	A(i) = a*gt.y + b*gb.y
//	B(i) = (s5-v)*gt.x + v*gb.x
//
// Then row's P and Q over the square between columns i and i+1 are
//
//	P = s5*A(i) + kx*s5*B(i)
//	Q = A(i+1) - s*B(i+1) - A(i) + kx*(B(i+1) - B(i))
//
// so each lattice column costs four products, shared by the two squares
// it bounds. Every value is multiplied by 1000 from the start, for the
// band's comparison. All of it is exact in wrapping integer arithmetic, so
// a cell is Acid exactly when band.contains(num) holds (the tests' plain
// test, in noise_ref_test.go).
func (f *noiseField) paintRow(y int, terrain []Terrain, floor Terrain, band acidBand) {
	s := f.scale
	iy, ky := y/int(s), int64(y)%s
	s5, v := f.s5, f.fade[ky]
	wk, vk := 1000*(s5-v), 1000*v
	a, b := wk*ky, vk*(ky-s)
	top, bottom := f.grads[iy*f.cols:(iy+1)*f.cols], f.grads[(iy+1)*f.cols:(iy+2)*f.cols]
	bottom = bottom[:len(top)]
	// Each square's P and Q first, in a loop of their own: with the
	// painting's in the same loop, the compiler kept too few of either
	// in registers.
	squares := f.squares[:len(top)-1]
	a0, b0 := a*top[0].y+b*bottom[0].y, wk*top[0].x+vk*bottom[0].x
	for i := range squares {
		gt, gb := top[i+1], bottom[i+1]
		a1, b1 := a*gt.y+b*gb.y, wk*gt.x+vk*gb.x
		squares[i] = square{p: s5 * a0, dp: s5 * b0, q: a1 - s*b1 - a0, dq: b1 - b0}
		a0, b0 = a1, b1
	}
	lo1, span := band.window()
	paintSquares(terrain, squares, f.fade, lo1, span, floor)
}

// paintSquares paints terrain square by square, scale cells a square:
// floor, or Acid where the noise times 1000, less lo1, falls below span.
// It is a function of its own so that its few values stay in registers.
//
//go:noinline
func paintSquares(terrain []Terrain, squares []square, fade []int64, lo1, span uint64, floor Terrain) {
	// The borrow of m - span is 1 exactly when m < span: the cell is
	// floor plus that borrow's share of the step to Acid, with no branch
	// or conditional move to hold floor's register.
	fl, step := uint64(floor), uint64(Acid)-uint64(floor)
	if len(fade) == 5 && len(squares) > 0 {
		// The shipped tables' scale: whole squares of five cells each
		// are written out, the fades held in registers. Go's compiler
		// kept too little of the general loop below in registers, and
		// reloaded the rest at every cell.
		f1, f2, f3, f4 := uint64(fade[1]), uint64(fade[2]), uint64(fade[3]), uint64(fade[4])
		n := min(len(squares), len(terrain)/5)
		for j, sq := range squares[:n] {
			c := (*[5]Terrain)(terrain[5*j : 5*j+5])
			p, dp, q, dq := uint64(sq.p)-lo1, uint64(sq.dp), uint64(sq.q), uint64(sq.dq)
			// fade[0] is 0: the first cell is p.
			_, in0 := bits.Sub64(p, span, 0)
			p, q = p+dp, q+dq
			_, in1 := bits.Sub64(p+f1*q, span, 0)
			p, q = p+dp, q+dq
			_, in2 := bits.Sub64(p+f2*q, span, 0)
			p, q = p+dp, q+dq
			_, in3 := bits.Sub64(p+f3*q, span, 0)
			p, q = p+dp, q+dq
			_, in4 := bits.Sub64(p+f4*q, span, 0)
			c[0] = Terrain(fl + step&-in0)
			c[1] = Terrain(fl + step&-in1)
			c[2] = Terrain(fl + step&-in2)
			c[3] = Terrain(fl + step&-in3)
			c[4] = Terrain(fl + step&-in4)
		}
		terrain, squares = terrain[5*n:], squares[n:]
	}
	for _, sq := range squares {
		if len(terrain) == 0 {
			return
		}
		cells := terrain[:min(len(fade), len(terrain))]
		terrain = terrain[len(cells):]
		// lo1 comes off p once, not once a cell.
		p, dp, q, dq := uint64(sq.p)-lo1, uint64(sq.dp), uint64(sq.q), uint64(sq.dq)
		for i, fd := range fade[:len(cells)] {
			_, in := bits.Sub64(p+uint64(fd)*q, span, 0)
			cells[i] = Terrain(fl + step&-in)
			p, q = p+dp, q+dq
		}
	}
}

// square is a lattice square's noise along one row, as paintRow computes
// it: a cell kx east of the square's west edge holds p + fade(kx)*q, and
// p and q grow by dp and dq a cell.
type square struct{ p, dp, q, dq int64 }

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

// window returns contains as one unsigned comparison: n*1000 lies in the
// band exactly when uint64(n*1000)-lo1 < span. Every value from low+1 to
// high lands below span and every other value wraps to span or above; an
// empty band has span 0.
func (b acidBand) window() (lo1, span uint64) {
	if b.low >= b.high {
		return 0, 0
	}
	return uint64(b.low) + 1, uint64(b.high) - uint64(b.low)
}
