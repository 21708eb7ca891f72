package ui

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// seekRecording is a corpus run of several deliveries.
var seekRecording = filepath.Join("..", "testdata", "replays", "auto-0113.rec")

// recordedHash is the state hash the recording gives after turn commands.
func recordedHash(rec *archive.Recording, turn int) uint64 {
	if turn == 0 {
		return rec.Start
	}
	return rec.Steps[turn-1].Hash
}

// TestReplaySeekKeys presses each seeking key of the viewer and checks the
// command it lands on, the state shown there and the header's count.
func TestReplaySeekKeys(t *testing.T) {
	rec := loadRecording(t, seekRecording)
	h, v := newReplayHarness(t, rec)
	n := len(rec.Steps)
	roads := v.player.Roads()
	require.Greater(t, len(roads), 2, "the recording holds several deliveries")
	lands := func(turn int, why string) {
		t.Helper()
		assert.Equal(t, turn, v.player.Turn(), why)
		assert.Equal(t, recordedHash(rec, turn), h.app.game.Hash(), why)
		assert.Contains(t, h.header(), h.turnShown(turn, n), why)
		assert.False(t, v.playing, why)
	}
	h.press(h.replayKey(assets.ActionReplayEnd))
	lands(n, "the end key goes to the last command")
	h.press(h.replayKey(assets.ActionReplayBack))
	lands(n-1, "back one command from the end")
	h.press(h.replayKey(assets.ActionReplayStart))
	lands(0, "the start key goes to the start")
	h.press(h.replayKey(assets.ActionReplayBack))
	lands(0, "nothing lies before the start")
	h.press(h.replayKey(assets.ActionReplayRoadNext))
	lands(roads[1], "the second delivery's road")
	h.press(h.replayKey(assets.ActionReplayRoadNext))
	lands(roads[2], "the third delivery's road")
	h.press(h.replayKey(assets.ActionReplayStep), h.replayKey(assets.ActionReplayStep))
	lands(roads[2]+2, "two commands on")
	h.press(h.replayKey(assets.ActionReplayRoadBack))
	lands(roads[2], "back to the start of this road")
	h.press(h.replayKey(assets.ActionReplayRoadBack))
	lands(roads[1], "back to the road before")
	h.press(keyPgDn)
	lands(roads[2], "PgDn is the next delivery too")
	h.press(key{k: tcell.KeyHome})
	lands(0, "Home goes to the start too")
}

// TestReplayGoToCommand types a command number after the go-to key: digits
// and Backspace edit it, Enter goes there, Esc gives up, and a number past
// the end stops at the end.
func TestReplayGoToCommand(t *testing.T) {
	rec := loadRecording(t, seekRecording)
	h, v := newReplayHarness(t, rec)
	n := len(rec.Steps)
	h.press(h.replayKey(assets.ActionReplayGoTo))
	h.typeKeys("1x29")
	h.press(key{k: tcell.KeyBackspace2})
	h.contains(h.app.text(assets.ReplayGoTo, "total", n, "typed", "12"))
	h.press(keyEnter)
	assert.Equal(t, 12, v.player.Turn())
	assert.Equal(t, recordedHash(rec, 12), h.app.game.Hash())
	h.press(h.replayKey(assets.ActionReplayGoTo))
	h.typeKeys("300")
	h.press(keyEsc)
	assert.Equal(t, 12, v.player.Turn(), "Esc leaves the replay where it was")
	assert.False(t, h.app.quit, "Esc while typing does not stop watching")
	h.press(h.replayKey(assets.ActionReplayGoTo))
	h.typeKeys("99999")
	h.press(keyEnter)
	assert.Equal(t, n, v.player.Turn())
}

// TestReplayProgressBar checks the bar under the header: a mark for every
// delivery's road, the part played drawn up to where the replay stands.
func TestReplayProgressBar(t *testing.T) {
	rec := loadRecording(t, seekRecording)
	h, v := newReplayHarness(t, rec)
	// The bar is on row 1 over the road, and above the keys on the camp
	// and end screens.
	bar := func() string {
		rows := strings.Split(h.text(), "\n")
		if h.app.game.Phase() == act.PhaseRoad {
			return rows[1]
		}
		return rows[24-3] // the harness is 80x24
	}
	assert.Equal(t, string(progressHere), bar()[:1], "at the start the replay stands at the left end")
	assert.Equal(t, len(v.player.Roads())-1, strings.Count(bar(), string(progressRoad)),
		"every road but the first, which the replay stands on, is marked")
	h.press(h.replayKey(assets.ActionReplayEnd))
	assert.NotContains(t, bar(), string(progressAhead), "at the end everything is played")
	assert.Equal(t, string(progressHere), bar()[79:], "the end is the right end")
	h.press(h.replayKey(assets.ActionReplayRoadBack))
	played := strings.Count(bar(), string(progressPlayed))
	assert.Greater(t, played, 40, "the last road begins past the middle")
	assert.Less(t, played, 79)
}

// TestGoldenReplayViewer pins the viewer at 80x24 on the third delivery's
// road: the header, the progress bar with its road marks, the map, the
// status, the log and the keys.
func TestGoldenReplayViewer(t *testing.T) {
	h, _ := newReplayHarness(t, loadRecording(t, seekRecording))
	h.press(h.replayKey(assets.ActionReplayRoadNext), h.replayKey(assets.ActionReplayRoadNext))
	h.press(h.replayKey(assets.ActionReplayStep), h.replayKey(assets.ActionReplayStep))
	h.checkGolden("replay_road")
	h.press(h.replayKey(assets.ActionReplayGoTo))
	h.typeKeys("42")
	h.checkGolden("replay_go_to")
}

