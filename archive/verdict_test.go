package archive

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
)

// TestVerifyPathTellsProofsFromRecordings: a file holding a daily proof is
// verified as a proof (ok with the day, a *ProofError for a score its
// commands do not reach, a plain error naming the line for one that cannot
// be read), and any other file as a recording.
func TestVerifyPathTellsProofsFromRecordings(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	playDaily(t, data, dir)
	b, err := os.ReadFile(DailyPath(dir, testDay))
	require.NoError(t, err)
	line := strings.TrimSpace(string(b))
	tests := []struct {
		name, text string
		want       string
		proofErr   bool
		ok         bool
	}{
		{name: "the proof", text: line + "\n", want: "ok: the daily road of " + testDay + ", ", ok: true},
		{name: "a forged score", text: strings.Replace(line, " earned=", " earned=9", 1), want: "claims", proofErr: true},
		{name: "other content", text: strings.Replace(line, "content="+data.Content.Digest, "content=0123456789abcdef", 1),
			want: "made with content", proofErr: true},
		{name: "no proof", text: "lastpost-daily 1 2026-11-25 junk\n", want: "not a daily proof"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "proof.txt")
			require.NoError(t, os.WriteFile(path, []byte(tt.text), 0o644))
			verdict, err := VerifyPath(path, false, data, nil)
			var proof *ProofError
			if tt.ok {
				require.NoError(t, err)
				assert.Contains(t, verdict, tt.want)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Equal(t, tt.proofErr, errors.As(err, &proof), "a proof that does not hold is told from one that cannot be read")
		})
	}

	verdict, err := VerifyPath(filepath.Join(corpusDir, "auto-0005.rec"), false, data, nil)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(verdict, "ok: "), verdict)
	assert.NotContains(t, verdict, "daily road", "a recording is verified as one")
}

// TestWriteDailyScoresChecksEachDay writes the daily table: the line that
// no day has a proof yet for an empty folder, then each day with its
// proof's verdict, a forged day told it does not replay, and an
// unreadable table as an error with nothing written.
func TestWriteDailyScoresChecksEachDay(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	var out bytes.Buffer
	require.NoError(t, WriteDailyScores(dir, data, &out))
	assert.Equal(t, data.Texts.Get(assets.NoticeDailyTableEmpty)+"\n", out.String())

	playDaily(t, data, dir)
	table := filepath.Join(dir, DailyScoresName)
	b, err := os.ReadFile(table)
	require.NoError(t, err)
	forged := strings.Replace(strings.Replace(string(b), testDay, "2026-11-26", 1), " earned=", " earned=9", 1)
	require.NoError(t, os.WriteFile(table, append(b, forged...), 0o644))
	out.Reset()
	require.NoError(t, WriteDailyScores(dir, data, &out))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 3, out.String())
	header := data.Texts.Get(assets.NoticeDailyTableHeader)
	assert.Equal(t, header, lines[0])
	for _, word := range []string{"deliveries", "earned", "turns"} {
		end := strings.Index(header, word) + len(word)
		assert.Equal(t, " ", lines[1][end:end+1], "%s: the numbers end under the word: %q", word, lines[1])
		assert.NotEqual(t, " ", lines[1][end-1:end], "%s: the numbers end under the word: %q", word, lines[1])
	}
	p, err := ParseProof(strings.TrimSpace(string(b)))
	require.NoError(t, err)
	assert.Equal(t, strings.Index(header, "end"), strings.Index(lines[1], " "+p.Summary.Cause+" ")+1, "the cause under its word")
	assert.True(t, strings.HasPrefix(lines[1], testDay), lines[1])
	assert.True(t, strings.HasSuffix(lines[1], data.Texts.Get(assets.NoticeDailyReplays)), lines[1])
	assert.True(t, strings.HasPrefix(lines[2], "2026-11-26"), lines[2])
	assert.Contains(t, lines[2], data.Texts.Format(assets.NoticeDailyNoReplay, "error", ""))

	require.NoError(t, os.WriteFile(table, []byte("junk\n"), 0o644))
	out.Reset()
	err = WriteDailyScores(dir, data, &out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), DailyScoresName+":1: ")
	assert.Empty(t, out.String(), "nothing is written from a table that cannot be read")
}
