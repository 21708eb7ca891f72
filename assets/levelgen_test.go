package assets

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadLevelGenReadsShippedFile(t *testing.T) {
	g, err := LoadLevelGen()
	require.NoError(t, err)
	assert.Equal(t, 60, g.WidthMin)
	assert.Equal(t, 119, g.WidthMax)
	assert.Equal(t, 30, g.Height)
	assert.Equal(t, 13, g.RoadTop)
	assert.Equal(t, 18, g.RoadBottom)
	assert.Equal(t, 15, g.Start().Y)
	assert.Equal(t, 5, g.Acid.Scale)
}

func TestSpawnWeightAt(t *testing.T) {
	zombieDirt := SpawnWeight{Base: 20, Num: 10, Den: 1, Cap: 60}
	carDirt := SpawnWeight{Base: 0, Num: 1, Den: 4, Cap: 4}
	cases := []struct {
		name string
		w    SpawnWeight
		d    int
		want int
	}{
		{"zombie d0", zombieDirt, 0, 20},
		{"zombie d3", zombieDirt, 3, 50},
		{"zombie capped", zombieDirt, 7, 80},
		{"car rounds down", carDirt, 7, 1},
		{"car d8", carDirt, 8, 2},
		{"car capped", carDirt, 100, 4},
		{"negative difficulty counts as zero", zombieDirt, -5, 20},
		{"huge difficulty does not overflow", zombieDirt, 1 << 30, 80},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.w.At(c.d), c.name)
		assert.LessOrEqual(t, c.w.At(c.d), c.w.Highest(), c.name)
	}
}

func TestShippedTablesNeverExceedThousand(t *testing.T) {
	g, err := LoadLevelGen()
	require.NoError(t, err)
	for _, table := range []SpawnTable{g.Spawn.Dirt, g.Spawn.Road} {
		for d := range 200 {
			sum := 0
			for _, e := range table {
				sum += e.Weight().At(d)
			}
			assert.LessOrEqual(t, sum, 1000, "difficulty %d", d)
		}
	}
}

func TestLevelGenValidateRejectsNonsense(t *testing.T) {
	cases := []struct {
		name  string
		spoil func(*LevelGen)
		want  string
	}{
		{"width min above max", func(g *LevelGen) { g.WidthMin, g.WidthMax = 120, 60 }, "width_min"},
		{"zero height", func(g *LevelGen) { g.Height = 0 }, "height"},
		{"road below the map", func(g *LevelGen) { g.RoadBottom = 30 }, "road rows"},
		{"road upside down", func(g *LevelGen) { g.RoadTop, g.RoadBottom = 18, 13 }, "road rows"},
		{"start off the road", func(g *LevelGen) { g.StartY = 2 }, "start_y"},
		{"start outside the clear area", func(g *LevelGen) { g.StartX = 6 }, "start_x"},
		{"clear area reaches the goal", func(g *LevelGen) { g.ClearStart = 60 }, "clear_start"},
		{"zero noise scale", func(g *LevelGen) { g.Acid.Scale = 0 }, "acid.scale"},
		{"acid band inverted", func(g *LevelGen) { g.Acid.Low, g.Acid.High = 700, 300 }, "acid band"},
		{"acid band beyond range", func(g *LevelGen) { g.Acid.High = 1001 }, "acid band"},
		{"negative weight", func(g *LevelGen) { g.Spawn.Road[0].Base = -1 }, `spawn.road entry 1 ("wreck")`},
		{"missing weight has den 0", func(g *LevelGen) { g.Spawn.Dirt[5] = SpawnEntry{Thing: "bike"} }, `spawn.dirt entry 6 ("bike")`},
		{"weights above 1000", func(g *LevelGen) { g.Spawn.Dirt[3].Cap = 990 }, "add up to"},
		{"a thing twice", func(g *LevelGen) { g.Spawn.Road[1].Thing = "wreck" }, "listed twice"},
		{"a thing that is no id", func(g *LevelGen) { g.Spawn.Road[1].Thing = "Wreck!" }, "must be an id"},
		{"a thing neither built in nor an enemy", func(g *LevelGen) {
			g.Legend = BuiltinThings
			g.Spawn.Road[4].Thing = "tank"
		}, "neither"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := LoadLevelGen()
			require.NoError(t, err)
			c.spoil(&g)
			err = g.Validate()
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestLevelGenListsThingsInFileOrder(t *testing.T) {
	g, err := LoadLevelGen()
	require.NoError(t, err)
	assert.Equal(t, []string{"wreck", "barrel", "letter", "zombie", "car", "bike"}, g.Spawn.Things())
	d, err := Load()
	require.NoError(t, err)
	// The built-in things come first, then one row per enemy in the
	// enemies' order, drawn by its map character.
	want := []Thing{{"wreck", '#', true}, {"barrel", '0', true}, {"letter", '=', false}}
	for _, e := range d.Enemies.List {
		want = append(want, Thing{ID: e.ID, Char: e.MapChar()})
	}
	assert.Equal(t, want, d.LevelGen.Legend, "the ASCII legend of the golden levels")
}

func TestLevelGenRejectsUnknownKey(t *testing.T) {
	data, err := ReadFile("levelgen.toml")
	require.NoError(t, err)
	bad := strings.Replace(string(data), "road_top = 13", "road_tops = 13", 1)
	var g LevelGen
	err = DecodeStrict("levelgen.toml", []byte(bad), &g)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "road_tops")
}
