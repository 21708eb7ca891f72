package ui

import (
	"regexp"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/game"
)

// proofOfRow is what the prover hook of TestScoresAreProvenInTheBackground
// answers, row by row.
type proofOfRow struct {
	i int
	p Proof
}

// TestScoresAreProvenInTheBackground opens a table whose proofs take as
// long as the test wants: every recorded row shows the progress mark, the
// screen answers keys meanwhile, each proof changes its own row's mark when
// it comes, and closing the table stops the prover.
func TestScoresAreProvenInTheBackground(t *testing.T) {
	scores := []Score{
		{Seed: 11, Deliveries: 5, Earned: 500, Turns: 700, Proof: ProofPending},
		{Seed: 12, Deliveries: 4, Earned: 400, Turns: 600, Proof: ProofPending},
		{Seed: 13, Deliveries: 3, Earned: 300, Turns: 500},
	}
	answers, stopped, prove := answeringProver()
	hooks := Hooks{
		HighScores:  func() []Score { return scores },
		ProveScores: func(_ []Score, stop func() bool, report func(int, Proof)) { prove(stop, report) },
	}
	h := newHarness(t, 80, 24, Options{Hooks: hooks})
	h.selectItem(h.app.text(assets.TitleHighScores))
	marks := func() []string {
		rows := regexp.MustCompile(`(?m)^\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+ (.) .{5} \d+`).FindAllStringSubmatch(h.text(), -1)
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = r[1]
		}
		return out
	}
	pending, tooLong := h.app.text(assets.ScoresPending), h.app.text(assets.ScoresTooLong)
	assert.Equal(t, []string{pending, pending, " "}, marks(), "each recorded row shows it is being replayed")
	h.contains(h.app.text(assets.ScoresLegend))

	// The screen answers while nothing is proven yet.
	h.press(h.keyFor(assets.ActionMenuDown))
	assert.Equal(t, []string{pending, pending, " "}, marks())

	answers <- proofOfRow{1, ProofTooLong}
	pumpUntil(t, h, func() bool { m := marks(); return len(m) == 3 && m[1] == tooLong })
	assert.Equal(t, []string{pending, tooLong, " "}, marks(), "only its own row changes")
	answers <- proofOfRow{0, ProofProven}
	pumpUntil(t, h, func() bool { m := marks(); return len(m) == 3 && m[0] == h.app.text(assets.ScoresProven) })

	h.press(h.keyFor(assets.ActionCancel))
	close(answers)
	assertProverStopped(t, stopped)
}

// answeringProver stands in for a table's prover: it reports each row's
// proof as the test sends it on answers, then, once answers closes, waits
// for the table to tell it to stop and sends on stopped whether it did.
func answeringProver() (answers chan proofOfRow, stopped chan bool, prove prover) {
	answers, stopped = make(chan proofOfRow), make(chan bool, 1)
	prove = func(stop func() bool, report func(int, Proof)) {
		for a := range answers {
			report(a.i, a.p)
		}
		deadline := time.Now().Add(5 * time.Second)
		for !stop() && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		stopped <- stop()
	}
	return answers, stopped, prove
}

// assertProverStopped checks that the prover was told to stop once its
// table closed.
func assertProverStopped(t *testing.T, stopped chan bool) {
	t.Helper()
	select {
	case s := <-stopped:
		assert.True(t, s, "closing the table stops the replays")
	case <-time.After(10 * time.Second):
		t.Fatal("the prover was never told to stop")
	}
}

// pumpUntil handles the events a goroutine posts until cond holds.
func pumpUntil(t *testing.T, h *harness, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		require.True(t, time.Now().Before(deadline), "timed out")
		h.app.pump()
		time.Sleep(time.Millisecond)
	}
}

// TestSessionScoresListWithoutReplaying plays a run through a session and
// reads the table through the front end's hooks: listing it (which New
// game does, to know whether a run was played before) replays nothing and
// marks the recorded entry as pending; the prover hook then proves it.
func TestSessionScoresListWithoutReplaying(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	s := archive.NewSession(dir, data, nil)
	g := game.New(data, 8)
	s.Started(g)
	for _, c := range []game.Command{{Kind: game.CmdAccelerate}, {Kind: game.CmdGiveUp}} {
		r, err := g.Do(c)
		require.NoError(t, err)
		s.Played(g, c, r)
	}
	s.Ended(g)
	hooks := SessionHooks(s)
	scores := hooks.HighScores()
	require.Len(t, scores, 1)
	assert.Equal(t, ProofPending, scores[0].Proof, "listing the table replays nothing")
	var got []Proof
	hooks.ProveScores(scores, func() bool { return false }, func(i int, p Proof) { got = append(got, p) })
	assert.Equal(t, []Proof{ProofProven}, got)
}

var _ tcell.Event = (*proofEvent)(nil)

// TestTheEndScreenSaysWhatCouldNotBeWritten ends a run while the data
// folder has something to say (a full disk kept the high score and the
// morgue file from being written): the end screen shows it, over the
// summary's last messages, not under a map nobody sees any more.
func TestTheEndScreenSaysWhatCouldNotBeWritten(t *testing.T) {
	data := loadData(t)
	say := ""
	notice := data.Texts.Format(assets.NoticeScoreFailed, "error", "no space left on device") + " " +
		data.Texts.Get(assets.NoticeRetryAtStart)
	hooks := Hooks{
		Ended:  func(*game.Game) { say = notice },
		Notice: func() string { n := say; say = ""; return n },
	}
	h := newHarness(t, 80, 24, Options{Hooks: hooks})
	h.startRun()
	a := h.app
	h.press(keyEsc)
	h.selectItem(a.text(assets.PauseGiveUp))
	h.selectItem(a.text(assets.MenuYes))
	h.contains(a.text(assets.EndSummaryTitle))
	flat := h.flat()
	assert.Contains(t, flat, notice)
}
