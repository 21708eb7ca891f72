package archive

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

var updateSaves = flag.Bool("update-saves", false, "rewrite the save fixtures in testdata/saves")

// saveFixtures is the folder of saves kept to prove old files still load.
const saveFixtures = "../testdata/saves"

// botPlay lets the bot play up to n commands of g, fewer if the run ends.
func botPlay(tb testing.TB, g *game.Game, n int) {
	tb.Helper()
	var bot game.Bot
	for range n {
		if g.Phase() == act.PhaseOver {
			return
		}
		c := bot.Next(g)
		res, err := g.Do(c)
		require.NoError(tb, err)
		bot.Observe(c, res)
	}
}

// botUntil lets the bot play g until done says so; it fails if the run
// does not get there within the autoplay limit.
func botUntil(tb testing.TB, g *game.Game, what string, done func() bool) {
	tb.Helper()
	var bot game.Bot
	for range game.DefaultAutoplayTurns {
		if done() {
			return
		}
		require.NotEqual(tb, act.PhaseOver, g.Phase(), "the run ended before %s", what)
		c := bot.Next(g)
		res, err := g.Do(c)
		require.NoError(tb, err)
		bot.Observe(c, res)
	}
	tb.Fatalf("seed %d did not reach %s", g.Run.Seed, what)
}

// botToCamp plays g on to its first camp.
func botToCamp(tb testing.TB, g *game.Game) {
	botUntil(tb, g, "a camp", func() bool { return g.Phase() == act.PhaseCamp })
}

// botToEnd plays g until the van is destroyed.
func botToEnd(tb testing.TB, g *game.Game) {
	tb.Helper()
	var bot game.Bot
	for g.Phase() != act.PhaseOver {
		c := bot.Next(g)
		if g.Run.Turns > game.DefaultAutoplayTurns {
			c = game.Command{Kind: game.CmdGiveUp}
		}
		res, err := g.Do(c)
		require.NoError(tb, err)
		bot.Observe(c, res)
	}
}

// saveSample is a save after a few turns on the road.
func saveSample(tb testing.TB, data *assets.Data) []byte {
	tb.Helper()
	g := game.New(data, 21)
	botPlay(tb, g, 4)
	b, err := MarshalSave(g)
	require.NoError(tb, err)
	return b
}

// TestSaveFileRoundTrip saves to a folder and loads from it, with the
// driver's memory, twice over the same file.
func TestSaveFileRoundTrip(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	g := game.New(data, 9)
	for range 2 {
		botPlay(t, g, 7)
		require.NoError(t, SaveFile(dir, g))
		require.True(t, HasSave(dir))
		loaded, err := LoadFile(dir, data)
		require.NoError(t, err)
		assert.Equal(t, g.Hash(), loaded.Hash())
		assert.Equal(t, g.Memory(), loaded.Memory())
		assertNoTemps(t, dir)
		g = loaded
	}
}

func TestLoadFileWithoutSave(t *testing.T) {
	dir := t.TempDir()
	assert.False(t, HasSave(dir))
	_, err := LoadFile(dir, loadData(t))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.NoError(t, RemoveSave(dir), "removing no save is fine")
}

func TestLoadFileRemovesStaleTemp(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	require.NoError(t, SaveFile(dir, game.New(data, 2)))
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
	data := loadData(t)
	good := saveSample(t, data)
	header := bytes.IndexByte(good, '\n') + 1
	type damaged struct {
		what string
		file []byte
	}
	var files []damaged
	stride := max(len(good)/150, 1)
	for n := range good {
		_, err := ParseSave(data, good[:n])
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
	data := loadData(t)
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
		_, err := ParseSave(data, c.file)
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
	require.NoError(t, SaveFile(dir, game.New(data, 1)), "a new run can be saved in its place")
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
	return frame{magic: saveFrame.magic, version: game.SaveVersion + 1}.encode(body)
}

// TestSaveFixtures loads the saves kept from earlier builds of this format:
// if one stops loading, the format changed and SaveVersion must go up.
// Run with -update-saves to write them afresh after such a bump.
func TestSaveFixtures(t *testing.T) {
	data := loadData(t)
	fixtures := map[string]int{"road-v2.lastpost": 6, "camp-v2.lastpost": -1}
	for name, steps := range fixtures {
		path := filepath.Join(saveFixtures, name)
		if *updateSaves {
			g := game.New(data, 33)
			if steps < 0 {
				botToCamp(t, g)
			} else {
				botPlay(t, g, steps)
			}
			b, err := MarshalSave(g)
			require.NoError(t, err)
			require.NoError(t, os.MkdirAll(saveFixtures, 0o755))
			require.NoError(t, os.WriteFile(path, b, 0o644))
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		g, err := ParseSave(data, b)
		require.NoError(t, err, "%s no longer loads: bump SaveVersion and rewrite the fixtures", name)
		require.NoError(t, g.CheckInvariants())
		botPlay(t, g, 10)
	}
}

func TestFinishRunRecordsThenRemoves(t *testing.T) {
	data := loadData(t)
	for _, phase := range []act.Phase{act.PhaseRoad, act.PhaseCamp, act.PhaseOver} {
		t.Run(phase.String(), func(t *testing.T) {
			dir := t.TempDir()
			g := game.New(data, 8)
			switch phase {
			case act.PhaseCamp:
				botToCamp(t, g)
			case act.PhaseOver:
				botToEnd(t, g)
			}
			require.NoError(t, SaveFile(dir, g))
			sum, rank, err := FinishRun(dir, g, "")
			require.NoError(t, err)
			assert.Equal(t, 0, rank)
			assert.False(t, HasSave(dir), "permadeath: the save is gone")
			assert.Equal(t, act.PhaseOver, g.Phase())
			want := act.CauseAbandoned
			if phase == act.PhaseOver {
				want = act.CauseDestroyed
			}
			assert.Equal(t, want, sum.Cause)
			scores, err := LoadScores(dir)
			require.NoError(t, err)
			assert.Equal(t, Scores{sum}, scores)
		})
	}
}

func TestFinishRunWithUnwritableScores(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	g := game.New(data, 8)
	require.NoError(t, SaveFile(dir, g))
	require.NoError(t, os.Mkdir(ScoresPath(dir), 0o755), "a folder where the table should be")
	_, _, err := FinishRun(dir, g, "")
	assert.Error(t, err)
	assert.False(t, HasSave(dir), "the run is over even if its score could not be kept")
}
