package archive

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/rules/act"
)

// sampleRecording is a well-formed recording (its hashes are made up).
const sampleRecording = `lastpost-recording 2
logic 1
bot 3
seed 42
start 00000000000000ff
resume 00000000000000ff
1 accelerate 0123456789abcdef
2 fire east 0123456789abcde0
3 use 2 0123456789abcde1 refused
resume 0123456789abcde1
resume 0123456789abcde1
4 mount west 3 fedcba9876543210
end abandoned fedcba9876543211
`

func TestReadRecordingSample(t *testing.T) {
	rec, err := ReadRecording("s.rec", strings.NewReader(sampleRecording))
	require.NoError(t, err)
	assert.Equal(t, &Recording{
		File: "s.rec", Format: 2, Logic: 1, LogicLine: 2, Bot: 3, Seed: 42, Start: 0xff, StartLine: 5,
		Steps: []Step{
			{Line: 7, Cmd: game.Command{Kind: game.CmdAccelerate}, Hash: 0x0123456789abcdef},
			{Line: 8, Cmd: game.Command{Kind: game.CmdFire, Dir: geom.East}, Hash: 0x0123456789abcde0},
			{Line: 9, Cmd: game.Command{Kind: game.CmdUse, Index: 2}, Hash: 0x0123456789abcde1, Refused: true},
			{Line: 12, Cmd: game.Command{Kind: game.CmdMount, Dir: geom.West, Index: 3}, Hash: 0xfedcba9876543210},
		},
		Resumes: []Resume{{Line: 6, After: 0, Hash: 0xff}, {Line: 10, After: 3, Hash: 0x0123456789abcde1},
			{Line: 11, After: 3, Hash: 0x0123456789abcde1}},
		End: &End{Line: 13, Cause: "abandoned", Hash: 0xfedcba9876543211},
	}, rec)
	var out bytes.Buffer
	_, err = rec.WriteTo(&out)
	require.NoError(t, err)
	assert.Equal(t, sampleRecording, out.String(), "a parsed recording writes back byte for byte")
}

// TestReadRecordingErrors checks every kind of malformed file is refused
// with the file, the line and what is wrong.
func TestReadRecordingErrors(t *testing.T) {
	head := "lastpost-recording 2\nlogic 1\nseed 42\nstart 00000000000000ff\n"
	long := head + "1 wait " + strings.Repeat("0", 200) + "\n"
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "r.rec:1: not a Last Post recording (no lastpost-recording line)"},
		{"other file", "hello\n", "r.rec:1: not a Last Post recording (no lastpost-recording line)"},
		{"future format", "lastpost-recording 4\n", `r.rec:1: recording format "4" is not supported (this build reads 2 to 3)`},
		{"format 1", "lastpost-recording 1\n", `r.rec:1: recording format "1" is not supported (this build reads 2 to 3)`},
		{"header cut short", "lastpost-recording 2\nlogic 1\n", `r.rec:3: file ends inside the header: expected "seed"`},
		{"header out of order", "lastpost-recording 2\nseed 42\n", `r.rec:2: expected "logic" followed by one value, got "seed 42"`},
		{"bad logic", "lastpost-recording 2\nlogic -1\n", `r.rec:2: bad logic version "-1"`},
		{"bad seed", "lastpost-recording 2\nlogic 1\nseed x\n", `r.rec:3: bad seed "x"`},
		{"short start hash", "lastpost-recording 2\nlogic 1\nseed 1\nstart ff\n", `r.rec:4: state hash "ff" must be 16 hex digits`},
		{"upper-case hash", head + "1 wait 0123456789ABCDEF\n", `r.rec:5: state hash "0123456789ABCDEF" must be 16 lower-case hex digits`},
		{"no hash", head + "1 wait\n", `r.rec:5: expected "<turn> <command> <hash>", got "1 wait"`},
		{"turn skipped", head + "2 wait 0123456789abcdef\n", `r.rec:5: expected turn 1, got "2"`},
		{"unknown command", head + "1 jump 0123456789abcdef\n", `r.rec:5: unknown command "jump"`},
		{"missing argument", head + "1 fire 0123456789abcdef\n", `r.rec:5: fire takes 1 argument(s), got 0`},
		{"bad direction", head + "1 fire up 0123456789abcdef\n", `r.rec:5: unknown direction "up"`},
		{"not canonical", head + "1 use 07 0123456789abcdef\n", `r.rec:5: command "use 07" is not written the way a recording writes it ("use 7")`},
		{"double space", head + "1  wait 0123456789abcdef\n", `r.rec:5: command " wait" is not written the way a recording writes it ("wait")`},
		{"line too long", long, "r.rec:5: line longer than 128 bytes"},
		{"bad bot", "lastpost-recording 2\nlogic 1\nbot 0\n", `r.rec:3: bad bot version "0"`},
		{"bot after seed", "lastpost-recording 2\nlogic 1\nseed 42\nbot 1\n", `r.rec:4: expected "start" followed by one value, got "bot 1"`},
		{"step after end", head + "end capped 0000000000000000\n1 wait 0123456789abcdef\n", `r.rec:6: nothing may follow the end line (line 5)`},
		{"second end", head + "end won 0000000000000000\nend won 0000000000000000\n", `r.rec:6: nothing may follow the end line (line 5)`},
		{"end without hash", head + "end destroyed\n", `r.rec:5: end: no state hash`},
		{"end with a bad hash", head + "end destroyed 12\n", `r.rec:5: end: state hash "12" must be 16 hex digits`},
		{"resume with two hashes", head + "resume 0000000000000000 0000000000000000\n", `r.rec:5: resume: state hash "0000000000000000 0000000000000000" must be 16 hex digits`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadRecording("r.rec", strings.NewReader(tt.text))
			require.Error(t, err)
			assert.IsType(t, &ParseError{}, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

func TestReadRecordingCapsTurns(t *testing.T) {
	skipUnderRace(t)
	var b strings.Builder
	b.WriteString("lastpost-recording 2\nlogic 1\nseed 1\nstart 0000000000000000\n")
	for i := 1; i <= maxRecSteps+1; i++ {
		fmt.Fprintf(&b, "%d wait 0000000000000000\n", i)
	}
	_, err := ReadRecording("big.rec", strings.NewReader(b.String()))
	require.Error(t, err)
	assert.Equal(t, fmt.Sprintf("big.rec:%d: more than %d lines", maxRecSteps+5, maxRecSteps), err.Error())
}

func TestLoadRecordingMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "none.rec")
	_, err := LoadRecording(path)
	require.Error(t, err)
	assert.Equal(t, path+": cannot open: no such file or directory", err.Error())
}

