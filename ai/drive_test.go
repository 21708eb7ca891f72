package ai

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
)

// road builds a Situation from a drawing: 'V' the van, 'z' 'c' 'b' a zombie,
// car or bike, 'o' a barrel, 'L' a letter, '#' a wreck, '~' acid. The van
// is healthy, has top speed 4 and no guns; the goal is the last column.
func road(t testing.TB, speed int, rows ...string) Situation {
	t.Helper()
	m, err := ParseGrid(rows...)
	require.NoError(t, err)
	vans := Find(rows, 'V')
	require.Len(t, vans, 1, "drawing needs one V")
	w, _ := m.Size()
	s := Situation{
		Map: m, Van: vans[0], Speed: speed, MaxSpeed: 4,
		Tyres: 4, MaxTyres: 4, Engine: 8, MaxEngine: 8, GoalX: w - 1,
		Letters: Find(rows, 'L'), Barrels: Find(rows, 'o'),
	}
	for c, kind := range map[byte]ThingKind{'z': ZombieThing, 'c': CarThing, 'b': BikeThing} {
		for _, p := range Find(rows, c) {
			s.Enemies = append(s.Enemies, Thing{Kind: kind, At: p})
		}
	}
	return s
}

// arm mounts a gun of the given range on side d.
func arm(s Situation, d geom.Dir, rng int) Situation {
	s.Guns[d-1] = GunInfo{Mounted: true, Range: rng}
	return s
}

func assertDrive(t *testing.T, want Order, s Situation) {
	t.Helper()
	got := Drive(s)
	assert.Equal(t, want, got, "got %v, want %v\n%s", got, want, s.Map)
}

func TestDriveStartsFromStandstill(t *testing.T) {
	open := []string{
		"..........",
		"V.........",
		"..........",
	}
	assertDrive(t, accelerate, road(t, 0, open...))
	wreckAhead := []string{
		"..........",
		"V#........",
		"..........",
	}
	// Steering is rejected at speed 0, so it must get moving first.
	assertDrive(t, accelerate, road(t, 0, wreckAhead...))
}

func TestDriveSteersAroundObstacles(t *testing.T) {
	tests := []struct {
		name  string
		speed int
		rows  []string
		want  Order
	}{
		{"wreck ahead, both sides open", 2, []string{
			"..............",
			"V.....#.......",
			"..............",
		}, steerN},
		{"wreck ahead, north blocked", 2, []string{
			"#.............",
			"V.....#.......",
			"..............",
		}, steerS},
		{"barrel ahead, north lane blocked further on", 4, []string{
			"...#..........",
			"V....o........",
			"..............",
		}, steerS},
		{"acid ahead, side lane dry", 2, []string{
			"..............",
			"V..~~.........",
			"..~...........",
		}, steerN},
		{"the goal lies before the wreck", 4, []string{
			"......",
			"....V.",
			"......",
		}, wait},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertDrive(t, tt.want, road(t, tt.speed, tt.rows...))
		})
	}
}

func TestDriveBrakesWhenBoxedIn(t *testing.T) {
	boxed := []string{
		"##########",
		"V...#.....",
		"##########",
	}
	// Three free cells, the last a pocket the van could never leave, so
	// two count: from speed 2 it could not stop in time (2+1).
	assertDrive(t, decelerate, road(t, 3, boxed...))
	assertDrive(t, decelerate, road(t, 2, boxed...))
	assertDrive(t, wait, road(t, 1, boxed...))
	nose := []string{
		"##########",
		"V.#.......",
		"##########",
	}
	assertDrive(t, decelerate, road(t, 2, nose...))
	// Never below 1: a stopped van could not steer out when a gap opens.
	assertDrive(t, wait, road(t, 1, nose...))
}

func TestDriveCruisesAtTopSpeed(t *testing.T) {
	open := []string{
		"..................",
		"V.................",
		"..................",
	}
	assertDrive(t, accelerate, road(t, 2, open...))
	assertDrive(t, wait, road(t, 4, open...))
	s := road(t, 3, open...)
	s.MaxSpeed = 2 // a damaged engine lowered the top speed below the speed
	assertDrive(t, decelerate, s)
}

func TestDriveShoots(t *testing.T) {
	zombieAhead := []string{
		"..............",
		"V...z.........",
		"..............",
	}
	assertDrive(t, FireOrder(geom.East), arm(road(t, 4, zombieAhead...), geom.East, 6))
	assertDrive(t, wait, road(t, 4, zombieAhead...))
	assertDrive(t, wait, arm(road(t, 4, zombieAhead...), geom.East, 2))

	carBehindZombieAhead := []string{
		"..............",
		"c..V.z........",
		"..............",
	}
	s := arm(arm(road(t, 4, carBehindZombieAhead...), geom.East, 6), geom.West, 5)
	assertDrive(t, FireOrder(geom.West), s)

	wreckInTheWay := []string{
		"..............",
		"c#.V..........",
		"..............",
	}
	assertDrive(t, wait, arm(road(t, 4, wreckInTheWay...), geom.West, 5))

	bikeAlongside := []string{
		"...b..........",
		"..............",
		"...V..........",
		"..............",
	}
	assertDrive(t, FireOrder(geom.North), arm(road(t, 4, bikeAlongside...), geom.North, 6))
}

