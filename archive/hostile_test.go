package archive

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
)

// The malformed files of each format live in testdata/bad/<format>/, each
// beside a .want file holding the exact message it must give, with the
// folder it was read from left out.
const badRoot = "../testdata/bad"

// hostileLimits bound what reading one hostile file may cost.
type hostileLimits struct {
	time  time.Duration
	alloc uint64
}

var hostileDefault = hostileLimits{time: 10 * time.Second, alloc: 64 << 20}

// withinLimits runs read and fails the test if it panics, runs past the
// time limit or allocates past the allocation limit. The tests that call it
// do not run in parallel, so the allocations counted are read's.
func withinLimits(t *testing.T, lim hostileLimits, read func()) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	finished := make(chan any, 1)
	go func() {
		defer func() { finished <- recover() }()
		read()
	}()
	select {
	case p := <-finished:
		require.Nil(t, p, "reading panicked")
	case <-time.After(lim.time):
		t.Fatalf("reading took longer than %v", lim.time)
	}
	runtime.ReadMemStats(&after)
	if !raceEnabled {
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, lim.alloc, "reading allocated too much")
	}
}

// badFixtures lists the fixtures of one format with their messages.
func badFixtures(t *testing.T, format string) map[string]string {
	t.Helper()
	wants, err := filepath.Glob(filepath.Join(badRoot, format, "*.want"))
	require.NoError(t, err)
	out := map[string]string{}
	for _, want := range wants {
		b, err := os.ReadFile(want)
		require.NoError(t, err)
		matches, err := filepath.Glob(strings.TrimSuffix(want, ".want") + ".*")
		require.NoError(t, err)
		for _, m := range matches {
			if m != want {
				out[m] = strings.TrimSpace(string(b))
			}
		}
	}
	require.GreaterOrEqual(t, len(out), 20, "fixtures of %s", format)
	require.Len(t, out, len(wants), "each .want has one fixture beside it")
	return out
}

// loadAndVerify reads a recording and replays it, as -replay FILE -verify
// does, and returns the first error.
func loadAndVerify(data *assets.Data, path string) error {
	rec, err := LoadRecording(path)
	if err != nil {
		return err
	}
	_, err = Verify(data, rec, nil)
	return err
}

// TestMalformedRecordingsGiveTheirMessage reads every malformed recording;
// with -bless it first writes the generated ones (generatedBadRecordings)
// as this build plays them.
func TestMalformedRecordingsGiveTheirMessage(t *testing.T) {
	data := loadData(t)
	dir := badRecordingDir + string(filepath.Separator)
	if *bless {
		t.Logf("rewrote %v", blessBadRecordings(t, data, dir))
	}
	generated := makeBadRecordings(t, data)
	fixtures := badFixtures(t, "recording")
	for file := range generated {
		require.Contains(t, fixtures, dir+file, "a generated fixture is missing: %s", blessBadCommand)
	}
	for path, want := range fixtures {
		t.Run(filepath.Base(path), func(t *testing.T) {
			gen, isGenerated := generated[filepath.Base(path)]
			if isGenerated {
				requireFresh(t, path, gen)
			}
			var err error
			withinLimits(t, hostileDefault, func() { err = loadAndVerify(data, path) })
			require.Error(t, err)
			var pe *ParseError
			var ve *VersionError
			var de *DesyncError
			var ie *IncompleteError
			if !isGenerated {
				require.True(t, errors.As(err, &pe), "%s is replayed, so it depends on this build's play "+
					"and must come from generatedBadRecordings, not be written by hand: %v", path, err)
			}
			assert.True(t, errors.As(err, &pe) || errors.As(err, &ve) || errors.As(err, &de) || errors.As(err, &ie), "%T", err)
			assert.NotContains(t, err.Error(), "\n")
			assert.Equal(t, want, strings.ReplaceAll(err.Error(), dir, ""))
		})
	}
}

// readAside puts a hostile file where the game keeps fmt's file in a fresh
// data folder, reads it with load, and checks that the file was moved aside
// whole (never deleted) and nothing else was written. It returns the error
// with the folder left out.
func readAside(t *testing.T, name string, content []byte, lim hostileLimits, load func(dir string) error) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, content, 0o644))
	var err error
	withinLimits(t, lim, func() { err = load(dir) })
	require.Error(t, err)
	var ue *UnreadableError
	require.True(t, errors.As(err, &ue), "%T: %v", err, err)
	assert.NotContains(t, err.Error(), "\n")
	entries, rerr := os.ReadDir(dir)
	require.NoError(t, rerr)
	require.Len(t, entries, 1, "only the file set aside is left in the data folder")
	assert.Equal(t, name+".unreadable-1", entries[0].Name())
	kept, rerr := os.ReadFile(filepath.Join(dir, entries[0].Name()))
	require.NoError(t, rerr)
	assert.True(t, bytes.Equal(content, kept), "the file is kept as it was")
	return strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
}

