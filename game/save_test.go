package game

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
)

var updateSaves = flag.Bool("update-saves", false, "rewrite the save fixtures in testdata/saves")

// saveFixtures is the folder of saves kept to prove old files still load.
const saveFixtures = "../testdata/saves"

// savePlay plays a run with the policy, recording the hash and phase after
// every step, until the run ends or steps run out.
func savePlay(tb testing.TB, g *Game, steps int) (hashes []uint64, phases []Phase) {
	tb.Helper()
	for range steps {
		if g.Phase() == PhaseOver {
			break
		}
		campPolicy(tb, g)
		hashes = append(hashes, g.Hash())
		phases = append(phases, g.Phase())
	}
	return hashes, phases
}

// saveRoundTrip saves g and loads it back.
func saveRoundTrip(tb testing.TB, g *Game) *Game {
	tb.Helper()
	b, err := g.MarshalSave()
	require.NoError(tb, err)
	loaded, err := LoadSave(g.data, b)
	require.NoError(tb, err, "seed %d turn %d", g.Run.Seed, g.Run.Turns)
	return loaded
}

// saveBreaks picks the steps to save after: the start, a few turns in,
// right after the first arrivals at a camp, right after departing, a
// quiet road turn later on, and the last step before the run ended.
func saveBreaks(phases []Phase) []int {
	breaks := []int{0, 1, 5}
	arrivals := 0
	for i := 1; i < len(phases); i++ {
		switch {
		case phases[i-1] == PhaseRoad && phases[i] == PhaseCamp && arrivals < 3:
			arrivals++
			breaks = append(breaks, i+1)
		case phases[i-1] == PhaseCamp && phases[i] == PhaseRoad && arrivals < 3:
			breaks = append(breaks, i+1)
		}
	}
	return append(breaks, len(phases)/2, len(phases)-1)
}

// TestSaveContinuesExactly plays K steps, saves, loads, plays M more, and
// compares every hash on the way with a run that was never interrupted, at
// several K: among them right after arriving at a camp and right after
// leaving one. The saves are taken during a second run of the same seed,
// which must itself match the first: saving changes nothing.
func TestSaveContinuesExactly(t *testing.T) {
	data := campData(t)
	const steps, more = 200, 40
	for _, seed := range campSeeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			saveContinues(t, data, seed, steps, more)
		})
	}
}

// saveContinues runs the equality test for one seed.
func saveContinues(t *testing.T, data *assets.Data, seed uint64, steps, more int) {
	want, phases := savePlay(t, New(data, seed), steps)
	require.NotEmpty(t, want)
	breaks := saveBreaks(phases)
	saves := map[int][]byte{}
	g := New(data, seed)
	for k := range want {
		if slices.Contains(breaks, k) {
			b, err := g.MarshalSave()
			require.NoError(t, err)
			saves[k] = b
		}
		campPolicy(t, g)
		require.Equal(t, want[k], g.Hash(), "seed %d step %d: saving changed the run", seed, k)
	}
	for _, k := range slices.Sorted(maps.Keys(saves)) {
		loaded, err := LoadSave(data, saves[k])
		require.NoError(t, err, "seed %d: the save after step %d", seed, k)
		before := New(data, seed).Hash()
		if k > 0 {
			before = want[k-1]
		}
		require.Equal(t, before, loaded.Hash(), "seed %d: loading after step %d changed the state", seed, k)
		got, _ := savePlay(t, loaded, min(more, len(want)-k))
		require.Equal(t, want[k:min(k+more, len(want))], got,
			"seed %d: the run loaded after step %d (phase %s) went its own way", seed, k, phases[max(k-1, 0)])
	}
	t.Logf("seed %d: saved after steps %v of %d", seed, slices.Sorted(maps.Keys(saves)), len(want))
}

