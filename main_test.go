package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/ui"
	"lastpost/ui/simscreen"
)

func loadData(t testing.TB) *assets.Data {
	t.Helper()
	data, err := assets.Load()
	require.NoError(t, err)
	return data
}

func TestFlags(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		stdout     string // a part of it
		stderr     string // a part of it
		quietError bool   // nothing on stderr
	}{
		{name: "help", args: []string{"-help"}, code: exitOK, stdout: "Usage: lastpost", quietError: true},
		{name: "h", args: []string{"-h"}, code: exitOK, stdout: "-data-dir", quietError: true},
		{name: "help lists replay", args: []string{"--help"}, code: exitOK, stdout: "-replay", quietError: true},
		{name: "version", args: []string{"-version"}, code: exitOK, stdout: "lastpost " + version + "\n", quietError: true},
		{name: "unknown flag", args: []string{"-nosuch"}, code: exitBad, stderr: "lastpost: flag provided but not defined: -nosuch"},
		{name: "bad seed", args: []string{"-seed", "north"}, code: exitBad, stderr: "Usage: lastpost"},
		{name: "stray argument", args: []string{"go"}, code: exitBad, stderr: `unexpected argument "go"`},
		{name: "seed with replay", args: []string{"-replay", "x.rec", "-seed", "3"}, code: exitBad, stderr: "-seed cannot be combined with -replay"},
		{name: "missing recording", args: []string{"-replay", "no/such.rec"}, code: exitBad, stderr: "no/such.rec: cannot open"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, &stdout, &stderr)
			assert.Equal(t, tt.code, code, "stderr: %s", stderr.String())
			assert.Contains(t, stdout.String(), tt.stdout)
			assert.Contains(t, stderr.String(), tt.stderr)
			if tt.quietError {
				assert.Empty(t, stderr.String())
			}
			if tt.code == exitBad {
				assert.Empty(t, stdout.String(), "errors go to stderr")
			}
		})
	}
}

// binDir holds the game built for the tests that run it; TestMain removes
// it at the end.
var binDir = sync.OnceValues(func() (string, error) { return os.MkdirTemp("", "lastpost-bin-") })

func TestMain(m *testing.M) {
	m.Run()
	if dir, err := binDir(); err == nil {
		os.RemoveAll(dir)
	}
}

// builtBinary builds the game once per test run.
var builtBinary = sync.OnceValues(func() (string, error) {
	dir, err := binDir()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "lastpost")
	out, err := exec.Command("go", "build", "-o", path, ".").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return path, nil
})

// outcome is what a run of the built binary did.
type outcome struct {
	stdout, stderr string
	code           int
}

// attempts is how many times runBinary tries before it calls a run that
// overstays its limit a failure: a busy machine can stall any process for a
// moment, but not three times running.
const attempts = 3

// runBinary runs the built game as a player would, but in a new session
// with no controlling terminal and pipes for its output, with env (plus
// PATH and a scratch HOME) as its whole environment. It fails the test if
// the game has not exited within limit.
func runBinary(t *testing.T, limit time.Duration, env []string, args ...string) outcome {
	t.Helper()
	bin, err := builtBinary()
	require.NoError(t, err)
	for try := 1; ; try++ {
		out, inTime := runOnce(t, bin, limit, env, args)
		if inTime {
			return out
		}
		require.Less(t, try, attempts, "the game did not exit within %v, %d times: %s", limit, attempts, out.stderr)
	}
}

// runOnce is one try of runBinary; it reports false if the game overstayed
// its limit.
func runOnce(t *testing.T, bin string, limit time.Duration, env, args []string) (outcome, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}, env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	out := outcome{stdout: stdout.String(), stderr: stderr.String()}
	if ctx.Err() != nil {
		return out, false
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		out.code = exit.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return out, true
}