func TestDriveNeverRisksANearBarrel(t *testing.T) {
	tests := []struct {
		name string
		rows []string
	}{
		{"barrel behind the zombie", []string{
			"##########",
			"V.zo......",
			"##########",
		}},
		{"barrel beside the line of fire", []string{
			"...o..........",
			".V...z........",
			"..............",
		}},
		{"barrel two cells ahead in line", []string{
			"##########",
			"Vzo.......",
			"##########",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := arm(road(t, 1, tt.rows...), geom.East, 6)
			got := Drive(s)
			assert.NotEqual(t, Fire, got.Kind, "fired %v\n%s", got, s.Map)
			// The same scene without the barrel is a shot, so the barrel made
			// the difference.
			s.Barrels = nil
			s.Map.(*GridMap).SetSolid(Find(tt.rows, 'o')[0], false)
			assert.Equal(t, FireOrder(geom.East), Drive(s), "without the barrel")
		})
	}
}

func TestDriveRepairs(t *testing.T) {
	open := []string{
		"..............",
		"V.............",
		"..............",
	}
	tests := []struct {
		name          string
		speed         int
		tyres, engine int
		spare, kit    bool
		enemies       []Thing
		want          Order
	}{
		{"stopped, tyres low, spare", 0, 1, 8, true, false, nil, UseOrder(SpareTyre)},
		{"stopped, tyres low, no spare", 0, 1, 8, false, false, nil, accelerate},
		{"stopped, tyres fine", 0, 3, 8, true, false, nil, accelerate},
		{"stopped, engine low, kit", 0, 4, 3, false, true, nil, UseOrder(EngineKit)},
		{"stopped, engine worse off than tyres", 0, 2, 2, true, true, nil, UseOrder(EngineKit)},
		{"stopped, tyres worse off than engine", 0, 1, 4, true, true, nil, UseOrder(SpareTyre)},
		{"moving, tyres low, nobody near", 3, 1, 8, true, false, nil, decelerate},
		{"moving, tyres low, car near", 3, 1, 8, true, false,
			[]Thing{{CarThing, geom.Pt(0, 0)}}, accelerate},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := road(t, tt.speed, open...)
			s.Tyres, s.Engine, s.HasSpareTyre, s.HasEngineKit = tt.tyres, tt.engine, tt.spare, tt.kit
			s.MaxSpeed = (tt.engine + 1) / 2
			s.Enemies = tt.enemies
			assertDrive(t, tt.want, s)
		})
	}
}

func TestDrivePrefersLettersAndTheRoad(t *testing.T) {
	letterSouth := []string{
		"..............",
		"V.............",
		".....L........",
	}
	assertDrive(t, steerS, road(t, 4, letterSouth...))
	letterTwoNorth := []string{
		"......L.......",
		"..............",
		"V.............",
		"..............",
	}
	assertDrive(t, steerN, road(t, 4, letterTwoNorth...))
	offRoad := road(t, 4,
		"V.............",
		"..............",
		"..............",
	)
	offRoad.RoadTop, offRoad.RoadBottom = 1, 2
	assertDrive(t, steerS, offRoad)
	offRoad.Van = geom.Pt(0, 1)
	assertDrive(t, wait, offRoad)
}

// randomRoad draws a 16x7 road with the van on it and a random scatter of
// everything the driver reacts to.
func randomRoad(t *testing.T, r *rand.Rand) Situation {
	const w, h = 16, 7
	grid := make([][]byte, h)
	for y := range grid {
		grid[y] = []byte(strings.Repeat(".", w))
		for x := range grid[y] {
			grid[y][x] = ".......#o~Lzcb"[r.IntN(14)]
		}
	}
	van := geom.Pt(r.IntN(w), r.IntN(h))
	grid[van.Y][van.X] = 'V'
	rows := make([]string, h)
	for y, row := range grid {
		rows[y] = string(row)
	}
	s := road(t, r.IntN(5), rows...)
	s.Tyres, s.Engine = r.IntN(5), r.IntN(9)
	s.MaxSpeed = (s.Engine + 1) / 2
	s.Speed = min(s.Speed, s.MaxSpeed)
	s.HasSpareTyre, s.HasEngineKit = r.IntN(2) == 0, r.IntN(2) == 0
	for i := range s.Guns {
		if r.IntN(2) == 0 {
			s.Guns[i] = GunInfo{Mounted: true, Range: 3 + r.IntN(8)}
		}
	}
	return s
}