// TestSaveFileRoundTrip saves to a folder and loads from it, with the
// driver's memory on, twice over the same file.
func TestSaveFileRoundTrip(t *testing.T) {
	data := campData(t)
	dir := t.TempDir()
	g := New(data, 9)
	g.Memory().On = true
	for range 2 {
		savePlay(t, g, 7)
		require.NoError(t, SaveFile(dir, g))
		require.True(t, HasSave(dir))
		loaded, err := LoadFile(dir, data)
		require.NoError(t, err)
		assert.Equal(t, g.Hash(), loaded.Hash())
		assert.Equal(t, g.memory, loaded.memory)
		assert.True(t, loaded.Memory().On)
		assertNoTemps(t, dir)
		g = loaded
	}
}

func TestLoadFileWithoutSave(t *testing.T) {
	dir := t.TempDir()
	assert.False(t, HasSave(dir))
	_, err := LoadFile(dir, campData(t))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.NoError(t, RemoveSave(dir), "removing no save is fine")
}

func TestLoadFileRemovesStaleTemp(t *testing.T) {
	data := campData(t)
	dir := t.TempDir()
	require.NoError(t, SaveFile(dir, New(data, 2)))
	for _, stale := range []string{SaveName + ".tmp", "." + SaveName + ".123.tmp"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, stale), []byte("half a save"), 0o644))
	}
	_, err := LoadFile(dir, data)
	require.NoError(t, err)
	assertNoTemps(t, dir)
}

// assertNoTemps checks that dir holds no temp file of an atomic write, ours
// or one an older build left.
func assertNoTemps(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.HasSuffix(e.Name(), ".tmp"), "%s is left behind", e.Name())
	}
}

// saveSample is a save after a few turns on the road.
func saveSample(tb testing.TB, data *assets.Data) []byte {
	tb.Helper()
	g := New(data, 21)
	savePlay(tb, g, 4)
	b, err := g.MarshalSave()
	require.NoError(tb, err)
	return b
}

// saveCheckUnreadable writes b as the save, loads it and checks that the
// error is one line naming the file, that the file was moved aside whole,
// and that nothing is left in the save's place. It cleans up after itself.
func saveCheckUnreadable(t *testing.T, data *assets.Data, dir string, b []byte, what string) {
	t.Helper()
	path := SavePath(dir)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	g, err := LoadFile(dir, data)
	require.Error(t, err, what)
	require.Nil(t, g, what)
	var bad *UnreadableError
	require.ErrorAs(t, err, &bad, what)
	msg := err.Error()
	assert.NotContains(t, msg, "\n", what)
	assert.Contains(t, msg, path, what)
	assert.NotEmpty(t, bad.Reason, what)
	assert.NoFileExists(t, path, what)
	kept, readErr := os.ReadFile(bad.MovedTo)
	require.NoError(t, readErr, what)
	assert.True(t, bytes.Equal(b, kept), "%s: the file was not kept as it was", what)
	require.NoError(t, os.Remove(bad.MovedTo))
}

// TestDamagedSaves cuts a save short at every byte and flips single bits
// all over it (every bit of the header, then random ones): every such save
// gives a clear one-line error and never a panic. Loaded from the save
// folder (every flip, and the cuts through the whole header and then at a
// stride through the body) the file is moved aside, never deleted.
func TestDamagedSaves(t *testing.T) {
	data := campData(t)
	good := saveSample(t, data)
	header := bytes.IndexByte(good, '\n') + 1
	type damaged struct {
		what string
		file []byte
	}
	var files []damaged
	stride := max(len(good)/150, 1)
	for n := range good {
		_, err := LoadSave(data, good[:n])
		require.Error(t, err, "cut at %d of %d bytes", n, len(good))
		require.NotContains(t, err.Error(), "\n")
		if n <= header || n%stride == 0 {
			files = append(files, damaged{fmt.Sprintf("cut at %d", n), good[:n]})
		}
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range 1200 {
		bit := i
		if bit >= header*8 {
			bit = rng.IntN(len(good) * 8)
		}
		b := bytes.Clone(good)
		b[bit/8] ^= 1 << (bit % 8)
		files = append(files, damaged{fmt.Sprintf("bit %d flipped", bit), b})
	}
	// The files are checked in parallel groups, each in its own folder:
	// the time goes on syncing folders, which overlaps.
	const groups = 8
	for gi := range groups {
		t.Run(fmt.Sprintf("group %d", gi), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for i := gi; i < len(files); i += groups {
				saveCheckUnreadable(t, data, dir, files[i].file, files[i].what)
			}
			left, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Empty(t, left)
		})
	}
}