func TestWithoutATerminalTheGameSaysWhyInOneLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	data := loadData(t)
	replay := filepath.Join("testdata", "replays", "auto-0005.rec")
	tests := []struct {
		name string
		env  []string
		args []string
		want string // the line, or its start
	}{
		{name: "TERM unset", want: data.Texts.Get(assets.CLITermUnset)},
		{name: "TERM empty", env: []string{"TERM="}, want: data.Texts.Get(assets.CLITermUnset)},
		{name: "TERM=dumb", env: []string{"TERM=dumb"}, want: data.Texts.Format(assets.CLITermDumb, "term", "dumb")},
		{name: "unknown TERM", env: []string{"TERM=nosuchterm"}, want: data.Texts.Format(assets.CLITermUnknown, "term", "nosuchterm")},
		{name: "no controlling terminal", env: []string{"TERM=xterm"},
			want: strings.SplitN(data.Texts.Get(assets.CLINoTTY), "{", 2)[0]},
		{name: "replay viewer, TERM unset", args: []string{"-replay", replay}, want: data.Texts.Get(assets.CLITermUnset)},
		{name: "replay viewer, no controlling terminal", env: []string{"TERM=xterm-256color"}, args: []string{"-replay", replay},
			want: strings.SplitN(data.Texts.Get(assets.CLINoTTY), "{", 2)[0]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := append([]string{"XDG_DATA_HOME=" + t.TempDir()}, tt.env...)
			// A correctness bound, not a benchmark: the game must not hang
			// or wait on a terminal that is not there.
			out := runBinary(t, time.Second, env, tt.args...)
			assert.Equal(t, exitFailed, out.code)
			assert.Empty(t, out.stdout)
			require.Equal(t, 1, strings.Count(out.stderr, "\n"), "one line: %q", out.stderr)
			assert.True(t, strings.HasPrefix(out.stderr, tt.want), "got %q, want %q", out.stderr, tt.want)
			assert.Contains(t, out.stderr, "-autoplay", "the line says what works without a terminal")
		})
	}
}

func TestHeadlessModesNeedNoTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	replay := filepath.Join("testdata", "replays", "auto-0005.rec")
	tests := []struct {
		name string
		args []string
		want string // a part of stdout
	}{
		{name: "autoplay", args: []string{"-autoplay", "2"}, want: "runs=2 "},
		{name: "verify", args: []string{"-replay", replay, "-verify"}, want: "ok: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// No TERM, no controlling terminal, output to pipes.
			out := runBinary(t, time.Minute, nil, tt.args...)
			assert.Equal(t, exitOK, out.code, out.stderr)
			assert.Contains(t, out.stdout, tt.want)
			assert.Empty(t, out.stderr)
		})
	}
}

// simTerminal is a simulation screen standing in for the terminal: it says
// when the game has started it, and the key breakKey breaks it: the game
// reads it as the accelerate key, and from then on Show panics.
type simTerminal struct {
	tcell.SimulationScreen
	ready     chan struct{}
	breakShow atomic.Bool
	// shown is the text of the last frame shown; the live buffer cannot
	// be read while the game draws.
	mu    sync.Mutex
	shown string
}

func newSimTerminal() *simTerminal {
	return &simTerminal{SimulationScreen: simscreen.New(), ready: make(chan struct{})}
}

func (s *simTerminal) Init() error {
	err := s.SimulationScreen.Init()
	s.SetSize(80, 24)
	close(s.ready)
	return err
}

const breakKey = '!'

func (s *simTerminal) PollEvent() tcell.Event {
	ev := s.SimulationScreen.PollEvent()
	if k, ok := ev.(*tcell.EventKey); ok && k.Key() == tcell.KeyRune && k.Rune() == breakKey {
		s.breakShow.Store(true)
		return tcell.NewEventKey(tcell.KeyRune, 'l', tcell.ModNone)
	}
	return ev
}

func (s *simTerminal) Show() {
	if s.breakShow.Load() {
		panic("the screen broke")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.Show()
	s.shown = s.contents()
}

func (s *simTerminal) Sync() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.Sync()
	s.shown = s.contents()
}

// finalised reports whether the screen was handed back to the terminal.
func (s *simTerminal) finalised() bool {
	_, w, h := s.GetContents()
	return w == 0 && h == 0
}

func (s *simTerminal) press(keys ...string) {
	for _, k := range keys {
		switch k {
		case "Enter":
			s.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
		case "Esc":
			s.InjectKey(tcell.KeyEscape, 0, tcell.ModNone)
		case "Down":
			s.InjectKey(tcell.KeyDown, 0, tcell.ModNone)
		default:
			s.InjectKey(tcell.KeyRune, []rune(k)[0], tcell.ModNone)
		}
	}
}

