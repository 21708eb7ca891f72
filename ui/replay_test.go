package ui

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// corpusRecording is a short recording from the golden corpus that drives,
// shops at a camp and ends.
const corpusRecording = "../testdata/replays/auto-0005.rec"

func loadRecording(t testing.TB, path string) *archive.Recording {
	t.Helper()
	rec, err := archive.LoadRecording(path)
	require.NoError(t, err)
	return rec
}

// recordCommands plays cmds on a fresh game of seed and returns the
// recording, as the game would have written it.
func recordCommands(t testing.TB, data *assets.Data, seed uint64, cmds ...game.Command) *archive.Recording {
	t.Helper()
	g := game.New(data, seed)
	var buf bytes.Buffer
	r, err := archive.NewRecorder(&buf, g)
	require.NoError(t, err)
	for _, c := range cmds {
		_, err := r.Do(g, c)
		require.NoError(t, err)
	}
	rec, err := archive.ReadRecording("test.rec", &buf)
	require.NoError(t, err)
	return rec
}

// newReplayHarness shows rec on an 80x24 simulation screen, paused at its
// start.
func newReplayHarness(t testing.TB, rec *archive.Recording) (*harness, *replayView) {
	t.Helper()
	h := newHarness(t, 80, 24, Options{})
	p, err := archive.NewPlayer(h.app.data, rec, nil)
	require.NoError(t, err)
	_ = p.Index() // as RunReplay does: a desync shows when playback reaches it
	v := watch(h.app, p)
	h.app.redraw(false)
	return h, v
}

// replayKey is the first key bound to a replay action, as a key press.
func (h *harness) replayKey(a assets.Action) key {
	h.t.Helper()
	keys := h.app.data.Keys.KeysFor(a)
	require.NotEmpty(h.t, keys, "no key for %s", a)
	return pressOf(keys[0])
}

// header is the replay's top line.
func (h *harness) header() string { return strings.SplitN(h.text(), "\n", 2)[0] }

func (h *harness) turnShown(turn, total int) string {
	return fmt.Sprintf("command %d/%d", turn, total)
}

func TestReplayStepsOneTurnAtATime(t *testing.T) {
	rec := loadRecording(t, corpusRecording)
	h, v := newReplayHarness(t, rec)
	a := h.app
	assert.Contains(t, h.header(), h.turnShown(0, len(rec.Steps)))
	assert.Contains(t, h.header(), a.text(assets.ReplayPaused))
	assert.Contains(t, h.header(), fmt.Sprintf("seed %d", rec.Seed))
	h.contains(strings.Fields(a.text(assets.ReplayKeys))[1]) // the key line
	for turn := 1; turn <= 3; turn++ {
		h.press(h.replayKey(assets.ActionReplayStep))
		assert.Contains(t, h.header(), h.turnShown(turn, len(rec.Steps)))
		assert.Contains(t, h.header(), a.text(assets.ReplayCommand, "command", rec.Steps[turn-1].Cmd))
		assert.Equal(t, rec.Steps[turn-1].Hash, a.game.Hash(), "turn %d replays the recorded state", turn)
	}
	assert.False(t, v.playing, "stepping leaves playback paused")
	h.contains("Spd ") // the road, drawn as in play
}

// TestReplayFollowsASaveAndContinue steps through a recording with resume
// lines (the corpus's first clumsy run that has them): after each, the viewer shows the game the save loaded, which goes
// on to the recorded states.
func TestReplayFollowsASaveAndContinue(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "replays", "fumble-*.rec"))
	require.NoError(t, err)
	var rec *archive.Recording
	for _, p := range paths {
		if r := loadRecording(t, p); len(r.Resumes) > 0 {
			rec = r
			break
		}
	}
	require.NotNil(t, rec, "one of the corpus's clumsy runs saves and continues")
	h, _ := newReplayHarness(t, rec)
	last := rec.Resumes[len(rec.Resumes)-1].After
	for turn := 1; turn <= last+2 && turn <= len(rec.Steps); turn++ {
		h.press(h.replayKey(assets.ActionReplayStep))
		require.Equal(t, rec.Steps[turn-1].Hash, h.app.game.Hash(), "turn %d shows the recorded state", turn)
	}
}