func TestDamagedSaveMessages(t *testing.T) {
	data := campData(t)
	good := saveSample(t, data)
	header := bytes.IndexByte(good, '\n')
	body := good[header+1:]
	cases := []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "empty"},
		{"cut in the header", good[:10], "cut short inside its header"},
		{"cut in the body", good[:len(good)-100], "cut short: "},
		{"not a save", []byte("{\"run\": {}}\n"), "no valid lastpost-save header"},
		{"newer", saveFrame2(body), "newer version"},
		{"checksum", saveFlip(good, len(good)-len(body)/2), "checksum does not match"},
		{"longer", append(bytes.Clone(good), ' '), "1 bytes more"},
	}
	for _, c := range cases {
		_, err := LoadSave(data, c.file)
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.want, c.name)
	}
	dir := t.TempDir()
	for n := 1; n <= 2; n++ {
		require.NoError(t, os.WriteFile(SavePath(dir), good[:50], 0o644))
		_, err := LoadFile(dir, data)
		var bad *UnreadableError
		require.ErrorAs(t, err, &bad)
		assert.Equal(t, fmt.Sprintf("%s.unreadable-%d", SavePath(dir), n), bad.MovedTo, "a second bad save does not overwrite the first")
		assert.Contains(t, err.Error(), filepath.Base(bad.MovedTo))
	}
	require.NoError(t, SaveFile(dir, New(data, 1)), "a new run can be saved in its place")
	_, err := LoadFile(dir, data)
	assert.NoError(t, err)
}

// saveFlip returns b with the lowest bit of byte i flipped.
func saveFlip(b []byte, i int) []byte {
	b = bytes.Clone(b)
	b[i] ^= 1
	return b
}

// saveFrame2 frames body as format 2, which this build does not know.
func saveFrame2(body []byte) []byte {
	return frame{magic: saveFrame.magic, version: SaveVersion + 1}.encode(body)
}

// saveEdit decodes a save's body into generic JSON, lets edit change it and
// frames it again with a correct checksum, as a hand-edited save would be.
func saveEdit(tb testing.TB, good []byte, edit func(m map[string]any)) []byte {
	tb.Helper()
	body, err := saveFrame.decode(good)
	require.NoError(tb, err)
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var m map[string]any
	require.NoError(tb, dec.Decode(&m))
	edit(m)
	out, err := json.Marshal(m)
	require.NoError(tb, err)
	return saveFrame.encode(out)
}

// savePath walks m along keys (object fields or array indexes) and
// returns the container holding the last key.
func saveField(m map[string]any, path string) (any, string) {
	keys := strings.Split(path, ".")
	var cur any = m
	for _, k := range keys[:len(keys)-1] {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[k]
		case []any:
			var i int
			fmt.Sscan(k, &i)
			cur = c[i]
		}
	}
	return cur, keys[len(keys)-1]
}

// saveSet sets the value at path.
func saveSet(m map[string]any, path string, v any) {
	c, k := saveField(m, path)
	switch c := c.(type) {
	case map[string]any:
		c[k] = v
	case []any:
		var i int
		fmt.Sscan(k, &i)
		c[i] = v
	}
}

// saveComponent finds a component's snapshot in the saved world.
func saveComponent(m map[string]any, name string) map[string]any {
	for _, c := range m["world"].(map[string]any)["components"].([]any) {
		if c := c.(map[string]any); c["name"] == name {
			return c
		}
	}
	return nil
}