// TestReplayTakeTheWheel takes the wheel twelve commands into a corpus run:
// the hook gets the recording, the command and the game standing there,
// and the player plays on in that game with the hooks it returned. A
// refusal is told in the notice line and the replay stays.
func TestReplayTakeTheWheel(t *testing.T) {
	rec := loadRecording(t, seekRecording)
	var gotAt int
	started := 0
	refuse := true
	opts := Options{}
	opts.Hooks.TakeWheel = func(r *archive.Recording, at int, g *game.Game) (Hooks, error) {
		if refuse {
			return Hooks{}, errors.New("a saved run waits in the data folder")
		}
		gotAt = at
		assert.Same(t, rec, r)
		return Hooks{Started: func(*game.Game) { started++ }}, nil
	}
	h := newHarness(t, 80, 24, opts)
	p, err := archive.NewPlayer(h.app.data, rec, nil)
	require.NoError(t, err)
	require.NoError(t, p.Index())
	v := watch(h.app, p)
	h.app.redraw(false)
	h.press(h.replayKey(assets.ActionReplayGoTo))
	h.typeKeys("12")
	h.press(keyEnter)

	h.press(h.replayKey(assets.ActionReplayTakeWheel))
	h.contains("a saved run waits in the data folder")
	assert.Same(t, v, h.app.top(), "the replay stays")

	refuse = false
	h.press(h.replayKey(assets.ActionReplayTakeWheel))
	assert.Equal(t, 12, gotAt)
	assert.Equal(t, 1, started, "the run begins through the new hooks")
	_, playing := h.app.top().(*playView)
	require.True(t, playing, "the player drives")
	before := h.app.game.Run.Turns
	h.typeKeys(".")
	assert.Equal(t, before+1, h.app.game.Run.Turns, "a key plays a command of the player's own")
}

// TestReplayRefusalIsToldWholeAtACamp: a refusal to take the wheel is
// longer than one line at 80 columns; over the camp it wraps above the
// progress bar and the keys, which cover none of it.
func TestReplayRefusalIsToldWholeAtACamp(t *testing.T) {
	const refusal = "a saved run waits in the data folder: continue it or give it up before taking the wheel"
	opts := Options{}
	opts.Hooks.TakeWheel = func(*archive.Recording, int, *game.Game) (Hooks, error) {
		return Hooks{}, errors.New(refusal)
	}
	h := newHarness(t, 80, 24, opts)
	p, err := archive.NewPlayer(h.app.data, loadRecording(t, seekRecording), nil)
	require.NoError(t, err)
	require.NoError(t, p.Index())
	v := watch(h.app, p)
	h.app.redraw(false)
	for h.app.game.Phase() == act.PhaseRoad && !v.finished() {
		h.press(h.replayKey(assets.ActionReplayStep))
	}
	require.Equal(t, act.PhaseCamp, h.app.game.Phase())
	h.press(h.replayKey(assets.ActionReplayTakeWheel))
	var words []string
	for _, line := range strings.Split(h.text(), "\n") {
		words = append(words, strings.Fields(line)...)
	}
	assert.Contains(t, strings.Join(words, " "), refusal, "the refusal, whole")
	h.contains(strings.Fields(h.app.text(assets.ReplayKeys))[1])
}

// TestReplayRowsKeepTheirOrder: on the road, at a camp and on the end
// screen the replay's rows come in one order, top to bottom: the progress
// bar, the van's status line (none on the end screen), and the keys on the
// last row.
func TestReplayRowsKeepTheirOrder(t *testing.T) {
	h, v := newReplayHarness(t, loadRecording(t, seekRecording))
	row := func(rows []string, is func(string) bool) int {
		for i, r := range rows {
			if is(r) {
				return i
			}
		}
		return -1
	}
	places := []struct {
		name   string
		turn   int
		status bool
	}{
		{"road", v.player.Roads()[1] + 2, true},
		{"camp", v.player.Roads()[1] - 1, true},
		{"end", v.player.Len(), false},
	}
	playKey := h.app.data.Keys.KeysFor(assets.ActionReplayPause)[0].String() + " "
	for _, p := range places {
		v.seek(h.app, p.turn)
		h.app.redraw(false)
		rows := strings.Split(h.text(), "\n")
		bar := row(rows, func(r string) bool {
			return strings.ContainsRune(r, progressHere) && strings.Count(r, string(progressRoad)) > 1
		})
		status := row(rows, func(r string) bool { return strings.HasPrefix(r, "HP ") })
		keys := row(rows, func(r string) bool { return strings.HasPrefix(r, playKey) })
		require.GreaterOrEqual(t, bar, 0, "%s: no bar in\n%s", p.name, h.text())
		assert.Equal(t, 23, keys, "%s: the keys are on the last row:\n%s", p.name, h.text())
		if p.name == "camp" {
			h.checkGolden("replay_camp")
		}
		if p.status {
			assert.Less(t, bar, status, "%s: the bar is above the status line:\n%s", p.name, h.text())
			assert.Less(t, status, keys, "%s: the status line is above the keys:\n%s", p.name, h.text())
		}
	}
}