// text is what the screen last showed, row by row.
func (s *simTerminal) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shown
}

// contents writes the screen's buffer out as text; call it only from the
// goroutine that draws.
func (s *simTerminal) contents() string {
	cells, w, h := s.GetContents()
	var b strings.Builder
	for i, c := range cells {
		if len(c.Runes) == 0 || c.Runes[0] == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteRune(c.Runes[0])
		}
		if i%w == w-1 && i/w < h {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// played is what play returned.
type played struct {
	code   int
	stderr string
}

// startPlay runs play on s in the background, as main would on a terminal,
// and waits for the screen to start.
func startPlay(t *testing.T, cfg config, s *simTerminal) <-chan played {
	t.Helper()
	data := loadData(t)
	out := make(chan played, 1)
	go func() {
		var stderr bytes.Buffer
		code := withTrace(cfg.trace, &stderr, func(trace io.Writer) int {
			return play(cfg, data, trace, &stderr, func(*assets.Data) (tcell.Screen, error) { return s, nil })
		})
		out <- played{code: code, stderr: stderr.String()}
	}()
	select {
	case <-s.ready:
	case <-time.After(10 * time.Second):
		t.Fatal("play did not start the screen")
	}
	return out
}

func waitPlayed(t *testing.T, out <-chan played) played {
	t.Helper()
	select {
	case p := <-out:
		return p
	case <-time.After(20 * time.Second):
		t.Fatal("play did not return")
		return played{}
	}
}

// eventually polls cond for a few seconds.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// recordedTurns is how many commands dir's current.rec holds (-1 if it
// cannot be read).
func recordedTurns(dir string) int {
	rec, err := archive.LoadRecording(filepath.Join(dir, archive.CurrentRecording))
	if err != nil {
		return -1
	}
	return len(rec.Steps)
}

func waitRecorded(t *testing.T, dir string, n int) {
	t.Helper()
	eventually(t, fmt.Sprintf("%d recorded turns", n), func() bool { return recordedTurns(dir) == n })
}

func newRunConfig(t *testing.T, seed uint64) config {
	return config{seed: seed, seedSet: true, dataDir: filepath.Join(t.TempDir(), "data")}
}

// startDriving starts play on a new run of seed, as -seed does, and plays
// one turn of it.
func startDriving(t *testing.T, cfg config) (*simTerminal, <-chan played) {
	t.Helper()
	s := newSimTerminal()
	out := startPlay(t, cfg, s)
	s.press("l")
	waitRecorded(t, cfg.dataDir, 1)
	return s, out
}

// TestSignalsSaveTheRunAndRestoreTheTerminal sends this very process each
// stop signal while a run is on the road, as a shell or a closing terminal
// would.
func TestSignalsSaveTheRunAndRestoreTheTerminal(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		sig  syscall.Signal
		name string
		code int
	}{
		{syscall.SIGTERM, "SIGTERM", 143},
		{syscall.SIGINT, "SIGINT", 130},
		{syscall.SIGHUP, "SIGHUP", 129},
		{syscall.SIGQUIT, "SIGQUIT", 131},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := newRunConfig(t, 9)
			s, out := startDriving(t, cfg)
			require.NoError(t, syscall.Kill(os.Getpid(), tt.sig))
			got := waitPlayed(t, out)
			assert.Equal(t, tt.code, got.code)
			assert.Equal(t, data.Texts.Format(assets.CLIStoppedSaved, "signal", tt.name)+"\n", got.stderr)
			assert.True(t, s.finalised(), "the terminal is restored")
			g, err := archive.LoadFile(cfg.dataDir, data)
			require.NoError(t, err, "the run was saved")
			assert.Equal(t, 1, g.Run.Turns)
			rr, err := archive.ResumeRunRecording(cfg.dataDir, g)
			require.NoError(t, err, "the recording ends where the save does, ready to go on")
			require.NoError(t, rr.Close())
		})
	}
}