func TestReplaySpeedKeysStayInRange(t *testing.T) {
	rec := loadRecording(t, corpusRecording)
	h, _ := newReplayHarness(t, rec)
	shows := func(n int) {
		t.Helper()
		want := h.app.text(assets.ReplayHeader, "seed", rec.Seed, "turn", 0, "total", len(rec.Steps),
			"speed", n, "state", h.app.text(assets.ReplayPaused))
		assert.Equal(t, want, h.header(), "speed %d", n)
	}
	shows(replaySpeeds[replayStartSpeed])
	h.press(h.replayKey(assets.ActionReplayFaster))
	shows(replaySpeeds[replayStartSpeed+1])
	for range len(replaySpeeds) + 2 {
		h.press(h.replayKey(assets.ActionReplayFaster))
	}
	shows(replaySpeeds[len(replaySpeeds)-1])
	for range len(replaySpeeds) + 2 {
		h.press(h.replayKey(assets.ActionReplaySlower))
	}
	shows(replaySpeeds[0])
}

func TestReplayPlaysByItselfAndPauses(t *testing.T) {
	rec := loadRecording(t, corpusRecording)
	h, v := newReplayHarness(t, rec)
	for range len(replaySpeeds) {
		h.press(h.replayKey(assets.ActionReplayFaster))
	}
	h.press(h.replayKey(assets.ActionReplayPause))
	assert.Contains(t, h.header(), h.app.text(assets.ReplayPlaying))
	// The timer posts ticks into the screen's queue; pump them until a few
	// turns have played (at the top speed, well within the deadline).
	deadline := time.Now().Add(5 * time.Second)
	for v.player.Turn() < 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		h.app.pump()
	}
	require.GreaterOrEqual(t, v.player.Turn(), 3, "playback advances on its own")
	h.press(h.replayKey(assets.ActionReplayPause))
	assert.Contains(t, h.header(), h.app.text(assets.ReplayPaused))
	stopped := v.player.Turn()
	time.Sleep(50 * time.Millisecond)
	h.app.pump()
	assert.Equal(t, stopped, v.player.Turn(), "a paused replay stays put, stale ticks ignored")
	assert.Contains(t, h.header(), h.turnShown(stopped, len(rec.Steps)))
}

func TestReplayQuitKeyStopsTheViewer(t *testing.T) {
	h, v := newReplayHarness(t, loadRecording(t, corpusRecording))
	h.press(h.replayKey(assets.ActionReplayPause))
	h.press(h.replayKey(assets.ActionReplayQuit))
	assert.True(t, h.app.quit)
	assert.NoError(t, h.app.err)
	assert.False(t, v.playing)
}

func TestReplayShowsCampAndEnd(t *testing.T) {
	rec := loadRecording(t, corpusRecording)
	h, v := newReplayHarness(t, rec)
	a := h.app
	step := h.replayKey(assets.ActionReplayStep)
	for a.game.Phase() == act.PhaseRoad && !v.finished() {
		h.press(step)
	}
	require.Equal(t, act.PhaseCamp, a.game.Phase(), "the recording reaches a camp")
	h.contains(a.text(assets.CampTitle), h.turnShown(v.player.Turn(), len(rec.Steps)))
	h.contains(strings.Fields(a.text(assets.ReplayKeys))[1])
	for !v.finished() {
		h.press(step)
	}
	assert.Equal(t, rec.Last(), a.game.Hash())
	assert.Contains(t, h.header(), a.text(assets.ReplayEnded))
	h.press(h.replayKey(assets.ActionReplayPause))
	assert.False(t, v.playing, "nothing is left to play")
	if a.game.Phase() == act.PhaseOver {
		h.contains(a.text(assets.EndSummaryTitle))
	}
}

func TestReplayStopsAtADesync(t *testing.T) {
	data := loadData(t)
	wait := game.Command{Kind: game.CmdWait}
	rec := recordCommands(t, data, 7, wait, wait, wait)
	rec.Steps[1].Hash ^= 1
	h, v := newReplayHarness(t, rec)
	h.press(h.replayKey(assets.ActionReplayStep), h.replayKey(assets.ActionReplayStep))
	h.contains(h.app.text(assets.ReplayDesync, "turn", 2))
	assert.Contains(t, h.header(), h.app.text(assets.ReplayEnded))
	h.press(h.replayKey(assets.ActionReplayStep))
	assert.Equal(t, 2, v.player.Turn(), "nothing plays past a desync")
}

