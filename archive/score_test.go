package archive

import (
	"bytes"
	"fmt"
	"lastpost/rules/act"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"lastpost/assets"
	"lastpost/game"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scoreRun is a finished run with the numbers that rank it.
func scoreRun(deliveries, earned, turns int) Summary {
	return Summary{Deliveries: deliveries, Earned: earned, Turns: turns, Cause: act.CauseDestroyed,
		Seed: uint64(deliveries*1_000_000 + earned*1000 + turns)}
}

func TestScoresOrder(t *testing.T) {
	// Best first: more deliveries, then more money earned, then fewer turns.
	ranked := []Summary{
		scoreRun(9, 100, 900), scoreRun(9, 100, 950), scoreRun(9, 60, 10), scoreRun(4, 500, 100),
		scoreRun(4, 20, 30), scoreRun(0, 0, 3), scoreRun(0, 0, 12),
	}
	rng := rand.New(rand.NewPCG(3, 3))
	for round := range 20 {
		order := rng.Perm(len(ranked))
		var s Scores
		for _, i := range order {
			s, _ = s.Add(ranked[i])
		}
		require.Equal(t, Scores(ranked), s, "round %d, added in order %v", round, order)
		require.NoError(t, s.check())
	}
	for i := range ranked {
		for j := range ranked {
			assert.Equal(t, i < j, ranked[i].Better(ranked[j]), "%d vs %d", i, j)
		}
	}
}

func TestScoresTrimToTen(t *testing.T) {
	var s Scores
	for i := range MaxScores + 3 {
		var rank int
		s, rank = s.Add(scoreRun(i, 0, 0))
		assert.Equal(t, 0, rank, "each run is the best so far")
	}
	require.Len(t, s, MaxScores)
	assert.Equal(t, MaxScores+2, s[0].Deliveries)
	assert.Equal(t, 3, s[MaxScores-1].Deliveries, "the three worst runs fell off")
	s2, rank := s.Add(scoreRun(1, 0, 0))
	assert.Equal(t, -1, rank, "too poor to make the table")
	assert.Equal(t, s, s2)
	s3, rank := s.Add(scoreRun(3, 0, 0))
	assert.Equal(t, -1, rank, "a tie with the last entry ranks after it, off the table")
	assert.Equal(t, s, s3)
	s4, rank := s.Add(scoreRun(5, 0, 0))
	assert.Equal(t, MaxScores-2, rank, "a tie goes after the entry it ties with")
	assert.Equal(t, s[:MaxScores-2], s4[:MaxScores-2])
	assert.Equal(t, scoreRun(5, 0, 0), s4[MaxScores-2])
	assert.Equal(t, s[MaxScores-2], s4[MaxScores-1], "the rest moves down one")
}

func TestScoresFile(t *testing.T) {
	dir := t.TempDir()
	s, err := LoadScores(dir)
	require.NoError(t, err, "no table yet is an empty table")
	assert.Empty(t, s)
	runs := []Summary{scoreRun(2, 60, 50), scoreRun(5, 200, 400), scoreRun(2, 60, 40)}
	ranks := []int{0, 0, 1}
	for i, r := range runs {
		rank, err := AddScore(dir, r)
		require.NoError(t, err)
		assert.Equal(t, ranks[i], rank, "run %d", i)
	}
	s, err = LoadScores(dir)
	require.NoError(t, err)
	assert.Equal(t, Scores{runs[1], runs[2], runs[0]}, s)
	assertNoTemps(t, dir)
}

func TestDamagedScoresFile(t *testing.T) {
	good, err := Scores{scoreRun(3, 100, 80), scoreRun(1, 20, 10)}.Marshal()
	require.NoError(t, err)
	cases := map[string][]byte{
		"empty":         nil,
		"cut short":     good[:len(good)-5],
		"bit flipped":   saveFlip(good, len(good)-3),
		"not a table":   []byte("hello\n"),
		"newer version": frame{magic: scoresFrame.magic, version: ScoresVersion + 1}.encode([]byte("[]")),
		"a save":        saveFrame.encode([]byte("[]")),
	}
	for name, b := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := ScoresPath(dir)
			require.NoError(t, os.WriteFile(path, b, 0o644))
			s, err := LoadScores(dir)
			var bad *UnreadableError
			require.ErrorAs(t, err, &bad)
			assert.Empty(t, s)
			assert.Contains(t, err.Error(), path)
			kept, readErr := os.ReadFile(bad.MovedTo)
			require.NoError(t, readErr)
			assert.True(t, bytes.Equal(b, kept), "the damaged table is kept as it was")

			require.NoError(t, os.WriteFile(path, b, 0o644))
			rank, err := AddScore(dir, scoreRun(1, 1, 1))
			assert.ErrorAs(t, err, &bad, "adding to a damaged table says so")
			assert.Equal(t, 0, rank)
			s, err = LoadScores(dir)
			require.NoError(t, err, "a new table was started")
			assert.Equal(t, Scores{scoreRun(1, 1, 1)}, s)
		})
	}
}

