package archive

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// testDay is the day the daily tests play; the clock is never read.
const testDay = "2026-11-25"

func TestDailySeedIsTheDate(t *testing.T) {
	tests := []struct {
		day  string
		seed uint64
		ok   bool
	}{
		{"2026-11-25", 20261125, true},
		{"2000-01-01", 20000101, true},
		{"2026-02-30", 0, false},
		{"26-11-25", 0, false},
		{"2026-1-5", 0, false},
		{"today", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.day, func(t *testing.T) {
			seed, err := DailySeed(tt.day)
			if !tt.ok {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.seed, seed)
			day, ok := dailyDay(seed)
			assert.True(t, ok)
			assert.Equal(t, tt.day, day)
		})
	}
	_, ok := dailyDay(42)
	assert.False(t, ok, "an ordinary seed is no day")
}

// playDaily claims testDay in a session on dir and lets the bot drive it to
// its end through the session's hooks, as the front end would.
func playDaily(t *testing.T, data *assets.Data, dir string) *game.Game {
	t.Helper()
	g, err := ClaimDaily(dir, testDay, data)
	require.NoError(t, err)
	s := NewSession(dir, data, nil)
	t.Cleanup(func() { s.Close() })
	s.Started(g)
	bot := game.Bot{Style: game.BotReckless}
	for range 5000 {
		if g.Phase() == act.PhaseOver {
			break
		}
		c := bot.Next(g)
		s.Playing(g, c)
		r, _ := g.Do(c)
		s.Played(g, c, r)
	}
	require.Equal(t, act.PhaseOver, g.Phase(), "the reckless bot ends its run")
	s.Ended(g)
	assert.Contains(t, s.Notice(), filepath.Base(DailyPath(dir, testDay)))
	return g
}

// TestDailyRoadOneAttemptAndAProof claims a day, refuses a second claim
// while the run goes on, plays it to its end, and checks the proof written
// in the day's file and the daily table: it parses, names the run's score
// and hash, and verifies offline; a third claim is refused with the proof.
func TestDailyRoadOneAttemptAndAProof(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	g := playDailyAfterASecondClaim(t, data, dir)

	b, err := os.ReadFile(DailyPath(dir, testDay))
	require.NoError(t, err)
	line := strings.TrimSpace(string(b))
	require.True(t, IsProof(b), line)
	p, err := ParseProof(line)
	require.NoError(t, err)
	assert.Equal(t, testDay, p.Day)
	assert.Equal(t, SummaryOf(&g.Run).Deliveries, p.Summary.Deliveries)
	assert.Equal(t, g.Run.Turns, p.Summary.Turns)
	assert.Equal(t, g.Hash(), p.Hash)
	v, err := VerifyProof(data, p)
	require.NoError(t, err)
	assert.Equal(t, g.Hash(), v.Hash)

	table, err := DailyScores(dir)
	require.NoError(t, err)
	require.Len(t, table, 1)
	assert.Equal(t, line, table[0].String())

	_, err = ClaimDaily(dir, testDay, data)
	var taken *DailyTakenError
	require.ErrorAs(t, err, &taken)
	assert.Equal(t, line, taken.Proof)
	assert.Contains(t, err.Error(), "driven already")
}

// playDailyAfterASecondClaim plays the day after checking a second claim
// is refused while its run goes on.
func playDailyAfterASecondClaim(t *testing.T, data *assets.Data, dir string) *game.Game {
	t.Helper()
	g, err := ClaimDaily(dir, testDay, data)
	require.NoError(t, err)
	assert.Equal(t, uint64(20261125), g.Run.Seed)
	_, err = ClaimDaily(dir, testDay, data)
	var taken *DailyTakenError
	require.ErrorAs(t, err, &taken)
	assert.Empty(t, taken.Proof)
	// No save may be left to continue (the attempt was quit without
	// saving), so the refusal must not promise one.
	assert.Contains(t, err.Error(), "a saved attempt goes on with Continue")
	assert.Contains(t, err.Error(), "quit without saving is over")
	// Start the claimed day afresh: the claim stays, the run is new.
	require.NoError(t, os.Remove(DailyPath(dir, testDay)))
	return playDaily(t, data, dir)
}