// recordSeed plays up to n bot commands of seed into a recording, fewer if
// the run ends first, then gives the run up if it goes on: only the bot's
// runs at their limit may end "capped".
func recordSeed(t *testing.T, seed uint64, n int) (*Recording, *game.Game) {
	t.Helper()
	data := loadData(t)
	g := game.New(data, seed)
	var buf bytes.Buffer
	rec, err := NewRecorder(&buf, g)
	require.NoError(t, err)
	var bot game.Bot
	for i := 0; i < n && g.Phase() != act.PhaseOver; i++ {
		c := bot.Next(g)
		res, err := rec.Do(g, c)
		require.NoError(t, err)
		bot.Observe(c, res)
	}
	giveUpIfGoing(t, g, rec.Do)
	require.NoError(t, rec.End(g))
	parsed, err := ReadRecording(fmt.Sprintf("seed-%d.rec", seed), &buf)
	require.NoError(t, err)
	return parsed, g
}

// recordLasting is recordSeed's recording of the first run from seed on
// whose bot plays all n commands before the run ends, for tests that seek
// through a long run: new content that ends one run early moves them to the
// next seed rather than failing them.
func recordLasting(t *testing.T, seed uint64, n int) *Recording {
	t.Helper()
	const tries = 20
	for s := seed; s < seed+tries; s++ {
		if rec, _ := recordSeed(t, s, n); len(rec.Steps) > n {
			return rec
		}
	}
	t.Fatalf("no bot run from seed %d to %d lasts %d commands", seed, seed+tries-1, n)
	return nil
}

func TestVerifyAgreesWithThePlay(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		rec, g := recordSeed(t, seed, 60)
		v, err := Verify(loadData(t), rec, nil)
		require.NoError(t, err, "seed %d", seed)
		n := len(rec.Steps)
		assert.Equal(t, Verified{Turns: n, Hash: g.Hash()}, v, "seed %d", seed)
		assert.Equal(t, fmt.Sprintf("ok: %d commands, hash=%016x", n, g.Hash()), v.String())
	}
}

// TestVerifyFindsTheFirstDesync tampers with a recording in the ways a
// changed game would and checks the replay stops at the first bad turn.
func TestVerifyFindsTheFirstDesync(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name   string
		tamper func(*Recording) int // returns the turn that must desync
	}{
		{"start", func(r *Recording) int { r.Start ^= 1; return 0 }},
		{"hash", func(r *Recording) int { r.Steps[20].Hash ^= 1; return 21 }},
		{"command", func(r *Recording) int {
			for i, st := range r.Steps {
				if st.Cmd.Kind == game.CmdAccelerate && !st.Refused {
					r.Steps[i].Cmd = game.Command{Kind: game.CmdDecelerate}
					return i + 1
				}
			}
			t.Fatal("no accelerate to change")
			return 0
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, _ := recordSeed(t, 5, 40)
			turn := tt.tamper(rec)
			want := rec.Start
			if turn > 0 {
				want = rec.Steps[turn-1].Hash
			}
			_, err := Verify(data, rec, nil)
			var desync *DesyncError
			require.ErrorAs(t, err, &desync)
			assert.Equal(t, turn, desync.Turn)
			assert.Equal(t, want, desync.Want)
			assert.NotEqual(t, desync.Want, desync.Got)
			line := rec.StartLine
			if turn > 0 {
				line = rec.Steps[turn-1].Line
			}
			assert.Equal(t, fmt.Sprintf("seed-5.rec:%d: desync at command %d: expected %016x, got %016x",
				line, turn, desync.Want, desync.Got), err.Error())
		})
	}
}