func TestInvalidScores(t *testing.T) {
	eleven := make([]string, MaxScores+1)
	for i := range eleven {
		eleven[i] = `{"deliveries":1,"cause":"destroyed"}`
	}
	cases := []struct {
		name, body, want string
	}{
		{"out of order", `[{"deliveries":1,"cause":"destroyed"},{"deliveries":2,"cause":"destroyed"}]`, "ranks above"},
		{"unknown cause", `[{"deliveries":1,"cause":"boredom"}]`, `unknown cause "boredom"`},
		{"negative", `[{"kills":-4,"cause":"destroyed"}]`, "a count of -4"},
		{"too many", "[" + joinComma(eleven) + "]", "11 entries"},
		{"unknown field", `[{"deliveries":1,"cause":"destroyed","bonus":3}]`, "unknown field"},
		{"not a list", `{"deliveries":1}`, "cannot be read"},
	}
	for _, c := range cases {
		_, err := ParseScores(scoresFrame.encode([]byte(c.body)))
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.want, c.name)
	}
}

func joinComma(s []string) string {
	var b bytes.Buffer
	for i, x := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(x)
	}
	return b.String()
}

func TestSummaryOfRun(t *testing.T) {
	r := game.Run{Seed: 77, Tally: act.Tally{Delivery: 4, Letters: 6, Earned: 320, Kills: 9, Turns: 410,
		Cause: act.CauseDestroyed, Won: false}}
	assert.Equal(t, Summary{Deliveries: 4, Letters: 6, Earned: 320, Kills: 9, Turns: 410,
		Cause: act.CauseDestroyed, Seed: 77}, SummaryOf(&r))
}

// FuzzParseScores checks that no score file makes the parser panic, and
// that whatever it accepts is a valid table that writes back the same.
func FuzzParseScores(f *testing.F) {
	good, err := Scores{scoreRun(3, 100, 80), scoreRun(1, 20, 10)}.Marshal()
	require.NoError(f, err)
	f.Add(good)
	f.Add([]byte{})
	f.Add(scoresFrame.encode([]byte("[]")))
	for i := 0; i < len(good); i += 17 {
		f.Add(good[:i])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseScores(b)
		if err != nil {
			require.NotContains(t, err.Error(), "\n")
			return
		}
		require.NoError(t, s.check())
		again, err := s.Marshal()
		require.NoError(t, err)
		back, err := ParseScores(again)
		require.NoError(t, err)
		require.Equal(t, fmt.Sprint(s), fmt.Sprint(back))
	})
}

// endRecorded plays a run of seed for turns waits and gives it up, recorded
// in dir as a session would: recording finished, then the score naming it.
func endRecorded(t *testing.T, data *assets.Data, dir string, seed uint64, turns int) Summary {
	t.Helper()
	g := game.New(data, seed)
	r, err := StartRunRecording(dir, g)
	require.NoError(t, err)
	for range turns {
		if g.Phase() == act.PhaseOver {
			break
		}
		_, err := r.Do(g, game.Command{Kind: game.CmdWait})
		require.NoError(t, err)
	}
	if g.Phase() != act.PhaseOver {
		_, err = r.Do(g, game.Command{Kind: game.CmdGiveUp})
		require.NoError(t, err)
	}
	require.NoError(t, r.Finish(g))
	sum, _, err := FinishRun(dir, g, filepath.Base(r.Kept()))
	require.NoError(t, err)
	return sum
}

