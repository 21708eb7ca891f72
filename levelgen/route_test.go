package levelgen

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

func mustParse(t *testing.T, rows ...string) *Level {
	t.Helper()
	l, err := Parse(strings.Join(rows, "\n"), tables(t).Legend)
	require.NoError(t, err)
	return l
}

func TestDrivable(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		want bool
	}{
		{"open road", []string{"@...."}, true},
		{"start in the goal column", []string{"@"}, true},
		{"wreck wall", []string{"..#..", "@.#..", "..#.."}, false},
		{"barrel wall", []string{"..0..", "@.0..", "..0.."}, false},
		{"gap at the top", []string{".....", "@.#..", "..#.."}, true},
		{"acid, letters and enemies do not block", []string{"..#..", "@~zcb", "..=.."}, true},
		{"must drive south then east", []string{"@#...", ".#...", "....."}, true},
		{"no driving west around a wall", []string{"....#", "#@#.#", "#####"}, false},
		{"zigzag", []string{"@.#...", "#...#.", "#####."}, true},
		{"goal column walled", []string{"@...#", "....#"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Drivable(mustParse(t, c.rows...)))
		})
	}
}

func TestDrivableOffMapStart(t *testing.T) {
	l := mustParse(t, "@...")
	l.Start = geom.Pt(-1, 0)
	assert.False(t, Drivable(l))
	assert.Equal(t, 0, clearRoute(l))
}

func TestClearRoute(t *testing.T) {
	cases := []struct {
		name    string
		rows    []string
		removed int
		left    map[string]int
	}{
		{
			name:    "removes the one blocker whose way avoids acid",
			rows:    []string{".....#~~~~", "@....#~~~~", ".....0...."},
			removed: 1,
			left:    map[string]int{"wreck": 2},
		},
		{
			name:    "cuts through several walls",
			rows:    []string{"..#...0...#.", "@.#...0...#.", "..#...0...#."},
			removed: 3,
			left:    map[string]int{"wreck": 4, "barrel": 2},
		},
		{
			name:    "leaves a drivable level alone",
			rows:    []string{"..#...", "@.....", "..#..."},
			removed: 0,
			left:    map[string]int{"wreck": 2},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := mustParse(t, c.rows...)
			require.Equal(t, c.removed == 0, Drivable(l))
			assert.Equal(t, c.removed, clearRoute(l))
			assert.True(t, Drivable(l), "\n%s", l.ASCII())
			assert.Equal(t, c.left, l.Counts())
		})
	}
}

// randomGrid draws a small level with the given chance (per mille) of a
// solid in each cell and a random start that is not solid.
func randomGrid(rng *rand.Rand, solidPerMille int) *Level {
	return randomSizedGrid(rng, 2+rng.IntN(14), 1+rng.IntN(8), solidPerMille)
}

// randomSizedGrid is randomGrid for a w x h level.
func randomSizedGrid(rng *rand.Rand, w, h, solidPerMille int) *Level {
	l := &Level{W: w, H: h, Terrain: make([]Terrain, w*h), Things: assets.BuiltinThings}
	l.Start = geom.Pt(rng.IntN(w), rng.IntN(h))
	for i := range l.Terrain {
		l.Terrain[i] = Road
		if rng.IntN(10) == 0 {
			l.Terrain[i] = Acid
		}
		at := geom.Pt(i%w, i/w)
		if at != l.Start && rng.IntN(1000) < solidPerMille {
			l.Spawns = append(l.Spawns, Spawn{Thing: rng.IntN(2), At: at})
		}
	}
	return l
}

// fewestBlockers finds, by plain relaxation until nothing changes, how many
// wrecks and barrels the best east/north/south route from the start to the
// goal column must go through. It shares no code with the generator.
func fewestBlockers(l *Level) int {
	const far = 1 << 30
	best := make([][]int, l.H)
	for y := range best {
		best[y] = make([]int, l.W)
		for x := range best[y] {
			best[y][x] = far
		}
	}
	cost := func(x, y int) int {
		if s, ok := l.SpawnAt(geom.Pt(x, y)); ok && (l.ThingID(s) == "wreck" || l.ThingID(s) == "barrel") {
			return 1
		}
		return 0
	}
	best[l.Start.Y][l.Start.X] = cost(l.Start.X, l.Start.Y)
	for changed := true; changed; {
		changed = false
		for y := range l.H {
			for x := range l.W {
				for _, from := range [][2]int{{x - 1, y}, {x, y - 1}, {x, y + 1}} {
					fx, fy := from[0], from[1]
					if fx < 0 || fy < 0 || fy >= l.H || best[fy][fx] == far {
						continue
					}
					if c := best[fy][fx] + cost(x, y); c < best[y][x] {
						best[y][x], changed = c, true
					}
				}
			}
		}
	}
	fewest := far
	for y := range l.H {
		fewest = min(fewest, best[y][l.W-1])
	}
	return fewest
}

