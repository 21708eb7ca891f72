package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/levelgen"
)

// askCounter is a Map that counts how often each cell's solidity is asked.
type askCounter struct {
	Map
	asked map[geom.Point]int
}

func (a *askCounter) Solid(p geom.Point) bool {
	a.asked[p]++
	return a.Map.Solid(p)
}

// windowedAndPlain reads s twice, once through the driver's window on the
// terrain and once asking the map every time, and returns both drivers
// prepared.
func windowedAndPlain(s Situation) (windowed, plain *driver) {
	a, b := s, s
	windowed, plain = &driver{s: &a}, &driver{s: &b, plain: true}
	windowed.prepare()
	plain.prepare()
	return windowed, plain
}

// The window is only a faster way to ask the map: over random roads, at
// every top speed up to one whose look-ahead is wider than the window, the
// lanes, the shots, the open lane and the order must be what asking the
// map every time gives.
//
// With a Ground the window reads the spatial index's counts and the floor
// instead of the map, and must still say what the map says.
func TestDriverWindowReadsAsTheMap(t *testing.T) {
	for seed := uint64(1); seed <= 1000; seed++ {
		r := rand.New(rand.NewPCG(seed, 12))
		s := randomRoad(t, r)
		s.MaxSpeed = r.IntN(13)
		s.Speed = min(r.IntN(13), s.MaxSpeed)
		s.GoalX = r.IntN(20)
		if seed%2 == 0 {
			s.Ground = groundOf(s.Map.(*GridMap))
		}
		windowed, plain := windowedAndPlain(s)
		assert.Equal(t, plain.shots, windowed.shots, "seed %d shots", seed)
		wantCur, wantBest := plain.lanes()
		cur, best := windowed.lanes()
		assert.Equal(t, wantCur, cur, "seed %d current lane", seed)
		assert.Equal(t, wantBest, best, "seed %d best lane", seed)
		wantOpen, wantOK := plain.openLane()
		open, ok := windowed.openLane()
		assert.Equal(t, wantOK, ok, "seed %d open lane", seed)
		assert.Equal(t, wantOpen, open, "seed %d open lane", seed)
		a, b := s, s
		plainDriver := driver{s: &b, plain: true}
		assert.Equal(t, plainDriver.drive(), Drive(a), "seed %d order\n%s", seed, s.Map)
	}
}

// Through the window the driver asks the map about each cell near the van
// at most once a turn, where asking every time repeats most cells.
func TestDriverWindowAsksOnce(t *testing.T) {
	m, van, zombies := benchField()
	s := Situation{
		Van: van, Speed: 2, MaxSpeed: 4, GoalX: 79,
		Guns: [4]GunInfo{{true, 6}, {true, 8}, {true, 6}, {true, 4}},
	}
	for _, z := range zombies {
		s.Enemies = append(s.Enemies, Thing{Kind: ZombieThing, At: z})
	}
	ask := func(plain bool) map[geom.Point]int {
		counter := &askCounter{Map: m, asked: map[geom.Point]int{}}
		s.Map = counter
		dr := driver{s: &s, plain: plain}
		dr.drive()
		return counter.asked
	}
	plain, windowed := ask(true), ask(false)
	repeated := 0
	for p, n := range plain {
		if n > 1 {
			repeated++
		}
		near := p.X >= van.X && geom.Abs(p.Y-van.Y) <= windowRows/2
		if near {
			assert.Equal(t, 1, windowed[p], "cell %v asked %d times through the window", p, windowed[p])
		}
	}
	require.Positive(t, repeated, "asking every time repeats cells on this field")
	for p := range windowed {
		assert.Contains(t, plain, p, "the window asked about %v, which the driver never needs", p)
	}
}

// The driver and its window live on the stack: the bot drives every turn,
// and a heap copy of the situation each time is garbage.
func TestDriveAllocatesNothing(t *testing.T) {
	s := randomRoad(t, rand.New(rand.NewPCG(7, 12)))
	s.Speed = max(s.Speed, 1)
	assert.Zero(t, testing.AllocsPerRun(100, func() { Drive(s) }))
}

// groundOf is m's terrain as the game hands it to the driver: its solid
// cells counted by a spatial index, its acid cells in a road's floor.
func groundOf(m *GridMap) Ground {
	w, h := m.Size()
	floor := make([]levelgen.Terrain, w*h)
	for i := range floor {
		floor[i] = levelgen.Road
		if m.Acid(geom.Pt(i%w, i/w)) {
			floor[i] = levelgen.Acid
		}
	}
	return Ground{Set: true, Solid: gridOf(m, nil).Solid, Terrain: floor}
}

// The ground answers every cell as the map does, on and off the road,
// and the window opened on it asks the map about no cell inside it.
func TestGroundAnswersAsTheMap(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		r := rand.New(rand.NewPCG(seed, 13))
		s := randomRoad(t, r)
		m := s.Map.(*GridMap)
		counter := &askCounter{Map: m, asked: map[geom.Point]int{}}
		var wn window
		look := r.IntN(windowCols + 4)
		wn.open(counter, groundOf(m), s.Van, look, true)
		w, h := m.Size()
		for y := -3; y <= h+2; y++ {
			for x := -3; x <= w+look+2; x++ {
				p := geom.Pt(x, y)
				require.Equal(t, blocked(m, p), wn.isBlocked(counter, p), "seed %d blocked %v", seed, p)
				require.Equal(t, acidAt(m, p), wn.isAcid(counter, p), "seed %d acid %v", seed, p)
			}
		}
		for p := range counter.asked {
			inside := uint(p.X-s.Van.X) < uint(wn.cols) && geom.Abs(p.Y-s.Van.Y) <= windowRows/2
			require.False(t, inside, "seed %d: the map was asked about %v, inside the window", seed, p)
		}
	}
}
