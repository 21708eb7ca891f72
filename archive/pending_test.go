package archive

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// fullDiskWrite writes nothing and fails as a full disk does.
func fullDiskWrite(path string, _ []byte) error {
	return &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
}

// TestAFullDiskAtTheEndLosesNothing ends a run while the high scores and
// the morgue file cannot be written: the end says so at once, the morgue
// text is kept in the temp folder, and the next start writes both from
// the run's recording; a start while the disk is still full says so and
// keeps trying.
func TestAFullDiskAtTheEndLosesNothing(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	t.Setenv("TMPDIR", t.TempDir())
	s := NewSession(dir, data, nil)
	s.write = fullDiskWrite
	g := game.New(data, 2)
	s.Started(g)
	playOut(t, s, g, nil)

	notice := s.Notice()
	full := syscall.ENOSPC.Error()
	assert.Contains(t, notice, data.Texts.Format(assets.NoticeScoreFailed, "error", full))
	assert.Contains(t, notice, data.Texts.Get(assets.NoticeRetryAtStart))
	copies, err := filepath.Glob(filepath.Join(os.Getenv("TMPDIR"), "lastpost-morgue-*.txt"))
	require.NoError(t, err)
	require.Len(t, copies, 1, "the morgue text is kept in the temp folder")
	assert.Contains(t, notice, data.Texts.Format(assets.NoticeMorgueCopied, "error", full, "path", copies[0]))
	kept, err := os.ReadFile(copies[0])
	require.NoError(t, err)
	assert.NoFileExists(t, MorguePath(dir, 1))
	assert.FileExists(t, pendingPath(dir, 1))

	still := NewSession(dir, data, nil)
	still.write = fullDiskWrite
	assert.Equal(t, data.Texts.Format(assets.NoticePendingFailed, "error", full), still.Check())
	assert.FileExists(t, pendingPath(dir, 1), "still to be written")

	next := NewSession(dir, data, nil)
	assert.Equal(t, data.Texts.Get(assets.NoticePendingWritten), next.Check())
	morgue, err := os.ReadFile(MorguePath(dir, 1))
	require.NoError(t, err)
	assert.Equal(t, string(kept), string(morgue), "the morgue file the run would have left")
	table, err := LoadScores(dir)
	require.NoError(t, err)
	require.Len(t, table, 1)
	assert.Equal(t, "run-1.rec", table[0].Recording)
	assert.Equal(t, ScoreProven, ProveScore(dir, data, table[0]))
	assert.NoFileExists(t, pendingPath(dir, 1))
	assert.Empty(t, NewSession(dir, data, nil).Check(), "written once")
	table, err = LoadScores(dir)
	require.NoError(t, err)
	assert.Len(t, table, 1, "not added twice")
}

// TestAFullTmpfsAtTheEnd plays the same on a real full disk: a small tmpfs
// filled just before the run's last command.
func TestAFullTmpfsAtTheEnd(t *testing.T) {
	data := loadData(t)
	dir := fullTmpfs(t, "256k")
	t.Setenv("TMPDIR", t.TempDir())
	s := NewSession(dir, data, nil)
	g := game.New(data, 2)
	s.Started(g)
	for _, c := range []game.Command{{Kind: game.CmdAccelerate}, {Kind: game.CmdWait}} {
		r, err := g.Do(c)
		require.NoError(t, err)
		s.Played(g, c, r)
	}
	filler := fillDisk(t, dir)
	c := game.Command{Kind: game.CmdGiveUp}
	r, err := g.Do(c)
	require.NoError(t, err)
	s.Played(g, c, r)
	require.Equal(t, act.PhaseOver, g.Phase())
	s.Ended(g)
	notice := s.Notice()
	full := syscall.ENOSPC.Error()
	require.FileExists(t, filepath.Join(dir, "run-1.rec"), "the recording's last lines fit its last page: %s", notice)
	assert.Contains(t, notice, data.Texts.Format(assets.NoticeScoreFailed, "error", full))
	assert.Contains(t, notice, data.Texts.Get(assets.NoticeRetryAtStart))
	assert.Contains(t, notice, os.Getenv("TMPDIR"), "the morgue copy is named")

	require.NoError(t, os.Remove(filler))
	assert.Equal(t, data.Texts.Get(assets.NoticePendingWritten), NewSession(dir, data, nil).Check())
	assert.FileExists(t, MorguePath(dir, 1))
	table, err := LoadScores(dir)
	require.NoError(t, err)
	assert.Len(t, table, 1)
}

// fillDisk writes a file into dir until the disk is full and returns its
// path.
func fillDisk(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	for _, size := range []int{4096, 1} {
		chunk := []byte(strings.Repeat("x", size))
		for {
			if _, err := f.Write(chunk); err != nil {
				require.ErrorIs(t, err, syscall.ENOSPC)
				break
			}
		}
	}
	return path
}