// TestDailyProofRefusesATamperedLine changes each part of a good proof and
// requires verification to fail, saying what disagrees.
func TestDailyProofRefusesATamperedLine(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	g := playDaily(t, data, dir)
	b, err := os.ReadFile(DailyPath(dir, testDay))
	require.NoError(t, err)
	good, err := ParseProof(strings.TrimSpace(string(b)))
	require.NoError(t, err)
	tests := []struct {
		name   string
		change func(p *Proof)
		want   string
	}{
		{"more earned", func(p *Proof) { p.Summary.Earned += 20 }, "claims"},
		{"other hash", func(p *Proof) { p.Hash ^= 1 }, "final hash"},
		{"other day", func(p *Proof) { p.Day = "2026-11-26" }, ""},
		{"a command dropped", func(p *Proof) { p.Cmds = p.Cmds[:len(p.Cmds)-1] }, ""},
		{"other content", func(p *Proof) { p.Content = "0123456789abcdef" }, "made with content 0123456789abcdef"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := good
			p.Cmds = append([]game.Command(nil), good.Cmds...)
			tt.change(&p)
			again, err := ParseProof(p.String())
			require.NoError(t, err)
			_, err = VerifyProof(data, again)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	assert.Equal(t, g.Hash(), good.Hash)
}

// TestParseProofErrors feeds lines that are not proofs.
func TestParseProofErrors(t *testing.T) {
	tests := []struct{ name, line, want string }{
		{"empty", "", "not a daily proof"},
		{"a recording", "lastpost-recording 3", "not a daily proof"},
		{"new version", "lastpost-daily 2 2026-11-25 content=0123456789abcdef deliveries=1 earned=2 turns=3 cause=destroyed hash=0123456789abcdef cmds=", "version \"2\""},
		{"bad day", "lastpost-daily 1 2026-13-01 content=0123456789abcdef deliveries=1 earned=2 turns=3 cause=destroyed hash=0123456789abcdef cmds=", "is not a day"},
		{"bad count", "lastpost-daily 1 2026-11-25 content=0123456789abcdef deliveries=-1 earned=2 turns=3 cause=destroyed hash=0123456789abcdef cmds=", "deliveries \"-1\""},
		{"fields out of order", "lastpost-daily 1 2026-11-25 content=0123456789abcdef earned=2 deliveries=1 turns=3 cause=destroyed hash=0123456789abcdef cmds=", "expected deliveries="},
		{"not base64", "lastpost-daily 1 2026-11-25 content=0123456789abcdef deliveries=1 earned=2 turns=3 cause=destroyed hash=0123456789abcdef cmds=%%%", "not base64url"},
		{"not deflate", "lastpost-daily 1 2026-11-25 content=0123456789abcdef deliveries=1 earned=2 turns=3 cause=destroyed hash=0123456789abcdef cmds=AAAA", "not deflate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseProof(tt.line)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestProveDailyMarksEachDay proves a daily table whose lines are a good
// proof, a tampered one and one past the cost bound: each is reported with
// its own verdict, in order, and a stop asked for ends the proving.
func TestProveDailyMarksEachDay(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	playDaily(t, data, dir)
	table, err := DailyScores(dir)
	require.NoError(t, err)
	require.Len(t, table, 1)
	good := table[0]
	tampered := good
	tampered.Summary.Earned++
	long := good
	long.Cmds = make([]game.Command, MaxProofCommands+1)
	s := NewSession(dir, data, nil)
	var got []ScoreProof
	s.ProveDaily([]Proof{good, tampered, long}, nil, func(i int, p ScoreProof) {
		assert.Equal(t, len(got), i, "in order")
		got = append(got, p)
	})
	assert.Equal(t, []ScoreProof{ScoreProven, ScoreUnproven, ScoreTooLong}, got)

	got = nil
	s.ProveDaily([]Proof{good, good}, func() bool { return len(got) > 0 }, func(_ int, p ScoreProof) { got = append(got, p) })
	assert.Len(t, got, 1, "a stop ends the proving")
}

// TestSessionTellsTheDailyDayAndTheMorgue: a session playing the claimed
// day's road names the day until the run ends, no other run, and after the
// end names the morgue file it wrote.
func TestSessionTellsTheDailyDayAndTheMorgue(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	g, err := ClaimDaily(dir, testDay, data)
	require.NoError(t, err)
	s := NewSession(dir, data, nil)
	defer s.Close()
	s.Started(g)
	assert.Equal(t, testDay, s.DailyDay(g), "the claimed day's run")
	assert.Empty(t, s.DailyDay(game.New(data, 42)), "an ordinary seed")
	other, err := DailySeed("2026-11-24")
	require.NoError(t, err)
	assert.Empty(t, s.DailyDay(game.New(data, other)), "a day's seed never claimed")
	assert.Empty(t, s.Morgue(), "no run ended yet")

	c := game.Command{Kind: game.CmdGiveUp}
	r, _ := g.Do(c)
	s.Played(g, c, r)
	s.Ended(g)
	assert.Empty(t, s.DailyDay(g), "the run is over")
	assert.Equal(t, MorguePath(dir, 1), s.Morgue())
	_, err = os.Stat(MorguePath(dir, 1))
	assert.NoError(t, err)

	s.Started(game.New(data, 42))
	assert.Empty(t, s.Morgue(), "a new run has written no morgue file yet")
}
