// Package geom holds the small grid geometry shared by the engine, the level
// generator, the AI and the game: points, the four compass directions and
// integer lines. It knows nothing of the game: what a direction means on
// the road (which way the van faces, where a gun slot fires) is decided by
// the game's data (assets.Slot).
package geom

// Point is a cell on a grid. X grows to the east and Y to the south.
type Point struct {
	X, Y int
}

// Pt is shorthand for Point{x, y}.
func Pt(x, y int) Point { return Point{x, y} }

// Add returns p moved by q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns the vector from q to p.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Mul returns p scaled by k.
func (p Point) Mul(k int) Point { return Point{p.X * k, p.Y * k} }

// In reports whether p lies inside a w x h grid whose corner is the origin.
func (p Point) In(w, h int) bool { return p.X >= 0 && p.Y >= 0 && p.X < w && p.Y < h }

// Chebyshev returns the king-move distance between p and q.
func (p Point) Chebyshev(q Point) int { return max(abs(p.X-q.X), abs(p.Y-q.Y)) }

// Manhattan returns the rook-move distance between p and q.
func (p Point) Manhattan(q Point) int { return abs(p.X-q.X) + abs(p.Y-q.Y) }

// Dist2 returns the squared Euclidean distance between p and q.
func (p Point) Dist2(q Point) int {
	dx, dy := p.X-q.X, p.Y-q.Y
	return dx*dx + dy*dy
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Abs returns the absolute value of v.
func Abs(v int) int { return abs(v) }

// Sign returns -1, 0 or 1 with the sign of v.
func Sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// Dir is one of the four compass directions, or None.
type Dir uint8

// The compass directions. North is toward smaller Y, as on the screen.
const (
	None Dir = iota
	North
	East
	South
	West
)

// Dirs lists the four directions in a fixed order.
var Dirs = [4]Dir{North, East, South, West}

// Vec returns the unit vector of d (zero for None).
func (d Dir) Vec() Point {
	switch d {
	case North:
		return Point{0, -1}
	case East:
		return Point{1, 0}
	case South:
		return Point{0, 1}
	case West:
		return Point{-1, 0}
	}
	return Point{}
}

// Opposite returns the direction facing the other way.
func (d Dir) Opposite() Dir {
	switch d {
	case North:
		return South
	case South:
		return North
	case East:
		return West
	case West:
		return East
	}
	return None
}

// String names the direction in lower case.
func (d Dir) String() string {
	switch d {
	case North:
		return "north"
	case East:
		return "east"
	case South:
		return "south"
	case West:
		return "west"
	}
	return "none"
}

// Line walks an unending integer line from the origin toward a target vector,
// one step at a time. Each step moves one cell along the major axis and
// sometimes one along the minor axis. Its zero value is not useful: build it
// with NewLine. A Line is a plain value so it can be stored in a component and
// hashed.
type Line struct {
	DX, DY int // the target vector
	Acc    int // the error accumulator
}

// NewLine starts a line toward the vector v. A zero vector gives a line
// that never moves.
func NewLine(v Point) Line { return Line{DX: v.X, DY: v.Y} }

// Step advances the line and returns the offset of this step: each component
// is -1, 0 or 1.
//
// Every step of every mover comes here, so it is written to fit the
// compiler's inlining budget: the signs are clamps and the lengths products
// (branch-free), and one comparison of the accumulator against the major
// length replaces the two mirrored cases of the plain Bresenham step. A zero
// vector needs no case of its own: its signs are zero and its accumulator
// gains nothing and loses nothing.
func (l *Line) Step() Point {
	sx, sy := min(max(l.DX, -1), 1), min(max(l.DY, -1), 1)
	ax, ay := l.DX*sx, l.DY*sy
	l.Acc += min(ax, ay)
	if major := max(ax, ay); l.Acc*2 > major {
		l.Acc -= major
	} else if ax >= ay {
		sy = 0 // x is the major axis: no step along y this time
	} else {
		sx = 0
	}
	return Point{sx, sy}
}
