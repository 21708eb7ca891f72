package archive

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
)

// largest is the largest number a file name can carry.
var largest = strconv.Itoa(math.MaxInt)

func TestNextNumber(t *testing.T) {
	tests := []struct {
		name  string
		taken []int
		want  int
	}{
		{"none", nil, 1},
		{"one above the highest", []int{1, 2, 7}, 8},
		{"the largest taken: the lowest free", []int{math.MaxInt}, 1},
		{"the largest and low ones taken", []int{3, 1, math.MaxInt, 2, 5}, 4},
		{"just below the largest", []int{math.MaxInt - 1}, math.MaxInt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assert.Equal(t, tt.want, nextNumber(tt.taken)) })
	}
}

// TestSetAsideAtTheLargestNumberOverwritesNothing sets damaged saves aside
// beside a copy numbered with the largest integer: each is kept under a
// name of its own, positive, and the one there keeps its contents.
func TestSetAsideAtTheLargestNumberOverwritesNothing(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	top := SavePath(dir) + ".unreadable-" + largest
	require.NoError(t, os.WriteFile(top, []byte("the largest"), 0o600))
	for i := range 3 {
		require.NoError(t, os.WriteFile(SavePath(dir), []byte("damaged "+strconv.Itoa(i)), 0o600))
		_, err := LoadFile(dir, data)
		var bad *UnreadableError
		require.ErrorAs(t, err, &bad)
		assert.Equal(t, asidePath(SavePath(dir), i+1), bad.MovedTo)
	}
	for i := range 3 {
		got, err := os.ReadFile(asidePath(SavePath(dir), i+1))
		require.NoError(t, err)
		assert.Equal(t, "damaged "+strconv.Itoa(i), string(got), "each set-aside save is kept")
	}
	got, err := os.ReadFile(top)
	require.NoError(t, err)
	assert.Equal(t, "the largest", string(got))
	assertNoNegativeNames(t, dir)
}

// TestFinishedRunsAtTheLargestNumberOverwriteNothing finishes runs beside
// a recording numbered with the largest integer: each run's recording
// takes a free positive name, its score names it and proves, and the
// table is read back at the next start without being set aside.
func TestFinishedRunsAtTheLargestNumberOverwriteNothing(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	top := filepath.Join(dir, finishedPrefix+largest+finishedSuffix)
	require.NoError(t, os.WriteFile(top, []byte("not ours"), 0o600))
	require.NoError(t, os.WriteFile(MorguePath(dir, math.MaxInt), []byte("not ours either"), 0o600))
	for seed := uint64(1); seed <= 3; seed++ {
		s := NewSession(dir, data, nil)
		g := game.New(data, seed)
		s.Started(g)
		playOut(t, s, g, nil)
		assert.Empty(t, s.Notice())
	}
	assert.Empty(t, NewSession(dir, data, nil).Check(), "the table is read back whole")
	table, err := LoadScores(dir)
	require.NoError(t, err)
	require.Len(t, table, 3)
	names := map[string]bool{}
	for _, e := range table {
		names[e.Recording] = true
		assert.Equal(t, ScoreProven, ProveScore(dir, data, e), e.Recording)
	}
	assert.Len(t, names, 3, "three runs, three recordings")
	for _, n := range []int{1, 2, 3} {
		assert.FileExists(t, MorguePath(dir, n))
	}
	got, err := os.ReadFile(top)
	require.NoError(t, err)
	assert.Equal(t, "not ours", string(got))
	got, err = os.ReadFile(MorguePath(dir, math.MaxInt))
	require.NoError(t, err)
	assert.Equal(t, "not ours either", string(got))
	assertNoNegativeNames(t, dir)
}

// TestMoveToFreeSkipsATakenName checks a name taken behind the listing's
// back is skipped, not written over.
func TestMoveToFreeSkipsATakenName(t *testing.T) {
	dir := t.TempDir()
	name := func(n int) string { return filepath.Join(dir, "f-"+strconv.Itoa(n)) }
	require.NoError(t, os.WriteFile(name(1), []byte("there first"), 0o600))
	from := filepath.Join(dir, "new")
	require.NoError(t, os.WriteFile(from, []byte("new"), 0o600))
	to, n, err := moveToFree(from, nil, name)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, name(2), to)
	got, err := os.ReadFile(name(1))
	require.NoError(t, err)
	assert.Equal(t, "there first", string(got))
	assert.NoFileExists(t, from)
}

func assertNoNegativeNames(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.NotContains(t, e.Name(), "-"+"-", "a number wrapped to a negative one")
		assert.False(t, strings.Contains(e.Name(), "-9223372036854775808"), e.Name())
	}
}