func TestSaveContinueAndGiveUpKeepOneRecording(t *testing.T) {
	data := loadData(t)
	cfg := newRunConfig(t, 21)
	s, out := startDriving(t, cfg)
	// One key at a time: a key pressed while a turn animates only cuts the
	// animation short.
	s.press("l")
	waitRecorded(t, cfg.dataDir, 2)
	s.press("Esc", "Down", "Down", "Down", "Enter") // pause: save and quit
	got := waitPlayed(t, out)
	require.Equal(t, exitOK, got.code, got.stderr)
	require.True(t, archive.HasSave(cfg.dataDir))

	cfg.seedSet = false
	s = newSimTerminal()
	out = startPlay(t, cfg, s)
	s.press("Enter") // Continue
	s.press("j")
	waitRecorded(t, cfg.dataDir, 3)
	// Give the run up: pause, the fifth item, then yes.
	s.press("Esc", "Down", "Down", "Down", "Down", "Enter", "Down", "Enter")
	eventually(t, "the end of the run", func() bool { return !archive.HasSave(cfg.dataDir) })
	s.press("Enter", "Esc")                              // the summary, then the title
	require.NoError(t, ui.Interrupt(s, syscall.SIGTERM)) // leave from the title
	got = waitPlayed(t, out)
	assert.Equal(t, 143, got.code)
	assert.Equal(t, data.Texts.Format(assets.CLIStopped, "signal", "SIGTERM")+"\n", got.stderr, "nothing to save")

	finished, err := archive.FinishedRecordings(cfg.dataDir)
	require.NoError(t, err)
	require.Len(t, finished, 1, "the run's recording is kept when it ends")
	rec, err := archive.LoadRecording(finished[0])
	require.NoError(t, err)
	v, err := archive.Verify(data, rec, nil)
	require.NoError(t, err, "saved, continued and given up, the run replays as one")
	assert.Equal(t, 4, v.Turns)
	assert.Equal(t, "give-up", rec.Steps[3].Cmd.String())
	scores, err := archive.LoadScores(cfg.dataDir)
	require.NoError(t, err)
	require.Len(t, scores, 1)
	assert.Equal(t, uint64(21), scores[0].Seed)
}

func TestAnUnreadableSaveIsNamedOnTheTitle(t *testing.T) {
	data := loadData(t)
	cfg := config{dataDir: t.TempDir()}
	require.NoError(t, os.WriteFile(archive.SavePath(cfg.dataDir), []byte("not a save\n"), 0o600))
	s := newSimTerminal()
	out := startPlay(t, cfg, s)
	// Nothing pressed: the damaged save is set aside when first seen,
	// whatever the player does next.
	var kept []string
	eventually(t, "the save moved aside", func() bool {
		kept, _ = filepath.Glob(archive.SavePath(cfg.dataDir) + ".*")
		return len(kept) == 1
	})
	notice := strings.Fields(data.Texts.Format(assets.TitleSaveUnreadable, "reason", "", "path", ""))[0:4]
	eventually(t, "the notice", func() bool {
		return strings.Contains(strings.Join(strings.Fields(s.text()), " "), strings.Join(notice, " "))
	})
	assert.Contains(t, strings.Join(strings.Fields(s.text()), ""), filepath.Base(kept[0]), "the notice names the kept file")
	require.NoError(t, ui.Interrupt(s, syscall.SIGTERM))
	waitPlayed(t, out)
}

func TestTraceFlagWritesTheRuleTrace(t *testing.T) {
	cfg := newRunConfig(t, 4)
	cfg.trace = filepath.Join(t.TempDir(), "trace.txt")
	s, out := startDriving(t, cfg)
	require.NoError(t, ui.Interrupt(s, syscall.SIGTERM))
	waitPlayed(t, out)
	b, err := os.ReadFile(cfg.trace)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "# turn 1: accelerate\n"), "%.200s", b)
	assert.Greater(t, strings.Count(string(b), "\n"), 2, "one line per action")
}