// TestInvalidSaveContents edits fields of a save and keeps the checksum
// right: every field is checked on loading and named in the error.
func TestInvalidSaveContents(t *testing.T) {
	data := campData(t)
	good := saveSample(t, data)
	set := func(path string, v any) func(m map[string]any) {
		return func(m map[string]any) { saveSet(m, path, v) }
	}
	many := func(n int, v string) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	cases := []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"negative money", set("run.money", -5), "money -5"},
		{"unknown phase", set("run.phase", 9), "unknown phase 9"},
		{"phase out of byte range", set("run.phase", 300), "cannot be read"},
		{"won too early", set("run.won", true), "won is true"},
		{"cause while driving", set("run.cause", "destroyed"), "cause"},
		{"unknown carried gun", set("run.van.guns.2", "bazooka"), `unknown gun "bazooka"`},
		{"unknown item", set("run.inventory", []any{"cake"}), `unknown item "cake"`},
		{"inventory over capacity", set("run.inventory", many(data.Van.InventoryCapacity+1, "spare_tyre")), "items in an inventory"},
		{"unknown offer", set("run.stock", []any{"moon"}), `unknown offer "moon"`},
		{"stat over max", set("run.van.hp.cur", 99), "out of range"},
		{"negative kills", set("run.kills", -1), "kills -1"},
		{"bad generator", set("rng", "AAAA"), "random generator"},
		{"wrong difficulty", set("level.difficulty", 4), "difficulty 4"},
		{"van id not the van", set("van", 1), "is not the van"},
		{"van id beyond the world", set("van", uint64(1)<<40), "is not the van"},
		{"allocator huge", set("world.next", uint64(1)<<40), "beyond"},
		{"entity past the allocator", func(m map[string]any) {
			saveSet(m, "world.next", 2)
		}, "outside 1..2"},
		{"unknown component", func(m map[string]any) {
			saveComponent(m, "speed")["name"] = "warp"
		}, `unknown component "warp"`},
		{"unknown gun on the van", func(m map[string]any) {
			saveComponent(m, "guns")["values"] = []any{many(4, "bazooka")}
			saveComponent(m, "guns")["entities"] = []any{m["van"]}
		}, `unknown gun "bazooka"`},
		{"van off the road", func(m map[string]any) {
			pos := saveComponent(m, "position")
			for i, e := range pos["entities"].([]any) {
				if fmt.Sprint(e) == fmt.Sprint(m["van"]) {
					pos["values"].([]any)[i] = map[string]any{"X": -1, "Y": 3}
				}
			}
		}, "off the"},
		{"huge damage", func(m map[string]any) {
			c := saveComponent(m, "damage")
			c["values"].([]any)[0] = uint64(1) << 40
		}, "damage"},
		{"schedule ticket never issued", set("schedule.seq", 1), "never issued"},
		{"schedule task unknown", set("schedule.entries.0.value.kind", 7), "bad task"},
		{"schedule before now", set("schedule.entries.0.at", -1), "before the current time"},
		{"schedule drops an enemy", func(m map[string]any) {
			s := m["schedule"].(map[string]any)
			entries := s["entries"].([]any)
			for i, e := range entries {
				if v := e.(map[string]any)["value"].(map[string]any); fmt.Sprint(v["kind"]) == "0" {
					s["entries"] = append(entries[:i:i], entries[i+1:]...)
					return
				}
			}
		}, "places in the schedule"},
		{"log text unknown", set("log.entries.0.msg.id", "msg.nonsense"), `unknown text "msg.nonsense"`},
		{"log from the future", set("log.entries.0.turn", 10_000), "turn 10000"},
		{"memory wrong size", set("memory.cells", "AAAA"), "memory: 3 cells"},
		{"unknown field", set("extra", 1), "unknown field"},
		{"missing world", set("world", nil), "world: missing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadSave(data, saveEdit(t, good, c.edit))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "\n")
		})
	}
	_, err := LoadSave(data, saveEdit(t, good, func(map[string]any) {}))
	require.NoError(t, err, "re-encoding alone breaks nothing")
}