func TestMalformedSavesAreSetAsideWithTheirMessage(t *testing.T) {
	data := loadData(t)
	for path, want := range badFixtures(t, "save") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			content, err := os.ReadFile(path)
			require.NoError(t, err)
			got := readAside(t, SaveName, content, hostileDefault, func(dir string) error {
				_, err := LoadFile(dir, data)
				return err
			})
			assert.Equal(t, want, got)
		})
	}
}

func TestMalformedScoreTablesAreSetAsideWithTheirMessage(t *testing.T) {
	for path, want := range badFixtures(t, "scores") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			content, err := os.ReadFile(path)
			require.NoError(t, err)
			got := readAside(t, ScoresName, content, hostileDefault, func(dir string) error {
				s, err := LoadScores(dir)
				assert.Empty(t, s, "a table that cannot be read gives none")
				return err
			})
			assert.Equal(t, want, got)
		})
	}
}

// stepLines reads as the steps of a huge recording, made one line at a
// time so the test holds none of them.
type stepLines struct {
	n, i int
	buf  []byte
}

func (s *stepLines) Read(p []byte) (int, error) {
	for len(s.buf) == 0 {
		if s.i >= s.n {
			return 0, io.EOF
		}
		s.i++
		s.buf = fmt.Appendf(s.buf, "%d wait 0000000000000000\n", s.i)
	}
	n := copy(p, s.buf)
	s.buf = s.buf[n:]
	return n, nil
}

func TestHugeRecordingsAreRefusedWithinBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a million lines")
	}
	var err error
	withinLimits(t, hostileLimits{time: 20 * time.Second, alloc: 1 << 30}, func() {
		header := strings.NewReader("lastpost-recording 2\nlogic 4\nseed 1\nstart d74c9665140820b5\n")
		_, err = ReadRecording("huge.rec", io.MultiReader(header, &stepLines{n: maxRecSteps + 1}))
	})
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("huge.rec:%d: more than %d lines", maxRecSteps+5, maxRecSteps), err.Error())
}

func TestHostileInputsOfEveryFormatStayWithinBounds(t *testing.T) {
	data := loadData(t)
	endless := strings.Repeat("x", 1<<20)
	t.Run("recording with an endless line", func(t *testing.T) {
		var err error
		withinLimits(t, hostileDefault, func() { _, err = ReadRecording("long.rec", strings.NewReader(endless)) })
		require.Error(t, err)
		assert.Equal(t, "long.rec:1: not a Last Post recording (no lastpost-recording line)", err.Error())
	})
	t.Run("save larger than the cap", func(t *testing.T) {
		// Refused from its size: nothing of it is read into memory.
		got := readSparse(t, SaveName, 50<<20, hostileDefault, func(dir string) error {
			_, err := LoadFile(dir, data)
			return err
		})
		assert.Equal(t, "save.lastpost could not be read: too large: 50.0 MiB, over the 4.0 MiB this file may hold; it was kept as save.lastpost.unreadable-1", got)
	})
	t.Run("scores larger than the cap", func(t *testing.T) {
		got := readSparse(t, ScoresName, maxScoresSize+1, hostileDefault, func(dir string) error {
			_, err := LoadScores(dir)
			return err
		})
		assert.Equal(t, "scores.lastpost could not be read: too large: 1048577 bytes, over the 1048576 bytes this file may hold; it was kept as scores.lastpost.unreadable-1", got)
	})
	t.Run("save with a huge inventory", func(t *testing.T) {
		ents := strings.TrimSuffix(strings.Repeat(`7,`, 200000), ",")
		items := strings.TrimSuffix(strings.Repeat(`"spare_tyre",`, 200000), ",")
		body := `{"world":{"next":7,"components":[{"name":"item","entities":[` + ents + `],"values":[` + items + `]}]}}`
		// A save of format 2, whose body is the state alone.
		old := frame{magic: saveFrame.magic, version: 2}
		got := readAside(t, SaveName, old.encode([]byte(body)), hostileDefault, func(dir string) error {
			_, err := LoadFile(dir, data)
			return err
		})
		assert.Contains(t, got, "its contents are invalid")
	})
}

// readSparse is readAside for a file of size bytes of zeros, made sparse
// so the test writes almost nothing.
func readSparse(t *testing.T, name string, size int64, lim hostileLimits, load func(dir string) error) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(size))
	require.NoError(t, f.Close())
	var loadErr error
	withinLimits(t, lim, func() { loadErr = load(dir) })
	require.Error(t, loadErr)
	st, err := os.Stat(path + ".unreadable-1")
	require.NoError(t, err, "the file is set aside")
	assert.Equal(t, size, st.Size())
	return strings.ReplaceAll(loadErr.Error(), dir+string(filepath.Separator), "")
}