func TestDriveNeverGivesHopelessOrders(t *testing.T) {
	for seed := uint64(1); seed <= 500; seed++ {
		s := randomRoad(t, rand.New(rand.NewPCG(seed, 11)))
		o := Drive(s)
		where := fmt.Sprintf("seed %d speed %d: %v\n%s", seed, s.Speed, o, s.Map)
		switch o.Kind {
		case Steer:
			assert.Positive(t, s.Speed, "steering while stopped is always rejected; %s", where)
			assert.Contains(t, []geom.Dir{geom.North, geom.South}, o.Dir, where)
		case Fire:
			assert.True(t, s.Guns[o.Dir-1].Mounted, "fired an empty side; %s", where)
			for k := 1; k <= nearBlast; k++ {
				assert.NotContains(t, s.Barrels, s.Van.Add(o.Dir.Vec().Mul(k)), "fired at a near barrel; %s", where)
			}
		case Use:
			assert.Zero(t, s.Speed, "items are only usable while stopped; %s", where)
			has := map[Item]bool{SpareTyre: s.HasSpareTyre, EngineKit: s.HasEngineKit}
			assert.True(t, has[o.Item], "used an item it lacks; %s", where)
		case Move:
			t.Errorf("the van does not walk; %s", where)
		}
	}
}

// A crowd too large for the driver's short list of enemies in its rows and
// column makes it read the whole list: the order must not change. The crowd
// stands in the van's row far off the map's west edge, where no lane, gun or
// repair looks, and comes first, so a short list cut at its room would hold
// only the crowd.
func TestDriveSameWhenTheShortListOverflows(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		s := randomRoad(t, rand.New(rand.NewPCG(seed, 11)))
		want := Drive(s)
		var crowd []Thing
		for i := range nearCap + 1 {
			crowd = append(crowd, Thing{Kind: CarThing, At: geom.Pt(-50-i, s.Van.Y)})
		}
		s.Enemies = append(crowd, s.Enemies...)
		assert.Equal(t, want, Drive(s), "seed %d\n%s", seed, s.Map)
	}
}

// The driver reads only the enemies in the van's rows and column unless a
// repair is due (see Situation): over random roads with no repair due,
// leaving the others out, and listing the rest in another order, must not
// change its order.
func TestDriveSameWithOnlyTheEnemiesOfItsRowsAndColumn(t *testing.T) {
	dropped := 0
	for seed := uint64(1); seed <= 2000; seed++ {
		r := rand.New(rand.NewPCG(seed, 14))
		s := randomRoad(t, r)
		if s.RepairItem() != NoItem {
			continue
		}
		want := Drive(s)
		var near []Thing
		for _, e := range s.Enemies {
			if geom.Abs(e.At.Y-s.Van.Y) <= 1 || e.At.X == s.Van.X {
				near = append(near, e)
			}
		}
		dropped += len(s.Enemies) - len(near)
		// A random road has one enemy a cell at most, so any order will do.
		r.Shuffle(len(near), func(i, j int) { near[i], near[j] = near[j], near[i] })
		s.Enemies = near
		assert.Equal(t, want, Drive(s), "seed %d\n%s", seed, s.Map)
	}
	assert.Greater(t, dropped, 1000, "the roads had enemies away from the van's rows and column")
}

// RepairItem names the kit to use, and none when no stat is low enough or
// the van carries no kit for it.
func TestRepairItem(t *testing.T) {
	for _, c := range []struct {
		s    Situation
		want Item
	}{
		{Situation{Tyres: 2, MaxTyres: 4, Engine: 8, MaxEngine: 8, HasSpareTyre: true, HasEngineKit: true}, SpareTyre},
		{Situation{Tyres: 3, MaxTyres: 4, Engine: 8, MaxEngine: 8, HasSpareTyre: true, HasEngineKit: true}, NoItem},
		{Situation{Tyres: 2, MaxTyres: 4, Engine: 1, MaxEngine: 8, HasSpareTyre: true, HasEngineKit: true}, EngineKit},
		{Situation{Tyres: 2, MaxTyres: 4, Engine: 1, MaxEngine: 8, HasSpareTyre: true}, SpareTyre},
		{Situation{Tyres: 2, MaxTyres: 4, Engine: 4, MaxEngine: 8, HasEngineKit: true}, EngineKit},
		{Situation{Tyres: 0, MaxTyres: 4, Engine: 0, MaxEngine: 8}, NoItem},
	} {
		assert.Equal(t, c.want, c.s.RepairItem(), "%+v", c.s)
	}
}

// BenchmarkDrive is one turn of the driver on a long road among many
// enemies, most of them outside the van's lanes and line of fire.
func BenchmarkDrive(b *testing.B) {
	m, van, zombies := benchField()
	s := Situation{
		Map: m, Van: van, Speed: 2, MaxSpeed: 4,
		Tyres: 4, MaxTyres: 4, Engine: 8, MaxEngine: 8, GoalX: 79,
		Guns: [4]GunInfo{{true, 6}, {true, 8}, {true, 6}, {true, 4}},
	}
	for i, z := range zombies {
		s.Enemies = append(s.Enemies, Thing{Kind: ThingKind(i % 3), At: z})
	}
	b.ReportAllocs()
	for b.Loop() {
		Drive(s)
	}
}
