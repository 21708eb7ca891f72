package archive

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
)

// recordedSession is a session whose run has played cmds, recorded into
// dir's current.rec.
func recordedSession(t *testing.T, dir string, seed uint64, cmds ...game.Command) *Session {
	t.Helper()
	data := loadData(t)
	s := NewSession(dir, data, nil)
	g := game.New(data, seed)
	s.Started(g)
	require.NoError(t, s.recErr)
	for _, c := range cmds {
		s.Playing(g, c)
		r, err := g.Do(c)
		require.NoError(t, err)
		s.Played(g, c, r)
	}
	return s
}

// crashWith panics with v and hands the panic to s.Crashed from a deferred
// recover, as main does.
func crashWith(s *Session, stderr io.Writer, v any) {
	defer func() {
		if r := recover(); r != nil {
			s.Crashed(r, debug.Stack(), "0.0-test", stderr)
		}
	}()
	panic(v)
}

func TestCrashedWritesAReportThatReplaysTheCrash(t *testing.T) {
	dir := t.TempDir()
	wait, fire := game.Command{Kind: game.CmdWait}, game.Command{Kind: game.CmdAccelerate}
	s := recordedSession(t, dir, 31, wait, wait)
	s.Playing(s.game, fire) // the crash comes while this one resolves
	var stderr bytes.Buffer
	crashWith(s, &stderr, "index out of range")

	report, copied := filepath.Join(dir, "crash-1.txt"), filepath.Join(dir, "crash-1.rec")
	assert.Equal(t, s.data.Texts.Format(assets.CLICrashed, "report", report, "recording", copied)+"\n", stderr.String())
	b, err := os.ReadFile(report)
	require.NoError(t, err)
	text := string(b)
	for _, want := range []string{
		"panic: index out of range\n", "seed: 31\n", "turn: 2\n", "phase: road\n",
		"command being played: accelerate\n", "last command played: wait\n",
		"recording: " + copied + " (2 commands)\n", "then play: accelerate\n",
		"check it: lastpost -replay " + copied + " -verify -partial\n",
		fmt.Sprintf("version: 0.0-test (logic %d", game.LogicVersion), "\nstack:\n", "crashWith",
	} {
		assert.Contains(t, text, want)
	}
	rec, err := LoadRecording(copied)
	require.NoError(t, err)
	v, err := VerifyPartial(s.data, rec, nil)
	require.NoError(t, err)
	assert.Equal(t, 2, v.Turns)
	assert.Equal(t, s.game.Hash(), v.Hash, "the copy replays to the state the crash happened in")
}

func TestCrashedWritesTheStackItIsGiven(t *testing.T) {
	s := NewSession(t.TempDir(), loadData(t), nil)
	var stderr bytes.Buffer
	s.Crashed("worker broke", []byte("goroutine 7 [running]:\nmain.worker()\n"), "0.0-test", &stderr)
	b, err := os.ReadFile(filepath.Join(s.dir, "crash-1.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(b), "panic: worker broke\n")
	assert.Contains(t, string(b), "stack:\ngoroutine 7 [running]:\nmain.worker()\n")
	assert.NotContains(t, string(b), "seed:", "no run was under way")
}

func TestCrashReportsAreNumberedAndNeverOverwritten(t *testing.T) {
	dir := t.TempDir()
	rep := &CrashReport{Panic: "boom"}
	for want := 1; want <= 3; want++ {
		path, err := WriteCrashReport([]string{dir}, rep, "")
		require.NoError(t, err)
		assert.Equal(t, filepath.Join(dir, fmt.Sprintf("crash-%d.txt", want)), path)
	}
	require.NoError(t, os.Remove(filepath.Join(dir, "crash-2.txt")))
	path, err := WriteCrashReport([]string{dir}, rep, "")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "crash-2.txt"), path, "a free number is reused")
}

func TestCrashReportFallsBackWhenTheDataDirIsUnusable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	spare := t.TempDir()
	path, err := WriteCrashReport([]string{filepath.Join(file, "data"), spare}, &CrashReport{Panic: "boom"}, "")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(spare, "crash-1.txt"), path)
}

func TestCrashWithNowhereToWriteStillSaysWhatHappened(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	s := NewSession(filepath.Join(file, "data"), loadData(t), nil)
	t.Setenv("TMPDIR", filepath.Join(file, "tmp"))
	var stderr bytes.Buffer
	crashWith(s, &stderr, "boom")
	first, stack, _ := strings.Cut(stderr.String(), "\n")
	assert.True(t, strings.HasPrefix(first, strings.SplitN(s.data.Texts.Get(assets.CLICrashUnwritten), "(", 2)[0]), first)
	assert.Contains(t, first, "boom")
	assert.Contains(t, stack, "crashWith", "the stack goes to stderr instead")
}

func TestCrashReportSaysWhyThereIsNoRecording(t *testing.T) {
	dir := t.TempDir()
	s := recordedSession(t, dir, 2, game.Command{Kind: game.CmdWait})
	s.recErr = os.ErrPermission
	s.stopRecording()
	var stderr bytes.Buffer
	crashWith(s, &stderr, "boom")
	b, err := os.ReadFile(filepath.Join(dir, "crash-1.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(b), "recording: none (permission denied)\n")
	assert.NoFileExists(t, filepath.Join(dir, "crash-1.rec"))
}

func TestCrashInTheReplayViewerNamesTheRecordingWatched(t *testing.T) {
	rec, err := LoadRecording(filepath.Join(corpusDir, "auto-0005.rec"))
	require.NoError(t, err)
	s := NewReplaySession(t.TempDir(), loadData(t), rec)
	var stderr bytes.Buffer
	crashWith(s, &stderr, "boom")
	b, err := os.ReadFile(filepath.Join(s.dir, "crash-1.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(b), "lastpost -replay "+rec.File+"\n")
	assert.Contains(t, stderr.String(), rec.File)
}