func TestACrashRestoresTheTerminalAndLeavesAReport(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name    string
		crash   func(s *simTerminal)
		panic   string
		playing string // the command under way, "none" if none
		stack   string // a frame the report's stack must show
	}{
		{name: "in the front end", crash: func(s *simTerminal) {
			s.press(string(breakKey))
		}, panic: "the screen broke", playing: "accelerate", stack: "simTerminal).Show"},
		{name: "in another goroutine", crash: func(s *simTerminal) {
			ui.Go(s, func() { panic("worker broke") })
		}, panic: "worker broke", playing: "none", stack: "TestACrashRestoresTheTerminalAndLeavesAReport"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := newRunConfig(t, 12)
			s, out := startDriving(t, cfg)
			tt.crash(s)
			got := waitPlayed(t, out)
			assert.Equal(t, exitCrash, got.code)
			assert.True(t, s.finalised(), "the terminal is restored")
			report := filepath.Join(cfg.dataDir, "crash-1.txt")
			copied := filepath.Join(cfg.dataDir, "crash-1.rec")
			assert.Equal(t, data.Texts.Format(assets.CLICrashed, "report", report, "recording", copied)+"\n", got.stderr)
			b, err := os.ReadFile(report)
			require.NoError(t, err)
			for _, want := range []string{
				"version: " + version, "panic: " + tt.panic, "seed: 12\n", "turn: ", "phase: road\n",
				"command being played: " + tt.playing + "\n", "last command played: accelerate\n",
				"recording: " + copied + " (1 commands)\n", "lastpost -replay " + copied, "stack:\n", tt.stack,
			} {
				assert.Contains(t, string(b), want)
			}
			rec, err := archive.LoadRecording(copied)
			require.NoError(t, err)
			_, err = archive.VerifyPartial(data, rec, nil)
			assert.NoError(t, err, "the copied recording replays up to the crash")
		})
	}
}

func TestWatchReplayQuitsOnItsKey(t *testing.T) {
	data := loadData(t)
	path := filepath.Join("testdata", "replays", "auto-0005.rec")
	rec, err := archive.LoadRecording(path)
	require.NoError(t, err)
	s := newSimTerminal()
	out := make(chan int, 1)
	var stderr bytes.Buffer
	go func() {
		out <- watchReplay(path, t.TempDir(), data, &stderr, func(*assets.Data) (tcell.Screen, error) { return s, nil })
	}()
	select {
	case <-s.ready:
	case <-time.After(10 * time.Second):
		t.Fatal("the viewer drew no frame")
	}
	eventually(t, "the replay's line", func() bool { return strings.Contains(s.text(), fmt.Sprintf("seed %d ", rec.Seed)) })
	s.press(data.Keys.KeysFor(assets.ActionReplayQuit)[0].String())
	select {
	case code := <-out:
		assert.Equal(t, exitOK, code, stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatal("the viewer did not quit")
	}
	assert.True(t, s.finalised())
}

func TestWatchReplayRefusesABrokenRecordingAsVerifyDoes(t *testing.T) {
	data := loadData(t)
	path := filepath.Join(t.TempDir(), "bad.rec")
	require.NoError(t, os.WriteFile(path, []byte("hello\n"), 0o600))
	var stderr bytes.Buffer
	opened := false
	code := watchReplay(path, t.TempDir(), data, &stderr, func(*assets.Data) (tcell.Screen, error) {
		opened = true
		return nil, errors.New("unused")
	})
	assert.Equal(t, exitBad, code)
	assert.True(t, strings.HasPrefix(stderr.String(), path+":1: "), stderr.String())
	assert.False(t, opened, "no terminal for a recording that cannot play")
}

func TestDataDirThatCannotBeMadeIsOneLine(t *testing.T) {
	data := loadData(t)
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	var stderr bytes.Buffer
	code := play(config{dataDir: filepath.Join(file, "data")}, data, nil, &stderr, func(*assets.Data) (tcell.Screen, error) {
		t.Fatal("the terminal is not opened")
		return nil, nil
	})
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, 1, strings.Count(stderr.String(), "\n"))
	assert.Contains(t, stderr.String(), "-data-dir")
}

func TestDataDirIsPrivate(t *testing.T) {
	cfg := newRunConfig(t, 3)
	s := newSimTerminal()
	out := startPlay(t, cfg, s)
	require.NoError(t, ui.Interrupt(s, syscall.SIGTERM))
	waitPlayed(t, out)
	info, err := os.Stat(cfg.dataDir)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), info.Mode().Perm())
}