func TestDrivableAndClearRouteAgreeWithRelaxation(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 3000 {
		l := randomGrid(rng, 100+rng.IntN(600))
		want := fewestBlockers(l)
		assert.Equal(t, want == 0, Drivable(l), "case %d\n%s", i, l.ASCII())
		assert.Equal(t, want, clearRoute(l), "case %d: removed blockers\n%s", i, l.ASCII())
		assert.True(t, Drivable(l), "case %d after clearing\n%s", i, l.ASCII())
	}
}

// TestDrivableByColumnsMatchesByCells checks the bit-mask columns against
// the cell by cell walk on random roads up to the tallest a mask holds, from
// sparse to walled off, and the cell walk against plain relaxation on roads
// too tall for a mask.
func TestDrivableByColumnsMatchesByCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for i := range testsize.Steps(4000) {
		w, h := 2+rng.IntN(40), 1+rng.IntN(maskRows)
		l := randomSizedGrid(rng, w, h, rng.IntN(600))
		if want, got := drivableByCells(l), drivableByColumns(l); got != want {
			require.Equal(t, want, got, "case %d (%dx%d, start %v)\n%s", i, w, h, l.Start, l.ASCII())
		}
	}
	for i := range 200 {
		w, h := 2+rng.IntN(12), maskRows+1+rng.IntN(8)
		l := randomSizedGrid(rng, w, h, rng.IntN(600))
		if want, got := fewestBlockers(l) == 0, Drivable(l); got != want {
			require.Equal(t, want, got, "tall case %d (%dx%d)\n%s", i, w, h, l.ASCII())
		}
	}
}

// TestSpreadInRuns checks the run spreading on hand-made columns.
func TestSpreadInRuns(t *testing.T) {
	cases := []struct {
		name              string
		seeds, free, want uint64
	}{
		{"nothing reached", 0, 0b1111, 0},
		{"a seed fills its run both ways", 0b0100, 0b1110, 0b1110},
		{"other runs stay dark", 0b0001, 0b1101_1011, 0b0011},
		{"two seeds in one run", 0b1010, 0b1111, 0b1111},
		{"seeds in two runs", 0b1000_0001, 0b1110_0111, 0b1110_0111},
		{"the top bit", 1 << 63, 0b11 << 62, 0b11 << 62},
		{"a run of all 64 rows", 1 << 20, ^uint64(0), ^uint64(0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, spreadInRuns(c.seeds, c.free))
		})
	}
}

// TestDrivableAgreesWithTheCheapestRoute checks Drivable against the
// route search on random small roads, sparse and crowded: a road is
// drivable exactly when its cheapest route enters no wreck or barrel, so
// clearing it removes nothing.
func TestDrivableAgreesWithTheCheapestRoute(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	legend := tables(t).Legend
	blocked := 0
	for i := range 3000 {
		w, h := 2+rng.IntN(30), 1+rng.IntN(8)
		density := rng.IntN(40)
		rows := make([]string, h)
		for y := range rows {
			row := make([]byte, w)
			for x := range row {
				switch r := rng.IntN(100); {
				case r < density/2:
					row[x] = '#'
				case r < density:
					row[x] = '0'
				default:
					row[x] = '.'
				}
			}
			rows[y] = string(row)
		}
		sy := rng.IntN(h)
		rows[sy] = "@" + rows[sy][1:]
		l, err := Parse(strings.Join(rows, "\n"), legend)
		require.NoError(t, err)
		drivable := Drivable(l)
		if !drivable {
			blocked++
		}
		require.Equal(t, clearRoute(l) == 0, drivable, "road %d\n%s", i, strings.Join(rows, "\n"))
	}
	assert.Positive(t, blocked, "some roads are walled off")
	assert.Less(t, blocked, 3000, "and some are not")
}
