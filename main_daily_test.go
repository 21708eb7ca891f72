package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/archive"
	"lastpost/game"
	"lastpost/rules/act"
)

// driveDaily claims day in dir and lets the bot drive it to its end through
// a session, as a player's game would, leaving the proof in dir.
func driveDaily(t *testing.T, dir, day string) string {
	t.Helper()
	data := loadData(t)
	g, err := archive.ClaimDaily(dir, day, data)
	require.NoError(t, err)
	s := archive.NewSession(dir, data, nil)
	defer s.Close()
	s.Started(g)
	bot := game.Bot{Style: game.BotReckless}
	for g.Phase() != act.PhaseOver {
		c := bot.Next(g)
		s.Playing(g, c)
		r, _ := g.Do(c)
		s.Played(g, c, r)
	}
	s.Ended(g)
	b, err := os.ReadFile(archive.DailyPath(dir, day))
	require.NoError(t, err)
	return strings.TrimSpace(string(b))
}

// TestDailyProofVerifiesOffline checks -verify on a file holding a daily
// proof line: ok with the score, exit 1 for a score its commands do not
// reach, exit 2 for a line that is no proof; and -daily-scores lists the
// day, checked.
func TestDailyProofVerifiesOffline(t *testing.T) {
	dir := t.TempDir()
	line := driveDaily(t, dir, "2026-11-25")
	file := dir + "/proof.txt"
	require.NoError(t, os.WriteFile(file, []byte(line+"\n"), 0o644))
	var stdout, stderr bytes.Buffer
	require.Equal(t, exitOK, run([]string{"-replay", file, "-verify"}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "ok: the daily road of 2026-11-25, ")

	forged := strings.Replace(line, " earned=", " earned=9", 1)
	require.NoError(t, os.WriteFile(file, []byte(forged), 0o644))
	stdout.Reset()
	stderr.Reset()
	assert.Equal(t, exitFailed, run([]string{"-replay", file, "-verify"}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "claims")

	require.NoError(t, os.WriteFile(file, []byte("lastpost-daily 1 2026-11-25 junk\n"), 0o644))
	stdout.Reset()
	stderr.Reset()
	assert.Equal(t, exitBad, run([]string{"-replay", file, "-verify"}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "not a daily proof")

	stdout.Reset()
	stderr.Reset()
	require.Equal(t, exitOK, run([]string{"-daily-scores", "-data-dir", dir}, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "2026-11-25")
	assert.Contains(t, stdout.String(), "replays to this score")
}

// TestDailyTableOfAnEmptyFolder: -daily-scores where no day's road has
// ended says that a proof comes when a day's road ends, not that none was
// driven (one begun and quit without saving has no proof, and -daily then
// refuses it).
func TestDailyTableOfAnEmptyFolder(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, exitOK, run([]string{"-daily-scores", "-data-dir", t.TempDir()}, &stdout, &stderr), stderr.String())
	assert.Equal(t, "No day's road has a proof yet: a proof is written when a day's road ends (lastpost -daily plays today's).\n", stdout.String())
}

func TestDailyFlagConflicts(t *testing.T) {
	for _, args := range [][]string{
		{"-daily", "-seed", "3"},
		{"-daily", "-replay", "x.rec"},
		{"-daily", "-autoplay", "1"},
		{"-daily-scores", "-autoplay", "1"},
	} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, exitBad, run(args, &stdout, &stderr), "%v", args)
		assert.Contains(t, stderr.String(), "-daily", "%v", args)
	}
}

// TestGameHooksOfferTheDaysRoad: the hooks every game is played with (a
// fresh run's, and a run that took the wheel from a replay) claim the day's
// road in the data folder, for the date the clock gives, once.
func TestGameHooksOfferTheDaysRoad(t *testing.T) {
	dir := t.TempDir()
	data := loadData(t)
	s := archive.NewSession(dir, data, nil)
	defer s.Close()
	hooks := gameHooks(s, dir, data, func() string { return "2026-11-25" })
	require.NotNil(t, hooks.Daily, "the title offers Today's road")
	g, err := hooks.Daily()
	require.NoError(t, err)
	seed, err := archive.DailySeed("2026-11-25")
	require.NoError(t, err)
	assert.Equal(t, seed, g.Run.Seed)
	assert.FileExists(t, archive.DailyPath(dir, "2026-11-25"), "the day is claimed")
	_, err = hooks.Daily()
	assert.Error(t, err, "a day has one attempt")
}

// TestGameHooksNameTheDailyRoadAndItsDay: the game hooks tell the front end
// that the claimed day's run is a daily road, today while the clock says
// that day and not once it says the next, and that no other run is one.
func TestGameHooksNameTheDailyRoadAndItsDay(t *testing.T) {
	dir := t.TempDir()
	data := loadData(t)
	s := archive.NewSession(dir, data, nil)
	defer s.Close()
	day := "2026-11-25"
	hooks := gameHooks(s, dir, data, func() string { return day })
	require.NotNil(t, hooks.DailyDay)
	g, err := hooks.Daily()
	require.NoError(t, err)
	s.Started(g)
	got, today := hooks.DailyDay(g)
	assert.Equal(t, "2026-11-25", got)
	assert.True(t, today)
	day = "2026-11-26"
	got, today = hooks.DailyDay(g)
	assert.Equal(t, "2026-11-25", got, "a daily road continued the next day is still that day's")
	assert.False(t, today)
	got, _ = hooks.DailyDay(game.New(data, 7))
	assert.Empty(t, got, "an ordinary run")
	require.NotNil(t, hooks.Morgue, "the end screen can name the morgue file")
}
