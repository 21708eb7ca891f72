package archive

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// badRecordingDir holds the malformed recordings.
const badRecordingDir = badRoot + "/recording"

// blessBadCommand rewrites the generated malformed recordings; the corpus's
// -bless does it too.
const blessBadCommand = "go test ./archive -run TestMalformedRecordings -bless"

// The malformed recordings that get as far as the replay name this build's
// logic version and the hashes its play reaches, so they are not written
// by hand: each is the base run (baseRun) with one fault put in, and its
// message is made from the run as this build plays it. -bless writes them
// into testdata/bad/recording/, and the test fails while a file there
// differs from what this build makes. The other fixtures are parse errors,
// which stop the reading before the logic version or any hash is looked at,
// so they are written by hand and never change.
var generatedBadRecordings = []struct {
	name  string                  // the file's name without .rec
	fault func(r *Recording)      // the fault put into the base run
	want  func(run badRun) string // the message reading it must give
}{
	{"07-other-logic", func(r *Recording) { r.Logic = 1 }, func(run badRun) string {
		return fmt.Sprintf("%s:2: recorded with logic version 1 but this build plays version %d: "+
			"re-bless the recording (see testdata/replays/README.md)", run.file, game.LogicVersion)
	}},
	{"12-wrong-start", func(r *Recording) { r.Start = 1 }, func(run badRun) string {
		return fmt.Sprintf("%s:4: desync at command 0: expected %s, got %s", run.file, hashText(run.rec.Start), run.played(0))
	}},
	{"23-desync", func(r *Recording) { r.Steps[2].Hash ^= 0xffff }, func(run badRun) string {
		return fmt.Sprintf("%s:7: desync at command 3: expected %s, got %s", run.file, run.recorded(3), run.played(3))
	}},
	{"31-refused-added", func(r *Recording) { r.Steps[2].Refused = true }, func(run badRun) string {
		return fmt.Sprintf("%s:7: desync at command 3: %q is recorded as refused, but the game took it", run.file, run.command(3))
	}},
	{"32-refused-removed", func(r *Recording) { r.Steps[1].Refused = false }, func(run badRun) string {
		return fmt.Sprintf("%s:6: desync at command 2: %q is recorded as taken, but the game refused it", run.file, run.command(2))
	}},
	{"33-refused-line-deleted", func(r *Recording) { r.Steps = slices.Delete(r.Steps, 1, 2) }, func(run badRun) string {
		return fmt.Sprintf("%s:6: desync at command 2: expected %s, got %s", run.file, run.recorded(2), run.played(2))
	}},
	{"34-refused-line-inserted", func(r *Recording) { r.Steps = slices.Insert(r.Steps, 2, r.Steps[1]) }, func(run badRun) string {
		return fmt.Sprintf("%s:7: desync at command 3: expected %s, got %s", run.file, run.recorded(3), run.played(3))
	}},
	{"36-end-cause-wrong", func(r *Recording) { r.End.Cause = act.CauseDestroyed }, func(run badRun) string {
		return fmt.Sprintf("%s:11: desync at command 6: the recording ends %q, but the replayed run is %q", run.file, act.CauseDestroyed, EndCapped)
	}},
	{"37-end-hash-wrong", func(r *Recording) { r.End.Hash ^= 0xffff }, func(run badRun) string {
		return fmt.Sprintf("%s:11: desync at command 6: expected %s, got %s", run.file, hashText(run.rec.End.Hash), run.played(6))
	}},
	{"39-no-end", func(r *Recording) { r.End = nil }, func(badRun) string {
		return "incomplete: 6 commands, no end"
	}},
	{"40-resume-wrong-hash", func(r *Recording) { r.Resumes = []Resume{{After: 3, Hash: r.Steps[0].Hash}} }, func(run badRun) string {
		return fmt.Sprintf("%s:8: desync at command 3: the run was resumed from a save with hash %s, "+
			"but the state replayed so far has %s", run.file, hashText(run.rec.Resumes[0].Hash), run.played(3))
	}},
	{"43-capped-unfinished", func(*Recording) {}, func(run badRun) string {
		return fmt.Sprintf("%s:11: desync at command 6: the recording ends %q, but only a run the bot "+
			"played to its limit of %d commands is capped", run.file, EndCapped, game.DefaultAutoplayTurns)
	}},
}

// badRun is a generated fixture as written, with the hashes this build
// reaches playing its commands, for its message.
type badRun struct {
	file   string
	rec    *Recording
	hashes []uint64 // the state after each command of rec; [0] is the start
}