// TestScoresKeepTheirRecordings ends runs that mostly rank above the one
// before, after a first run that ranks above them all: the first run's
// recording, older than the last KeptRecordings, stays while its entry
// stands, and the old recordings of runs off the table go as before.
func TestScoresKeepTheirRecordings(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	endRecorded(t, data, dir, 1, 0) // given up at once: the fewest turns rank first
	runs := KeptRecordings + 6
	for i := 2; i <= runs; i++ {
		endRecorded(t, data, dir, uint64(i), 40-i)
	}
	table, err := LoadScores(dir)
	require.NoError(t, err)
	require.Len(t, table, MaxScores)
	want := map[string]bool{}
	for i := runs - KeptRecordings + 1; i <= runs; i++ {
		want[fmt.Sprintf("run-%d.rec", i)] = true
	}
	for _, e := range table {
		want[e.Recording] = true
	}
	assert.Equal(t, "run-1.rec", table[0].Recording, "the first run leads the table")
	files, err := FinishedRecordings(dir)
	require.NoError(t, err)
	got := map[string]bool{}
	for _, f := range files {
		got[filepath.Base(f)] = true
	}
	assert.Equal(t, want, got, "the last ten and every scored run's recording are kept, nothing else")
	assert.Less(t, len(got), runs, "old recordings of runs off the table are dropped")
}

// TestProveScore replays an entry's recording and says whether it leads to
// exactly the entry.
func TestProveScore(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	e := endRecorded(t, data, dir, 4, 12)
	other := endRecorded(t, data, dir, 5, 3)
	require.NotEmpty(t, e.Recording)
	cut := func(t *testing.T) {
		rec, err := LoadRecording(filepath.Join(dir, e.Recording))
		require.NoError(t, err)
		rec.Cut(len(rec.Steps) - 1)
		require.NoError(t, writeRecording(filepath.Join(dir, e.Recording), rec))
	}
	tests := []struct {
		name  string
		edit  func(*Summary)
		spoil func(*testing.T)
		want  ScoreProof
	}{
		{"as recorded", func(*Summary) {}, nil, ScoreProven},
		{"more kills than the run made", func(s *Summary) { s.Kills++ }, nil, ScoreUnproven},
		{"fewer turns", func(s *Summary) { s.Turns-- }, nil, ScoreUnproven},
		{"another run's recording", func(s *Summary) { s.Recording = other.Recording }, nil, ScoreUnproven},
		{"no recording named", func(s *Summary) { s.Recording = "" }, nil, ScoreUnrecorded},
		{"a path, not a name", func(s *Summary) { s.Recording = "../" + s.Recording }, nil, ScoreUnproven},
		{"recording gone", func(s *Summary) { s.Recording = "run-99.rec" }, nil, ScoreUnproven},
		{"recording cut short", func(*Summary) {}, cut, ScoreUnproven},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.spoil != nil {
				tt.spoil(t)
			}
			s := e
			tt.edit(&s)
			assert.Equal(t, tt.want, ProveScore(dir, data, s))
		})
	}
}

// TestSessionScoresNameTheirRecording plays a run through a session, as the
// front end does, and checks its high-score entry names the finished
// recording and replays to it.
func TestSessionScoresNameTheirRecording(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	s := NewSession(dir, data, nil)
	g := game.New(data, 8)
	s.Started(g)
	for _, c := range []game.Command{{Kind: game.CmdAccelerate}, {Kind: game.CmdWait}, {Kind: game.CmdGiveUp}} {
		r, err := g.Do(c)
		require.NoError(t, err)
		s.Played(g, c, r)
	}
	s.Ended(g)
	table := s.HighScores()
	require.Len(t, table, 1)
	assert.Equal(t, "run-1.rec", table[0].Recording)
	assert.Equal(t, ScoreProven, s.ProveScore(table[0]))
}