func TestReplayAnySizeDrawsWithoutPanic(t *testing.T) {
	rec := loadRecording(t, corpusRecording)
	h, v := newReplayHarness(t, rec)
	notice := h.app.text(assets.ScreenTooSmall, "width", 80, "height", 24)
	sizes := [][2]int{{1, 1}, {2, 1}, {1, 2}, {40, 3}, {79, 23}, {80, 23}, {79, 24}, {80, 24}, {81, 25}, {200, 60}, {300, 100}, {300, 24}, {80, 100}}
	step := h.replayKey(assets.ActionReplayStep)
	for stop := 0; !v.finished(); stop++ {
		at := sizes
		if testing.Short() {
			// Under -short (the race detector's run) each stop tries
			// one size in turn, so every size still meets many states.
			at = sizes[stop%len(sizes) : stop%len(sizes)+1]
		}
		for _, s := range at {
			require.NotPanics(t, func() { h.resize(s[0], s[1]) }, "turn %d at %dx%d", v.player.Turn(), s[0], s[1])
			if s[0] >= len(notice) && s[1] >= 1 && (s[0] < 80 || s[1] < 24) {
				h.contains(notice)
			}
		}
		h.resize(80, 24)
		for range 10 {
			h.press(step)
		}
	}
}

func TestReplayKeyDuringAnimationIsObeyedAfterTheTurn(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	h := newHarness(t, 80, 24, Options{Clock: clock})
	rec := loadRecording(t, corpusRecording)
	p, err := archive.NewPlayer(h.app.data, rec, nil)
	require.NoError(t, err)
	_ = p.Index() // as RunReplay does: a desync shows when playback reaches it
	v := watch(h.app, p)
	h.app.redraw(false)
	// The quit key waits in the queue while the first turn animates: it
	// cuts the animation short, then still quits.
	q := h.replayKey(assets.ActionReplayQuit)
	h.screen.InjectKey(q.k, q.r, q.mod)
	v.step(h.app)
	assert.Equal(t, 1, v.player.Turn())
	assert.False(t, h.app.quit, "the key is held while the turn resolves")
	h.app.pump()
	assert.True(t, h.app.quit, "then obeyed")
}

func TestRunReplayRefusesAnotherLogicVersionBeforeTheTerminal(t *testing.T) {
	rec := loadRecording(t, corpusRecording)
	rec.Logic = game.LogicVersion + 1
	s := newReadyScreen()
	err := RunReplay(s, loadData(t), rec, Options{Instant: true})
	var ve *archive.VersionError
	require.ErrorAs(t, err, &ve)
	select {
	case <-s.ready:
		t.Fatal("the terminal was started for a recording that cannot play")
	default:
	}
}

func TestRunReplayRestoresTheTerminal(t *testing.T) {
	data := loadData(t)
	s := newReadyScreen(pressOf(data.Keys.KeysFor(assets.ActionReplayQuit)[0]))
	done := make(chan error, 1)
	go func() { done <- RunReplay(s, data, loadRecording(t, corpusRecording), Options{Instant: true}) }()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("RunReplay did not return after quit")
	}
	assert.True(t, s.finalised())
}

// TestRunReplayRefusesOtherContentBeforeTheTerminal gives the viewer a
// recording that names other content: refused, by name, with the terminal
// never started, and exit status 2 as -verify gives.
func TestRunReplayRefusesOtherContentBeforeTheTerminal(t *testing.T) {
	rec := loadRecording(t, corpusRecording)
	rec.Content = assets.Content{Digest: "0123456789abcdef", Extra: []string{"more.toml"}}
	s := newReadyScreen()
	data := loadData(t)
	err := RunReplay(s, data, rec, Options{Instant: true})
	var ce *archive.ContentError
	require.ErrorAs(t, err, &ce)
	select {
	case <-s.ready:
		t.Fatal("the terminal was started for a recording that cannot play")
	default:
	}
	var stderr bytes.Buffer
	assert.Equal(t, exitBad, ExitCode(data, err, &stderr))
	assert.Contains(t, stderr.String(), "more.toml")
}