func TestTrailingDataRefused(t *testing.T) {
	data := campData(t)
	body, err := saveFrame.decode(saveSample(t, data))
	require.NoError(t, err)
	_, err = LoadSave(data, saveFrame.encode(append(bytes.Clone(body), []byte(" {}")...)))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more after the end")
}

// TestSaveFixtures loads the saves kept from earlier builds of this format:
// if one stops loading, the format changed and SaveVersion must go up.
// Run with -update-saves to write them afresh after such a bump.
func TestSaveFixtures(t *testing.T) {
	data := campData(t)
	fixtures := map[string]int{"road-v1.lastpost": 6, "camp-v1.lastpost": -1}
	for name, steps := range fixtures {
		path := filepath.Join(saveFixtures, name)
		if *updateSaves {
			g := New(data, 33)
			if steps < 0 {
				campDeliver(t, g)
			} else {
				savePlay(t, g, steps)
			}
			b, err := g.MarshalSave()
			require.NoError(t, err)
			require.NoError(t, os.MkdirAll(saveFixtures, 0o755))
			require.NoError(t, os.WriteFile(path, b, 0o644))
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		g, err := LoadSave(data, b)
		require.NoError(t, err, "%s no longer loads: bump SaveVersion and rewrite the fixtures", name)
		require.NoError(t, g.CheckInvariants())
		savePlay(t, g, 10)
	}
}

func TestFinishRunRecordsThenRemoves(t *testing.T) {
	data := campData(t)
	for _, phase := range []Phase{PhaseRoad, PhaseCamp, PhaseOver} {
		t.Run(phase.String(), func(t *testing.T) {
			dir := t.TempDir()
			g := New(data, 8)
			switch phase {
			case PhaseCamp:
				campDeliver(t, g)
			case PhaseOver:
				g.endRun(CauseDestroyed)
			}
			require.NoError(t, SaveFile(dir, g))
			sum, rank, err := FinishRun(dir, g)
			require.NoError(t, err)
			assert.Equal(t, 0, rank)
			assert.False(t, HasSave(dir), "permadeath: the save is gone")
			assert.Equal(t, PhaseOver, g.Phase())
			want := CauseAbandoned
			if phase == PhaseOver {
				want = CauseDestroyed
			}
			assert.Equal(t, want, sum.Cause)
			scores, err := LoadScores(dir)
			require.NoError(t, err)
			assert.Equal(t, Scores{sum}, scores)
		})
	}
}

func TestFinishRunWithUnwritableScores(t *testing.T) {
	data := campData(t)
	dir := t.TempDir()
	g := New(data, 8)
	require.NoError(t, SaveFile(dir, g))
	require.NoError(t, os.Mkdir(ScoresPath(dir), 0o755), "a folder where the table should be")
	_, _, err := FinishRun(dir, g)
	assert.Error(t, err)
	assert.False(t, HasSave(dir), "the run is over even if its score could not be kept")
}

// TestSaveOfAnEndedRun saves runs that are over, destroyed on the road or
// given up at a camp: they load as they were, and take no more commands.
func TestSaveOfAnEndedRun(t *testing.T) {
	data := campData(t)
	destroyed := New(data, 7)
	savePlay(t, destroyed, 2000)
	require.Equal(t, PhaseOver, destroyed.Phase(), "seed 7 should end within 2000 steps")
	quit := New(data, 7)
	campDeliver(t, quit)
	quit.abandon()
	for _, g := range []*Game{destroyed, quit} {
		loaded := saveRoundTrip(t, g)
		assert.Equal(t, g.Hash(), loaded.Hash())
		assert.Equal(t, g.Run.Summary(), loaded.Run.Summary())
		_, err := loaded.Do(Command{Kind: CmdWait})
		assert.ErrorIs(t, err, ErrRunOver)
	}
}
