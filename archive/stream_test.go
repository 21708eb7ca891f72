package archive

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
)

// TestVerifyFileAgreesWithVerify checks that playing a file as it is read
// gives the verdict of playing it parsed whole, for finished runs, runs
// resumed from a save (a hand-played run, so a re-bless keeps its save and
// Continue), and a run still in progress.
func TestVerifyFileAgreesWithVerify(t *testing.T) {
	data := loadData(t)
	for _, name := range []string{"auto-0001.rec", "auto-0005.rec", "fumble-0001.rec", "hand-02-save-continue-camp.rec"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(corpusDir, name)
			rec, err := LoadRecording(path)
			require.NoError(t, err)
			want, err := Verify(data, rec, nil)
			require.NoError(t, err)
			got, err := VerifyFile(path, false, data, nil)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
	t.Run("resume lines are played", func(t *testing.T) {
		b, err := os.ReadFile(filepath.Join(corpusDir, "hand-02-save-continue-camp.rec"))
		require.NoError(t, err)
		require.Contains(t, string(b), "\nresume ")
	})
}

// TestVerifyFileReportsABadLineAfterADesync keeps the old order of
// verdicts: a file that cannot be read says so (exit 2) even when a line
// before the bad one already disagrees with the game.
func TestVerifyFileReportsABadLineAfterADesync(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.rec")
	b, err := os.ReadFile(filepath.Join(corpusDir, "auto-0001.rec"))
	require.NoError(t, err)
	text := string(b)
	// Command 1's hash is wrong, and the last line is garbage. The line
	// numbers come from the file, so a re-blessed corpus keeps the test.
	first := regexp.MustCompile(`\n1 [^\n]* ([0-9a-f]{16})\n`).FindStringSubmatchIndex(text)
	require.NotNil(t, first, "auto-0001.rec has no line for command 1")
	text = text[:first[2]] + "0000000000000000" + text[first[3]:]
	endLine := strings.Count(text, "\n")
	text += "garbage\n"
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	_, err = VerifyFile(path, false, loadData(t), nil)
	var pe *ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, fmt.Sprintf("%s:%d: nothing may follow the end line (line %d)", path, endLine+1, endLine), err.Error())
}

// TestVerifyFileHoldsNoLines verifies a recording of half a million
// lines and checks the heap did not grow with it: parsed whole, its steps
// alone would take 24 MiB.
func TestVerifyFileHoldsNoLines(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 17 MB recording")
	}
	const lines = maxRecSteps / 2
	path := filepath.Join(t.TempDir(), "long.rec")
	writeLongRecording(t, path, lines)

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := VerifyFile(path, true, loadData(t), nil)
	runtime.ReadMemStats(&after)
	// The made-up hashes disagree at command 1; every line is still read,
	// so a bad one at the end would still be found.
	var desync *DesyncError
	require.ErrorAs(t, err, &desync)
	assert.Equal(t, 1, desync.Turn)
	grown := int64(after.HeapSys) - int64(before.HeapSys)
	assert.Less(t, grown, int64(8<<20), "the heap grew by %d bytes reading %d lines", grown, lines)
}

// writeLongRecording writes a recording of seed 1 with n waits whose
// hashes are made up, and no end line.
func writeLongRecording(t *testing.T, path string, n int) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	w := bufio.NewWriter(f)
	g := game.New(loadData(t), 1)
	_, err = w.WriteString(header(RecordFormat, game.LogicVersion, 0, g.Data().Content, nil, 1, g.Hash()))
	require.NoError(t, err)
	for i := 1; i <= n; i++ {
		_, err = fmt.Fprintf(w, "%d wait %016x\n", i, i)
		require.NoError(t, err)
	}
	require.NoError(t, w.Flush())
	require.NoError(t, f.Close())
}

// BenchmarkVerifyFile compares verifying corpus files as they are read
// with reading each whole first, as -verify did before: the same play,
// without the steps held.
func BenchmarkVerifyFile(b *testing.B) {
	data := loadData(b)
	files, _ := benchCorpus(b)
	b.Run("Streamed", func(b *testing.B) {
		for b.Loop() {
			for _, f := range files {
				_, err := VerifyFile(f, false, data, nil)
				require.NoError(b, err)
			}
		}
	})
	b.Run("Whole", func(b *testing.B) {
		for b.Loop() {
			for _, f := range files {
				rec, err := LoadRecording(f)
				require.NoError(b, err)
				_, err = Verify(data, rec, nil)
				require.NoError(b, err)
			}
		}
	})
}