func TestVerifyRefusesAnotherLogicVersion(t *testing.T) {
	rec, _ := recordSeed(t, 1, 5)
	rec.Logic = game.LogicVersion + 1
	_, err := Verify(loadData(t), rec, nil)
	require.Error(t, err)
	assert.IsType(t, &VersionError{}, err)
	assert.Equal(t, fmt.Sprintf("seed-1.rec:2: recorded with logic version %d but this build plays version %d: "+
		"re-bless the recording (see testdata/replays/README.md)", game.LogicVersion+1, game.LogicVersion), err.Error())
}

// TestPlayerSeek checks seeking backwards replays from the seed and lands on
// the same state as stepping forwards.
func TestPlayerSeek(t *testing.T) {
	rec := recordLasting(t, 4, 50)
	games := 0
	p, err := NewPlayer(loadData(t), rec, func(*game.Game) { games++ })
	require.NoError(t, err)
	require.NoError(t, p.Seek(30))
	at30 := p.Game().Hash()
	require.NoError(t, p.Seek(1000))
	assert.True(t, p.Done())
	assert.Equal(t, rec.Last(), p.Game().Hash())
	require.NoError(t, p.Seek(30))
	assert.Equal(t, at30, p.Game().Hash())
	assert.Equal(t, 30, p.Turn())
	assert.Equal(t, 2, games, "a backward seek starts a fresh game and sets it up")
	next, ok := p.Peek()
	require.True(t, ok)
	assert.Equal(t, rec.Steps[30], next)
}

// TestRunRecordingFiles checks the data dir's recordings: the current run
// is written as it goes, resumes after a save, and finished runs are kept
// up to KeptRecordings, oldest dropped first.
func TestRunRecordingFiles(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	for run := 1; run <= KeptRecordings+2; run++ {
		g := game.New(data, uint64(run))
		r, err := StartRunRecording(dir, g)
		require.NoError(t, err)
		_, err = r.Do(g, game.Command{Kind: game.CmdAccelerate})
		require.NoError(t, err)
		if run == 1 {
			require.NoError(t, r.Close())
			r, err = ResumeRunRecording(dir, g)
			require.NoError(t, err)
			_, err = r.Do(g, game.Command{Kind: game.CmdWait})
			require.NoError(t, err)
		}
		giveUpIfGoing(t, g, r.Do)
		require.NoError(t, r.Finish(g))
	}
	files, err := FinishedRecordings(dir)
	require.NoError(t, err)
	require.Len(t, files, KeptRecordings)
	assert.Equal(t, filepath.Join(dir, "run-3.rec"), files[0])
	assert.Equal(t, filepath.Join(dir, "run-12.rec"), files[len(files)-1])
	for _, f := range files {
		rec, err := LoadRecording(f)
		require.NoError(t, err)
		_, err = Verify(data, rec, nil)
		assert.NoError(t, err, f)
	}
	_, err = os.Stat(filepath.Join(dir, CurrentRecording))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestRunRecordingRefusesAMismatch(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	g := game.New(data, 9)
	r, err := StartRunRecording(dir, g)
	require.NoError(t, err)
	require.NoError(t, r.Close())
	_, err = g.Do(game.Command{Kind: game.CmdAccelerate}) // played but not recorded
	require.NoError(t, err)
	_, err = ResumeRunRecording(dir, g)
	assert.ErrorIs(t, err, ErrRecordingMismatch)
	_, err = StartRunRecording(dir, g)
	assert.Error(t, err, "a recording cannot start in the middle of a run")
}

// TestCrashKeepsTheRecording checks a recording left behind by a crash is
// readable up to its last turn and kept when the next run starts.
func TestCrashKeepsTheRecording(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	g := game.New(data, 3)
	r, err := StartRunRecording(dir, g)
	require.NoError(t, err)
	for range 10 {
		_, err = r.Do(g, game.Command{Kind: game.CmdWait})
		require.NoError(t, err)
	}
	// No Close: read the file as a crash would have left it.
	rec, err := LoadRecording(filepath.Join(dir, CurrentRecording))
	require.NoError(t, err)
	assert.Len(t, rec.Steps, 10)
	assert.Equal(t, g.Hash(), rec.Last())
	_, err = StartRunRecording(dir, game.New(data, 4))
	require.NoError(t, err)
	files, err := FinishedRecordings(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "run-1.rec")}, files)
	require.NoError(t, r.Close())
}

// giveUpIfGoing gives g's run up through do if it has not ended, so that
// its recording can be closed with an end line.
func giveUpIfGoing(t *testing.T, g *game.Game, do func(*game.Game, game.Command) (game.Result, error)) {
	t.Helper()
	if g.Phase() != act.PhaseOver {
		_, err := do(g, game.Command{Kind: game.CmdGiveUp})
		require.NoError(t, err)
	}
}