// recorded is the hash the fixture gives after command n.
func (r badRun) recorded(n int) string { return hashText(r.rec.Steps[n-1].Hash) }

// played is the hash this build reaches after command n of the fixture.
func (r badRun) played(n int) string { return hashText(r.hashes[n]) }

// command is the fixture's command n as a recording writes it.
func (r badRun) command(n int) string { return r.rec.Steps[n-1].Cmd.String() }

// baseRun is the run every generated fixture starts from, recorded by this
// build: seed 1, a refused purchase among a few commands, stopped short
// ("capped"), written in the oldest format still read (no content line),
// so the fixtures also keep that format's reading covered.
func baseRun(t *testing.T, data *assets.Data) *Recording {
	t.Helper()
	g := game.New(data, 1)
	var buf bytes.Buffer
	w, err := NewRecorder(&buf, g)
	require.NoError(t, err)
	for _, c := range []game.Command{{Kind: game.CmdAccelerate}, {Kind: game.CmdBuy}, {Kind: game.CmdAccelerate},
		{Kind: game.CmdAccelerate}, {Kind: game.CmdWait}, {Kind: game.CmdWait}} {
		_, err := w.Do(g, c)
		require.NoError(t, err)
	}
	require.NoError(t, w.End(g))
	rec, err := ReadRecording("base.rec", &buf)
	require.NoError(t, err)
	require.True(t, rec.Steps[1].Refused, "the base run's purchase on the road is refused")
	require.Equal(t, EndCapped, rec.End.Cause, "the base run is stopped short")
	rec.Format, rec.Content = oldestRecordFormat, assets.Content{}
	return rec
}

// playedHashes plays rec's commands from its seed under this build's rules
// and returns the state hash before the first and after each one.
func playedHashes(data *assets.Data, rec *Recording) []uint64 {
	g := game.New(data, rec.Seed)
	hashes := []uint64{g.Hash()}
	for _, st := range rec.Steps {
		// A refusal or a game error is part of the play the message names.
		_, _ = g.Do(st.Cmd)
		hashes = append(hashes, g.Hash())
	}
	return hashes
}

// generatedBad is one generated fixture: the recording and its message.
type generatedBad struct{ rec, want []byte }

// fixtureFile is one file of a fixture and what it must hold.
type fixtureFile struct {
	path string
	body []byte
}

// files lists the fixture's .rec, at recPath, and its .want beside it.
func (g generatedBad) files(recPath string) []fixtureFile {
	return []fixtureFile{{recPath, g.rec}, {strings.TrimSuffix(recPath, ".rec") + ".want", g.want}}
}

// makeBadRecordings makes every generated fixture as this build plays it,
// by file name (NAME.rec; its message goes into NAME.want).
func makeBadRecordings(t *testing.T, data *assets.Data) map[string]generatedBad {
	t.Helper()
	out := map[string]generatedBad{}
	for _, fx := range generatedBadRecordings {
		rec := baseRun(t, data)
		fx.fault(rec)
		var buf bytes.Buffer
		_, err := rec.WriteTo(&buf)
		require.NoError(t, err)
		file := fx.name + ".rec"
		want := fx.want(badRun{file: file, rec: rec, hashes: playedHashes(data, rec)})
		out[file] = generatedBad{rec: buf.Bytes(), want: []byte(want + "\n")}
	}
	return out
}

// blessBadRecordings writes the generated fixtures into dir and returns the
// names of the files that changed.
func blessBadRecordings(t *testing.T, data *assets.Data, dir string) (changed []string) {
	t.Helper()
	for file, fx := range makeBadRecordings(t, data) {
		for _, f := range fx.files(filepath.Join(dir, file)) {
			if old, err := os.ReadFile(f.path); err == nil && bytes.Equal(old, f.body) {
				continue
			}
			require.NoError(t, os.WriteFile(f.path, f.body, 0o644))
			changed = append(changed, filepath.Base(f.path))
		}
	}
	slices.Sort(changed)
	return changed
}

// requireFresh fails unless the generated fixture at path, and its .want,
// hold what this build makes of them.
func requireFresh(t *testing.T, path string, gen generatedBad) {
	t.Helper()
	for _, f := range gen.files(path) {
		old, err := os.ReadFile(f.path)
		require.NoError(t, err, "rewrite the generated fixtures with %s", blessBadCommand)
		require.Equal(t, string(f.body), string(old), "%s is stale: this build makes it differently (a new "+
			"logic version, content or play); rewrite the generated fixtures with %s", f.path, blessBadCommand)
	}
}
