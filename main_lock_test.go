package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/ui"
)

// TestASecondGameOnTheSameFolderIsRefused plays a game in this process and
// starts a second copy of the built game on the same data folder: the
// second says in one line that the folder is in use, by this process, and
// exits 1 before it touches a terminal; the headless modes still run; the
// first game's save is its own.
func TestASecondGameOnTheSameFolderIsRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	data := loadData(t)
	cfg := newRunConfig(t, 1)
	s, out := startDriving(t, cfg)

	want := data.Texts.Format(assets.CLIDataDirInUseBy, "dir", cfg.dataDir, "pid", os.Getpid()) + "\n"
	// TERM is set: had the second copy gone on, it would have tried the
	// terminal and said there is none.
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"a new run", []string{"-seed", "2"}, exitFailed, want},
		{"the title", nil, exitFailed, want},
		{"autoplay", []string{"-autoplay", "1"}, exitOK, ""},
		{"verify", []string{"-replay", filepath.Join("testdata", "replays", "auto-0005.rec"), "-verify"}, exitOK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runBinary(t, time.Minute, []string{"TERM=xterm"}, append(tt.args, "-data-dir", cfg.dataDir)...)
			assert.Equal(t, tt.code, got.code, got.stderr)
			assert.Equal(t, tt.stderr, got.stderr)
		})
	}

	require.NoError(t, ui.Interrupt(s, syscall.SIGTERM))
	waitPlayed(t, out)
	g, err := archive.LoadFile(cfg.dataDir, data)
	require.NoError(t, err)
	assert.Equal(t, uint64(1), g.Run.Seed, "the first game's save is its own")
}

// TestTheFolderLockComesBeforeTheTerminal is the short form: a folder
// locked by someone else stops play before it opens a terminal.
func TestTheFolderLockComesBeforeTheTerminal(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	lock, err := archive.LockDir(dir)
	require.NoError(t, err)
	defer lock.Unlock()
	var stdout, stderr strings.Builder
	t.Setenv("TERM", "")
	code := run([]string{"-data-dir", dir, "-seed", "3"}, &stdout, &stderr)
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, data.Texts.Format(assets.CLIDataDirInUseBy, "dir", dir, "pid", os.Getpid())+"\n", stderr.String())
	assert.False(t, archive.HasSave(dir))
	assert.Empty(t, stdout.String())
}

// TestASaveThatIsAFolderIsNamedInFull puts a folder where the save goes:
// the title screen says in full that it is not a regular file, and a run
// is not saved over it.
func TestASaveThatIsAFolderIsNamedInFull(t *testing.T) {
	data := loadData(t)
	cfg := config{dataDir: t.TempDir()}
	require.NoError(t, os.Mkdir(archive.SavePath(cfg.dataDir), 0o700))
	s := newSimTerminal()
	out := startPlay(t, cfg, s)
	eventually(t, "the notice", func() bool {
		return strings.Contains(strings.Join(strings.Fields(s.text()), ""), "save.lastpost:notaregularfile")
	})
	require.NoError(t, ui.Interrupt(s, syscall.SIGTERM))
	got := waitPlayed(t, out)
	assert.Equal(t, data.Texts.Format(assets.CLIStopped, "signal", "SIGTERM")+"\n", got.stderr)
	st, err := os.Stat(archive.SavePath(cfg.dataDir))
	require.NoError(t, err)
	assert.True(t, st.IsDir(), "left as it was")
}

// TestAReadOnlyDataFolderStillPlays mounts the data folder read-only: the
// game opens, says on the title screen that nothing will be saved, and a
// run can be started.
func TestAReadOnlyDataFolderStillPlays(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	if out, err := exec.Command("mount", "--bind", dir, dir).CombinedOutput(); err != nil {
		t.Skipf("mounting is not permitted here (%v: %s); TestAReadOnlyFolderIsToldOnTheTitle checks the same without a mount", err, out)
	}
	defer exec.Command("umount", dir).Run()
	if out, err := exec.Command("mount", "-o", "remount,ro,bind", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot remount read-only (%v: %s)", err, out)
	}
	s := newSimTerminal()
	out := startPlay(t, config{dataDir: dir}, s)
	want := strings.Join(strings.Fields(data.Texts.Format(assets.NoticeReadOnly, "dir", dir)), "")
	eventually(t, "the read-only notice", func() bool {
		return strings.Contains(strings.Join(strings.Fields(s.text()), ""), want)
	})
	require.NoError(t, ui.Interrupt(s, syscall.SIGTERM))
	got := waitPlayed(t, out)
	assert.NotEqual(t, exitFailed, got.code, got.stderr)
}
