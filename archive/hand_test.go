package archive

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// handPrefix starts the name of every corpus file a person played at the
// keyboard. No player can make these again, so bless keeps them.
const handPrefix = "hand-"

// handPlayed says whether the corpus file at path was played by hand.
func handPlayed(path string) bool { return strings.HasPrefix(filepath.Base(path), handPrefix) }

// resimulate plays a hand recording's own commands again, from its seed and
// with its saves and continues, under this build's rules, and returns the
// recording they make now: new hashes, refused marks, resume and end lines,
// and this build's logic version. Commands the new rules leave after the end
// of the run are dropped, and a run that no longer ends where it did is
// given up after its last command (only the bot's runs may end "capped"),
// so a hand run whose commands no longer make sense still replays, only
// differently.
func resimulate(data *assets.Data, rec *Recording) ([]byte, error) {
	g := game.New(data, rec.Seed)
	var buf bytes.Buffer
	w, err := NewRecorder(&buf, g)
	if err != nil {
		return nil, err
	}
	resumes := rec.Resumes
	for i := 0; i <= len(rec.Steps) && g.Phase() != act.PhaseOver; i++ {
		for ; len(resumes) > 0 && resumes[0].After == i; resumes = resumes[1:] {
			if g, err = saveAndContinue(data, g); err != nil {
				return nil, err
			}
			if err := w.Resume(g.Hash()); err != nil {
				return nil, err
			}
		}
		if i < len(rec.Steps) {
			// A game error (a rule loop) is part of the run, as in the
			// replay; the buffer itself cannot fail.
			_, _ = w.Do(g, rec.Steps[i].Cmd)
		}
	}
	if g.Phase() != act.PhaseOver {
		_, _ = w.Do(g, game.Command{Kind: game.CmdGiveUp})
	}
	if err := w.End(g); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// blessHand rewrites every hand-played recording in dir by resimulate and
// returns the names of those that changed.
func blessHand(t *testing.T, data *assets.Data, dir string) (changed []string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, handPrefix+"*.rec"))
	require.NoError(t, err)
	for _, f := range files {
		rec, err := LoadRecording(f)
		require.NoError(t, err)
		b, err := resimulate(data, rec)
		require.NoError(t, err, f)
		old, err := os.ReadFile(f)
		require.NoError(t, err)
		if !bytes.Equal(old, b) {
			require.NoError(t, os.WriteFile(f, b, 0o644))
			changed = append(changed, filepath.Base(f))
		}
	}
	return changed
}

// clearBotRuns removes the recordings in dir that bless makes again (all
// but the hand-played ones) and returns what they held, by name.
func clearBotRuns(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	old, err := filepath.Glob(filepath.Join(dir, "*.rec*"))
	require.NoError(t, err)
	before := map[string][]byte{}
	for _, f := range old {
		if handPlayed(f) {
			continue
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		before[filepath.Base(f)] = b
		require.NoError(t, os.Remove(f))
	}
	return before
}

// playByHand records a short run as the game's own recorder writes a
// person's play: no bot line, a save continued, and the run given up.
func playByHand(t *testing.T, data *assets.Data, seed uint64) []byte {
	t.Helper()
	g := game.New(data, seed)
	var buf bytes.Buffer
	w, err := NewRecorder(&buf, g)
	require.NoError(t, err)
	cmds := []game.Command{{Kind: game.CmdAccelerate}, {Kind: game.CmdWait}, {Kind: game.CmdUse, Index: 7},
		{Kind: game.CmdAccelerate}, {Kind: game.CmdWait}, {Kind: game.CmdWait}}
	for i, c := range cmds {
		if i == 3 {
			g, err = saveAndContinue(data, g)
			require.NoError(t, err)
			require.NoError(t, w.Resume(g.Hash()))
		}
		_, err := w.Do(g, c)
		require.NoError(t, err)
	}
	_, err = w.Do(g, game.Command{Kind: game.CmdGiveUp})
	require.NoError(t, err)
	require.NoError(t, w.End(g))
	return buf.Bytes()
}

// TestHandRecordingSurvivesBless checks bless keeps a hand-played
// recording, made again from its own commands under this build's rules,
// while it clears the bot's runs to play them again.
func TestHandRecordingSurvivesBless(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	played := playByHand(t, data, 11)
	rec, err := ReadRecording("played", bytes.NewReader(played))
	require.NoError(t, err)
	require.Len(t, rec.Resumes, 1)
	require.NotNil(t, rec.End)
	require.Equal(t, act.CauseAbandoned, rec.End.Cause)
	require.True(t, slices.ContainsFunc(rec.Steps, func(s Step) bool { return s.Refused }), "the run holds a refusal")

	// The same run as an older build wrote it: another logic version and
	// hashes that no longer hold.
	stale := strings.Replace(string(played), fmt.Sprintf("logic %d\n", game.LogicVersion), "logic 1\n", 1)
	stale = strings.ReplaceAll(stale, hashText(rec.Steps[1].Hash), "0000000000000001")
	hand := filepath.Join(dir, "hand-01-test.rec")
	require.NoError(t, os.WriteFile(hand, []byte(stale), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "auto-0001.rec"), []byte("bot run"), 0o644))
	_, err = VerifyFile(hand, false, data, nil)
	require.Error(t, err, "the stale file does not verify before the bless")

	before := clearBotRuns(t, dir)
	assert.Contains(t, before, "auto-0001.rec")
	assert.NotContains(t, before, "hand-01-test.rec")
	assert.NoFileExists(t, filepath.Join(dir, "auto-0001.rec"))
	assert.Equal(t, []string{"hand-01-test.rec"}, blessHand(t, data, dir))

	got, err := os.ReadFile(hand)
	require.NoError(t, err)
	assert.Equal(t, string(played), string(got), "the blessed file is the run as this build plays it")
	v, err := VerifyFile(hand, false, data, nil)
	require.NoError(t, err)
	assert.Equal(t, len(rec.Steps), v.Turns)
	assert.Empty(t, blessHand(t, data, dir), "a second bless changes nothing")
}

// TestHandRecordingResimulatedDifferently checks a hand run whose commands
// lead elsewhere under the rules still replays: commands after the new end
// are dropped and a run that no longer ends is given up.
func TestHandRecordingResimulatedDifferently(t *testing.T) {
	data := loadData(t)
	rec, err := ReadRecording("h", bytes.NewReader(playByHand(t, data, 11)))
	require.NoError(t, err)

	early := *rec
	early.Steps = append([]Step{{Cmd: game.Command{Kind: game.CmdGiveUp}}}, rec.Steps...)
	b, err := resimulate(data, &early)
	require.NoError(t, err)
	again, err := ReadRecording("h", bytes.NewReader(b))
	require.NoError(t, err)
	require.Len(t, again.Steps, 1, "nothing is played after the run is given up")
	assert.Empty(t, again.Resumes)
	assert.Equal(t, act.CauseAbandoned, again.End.Cause)
	_, err = Verify(data, again, nil)
	require.NoError(t, err)

	short := *rec
	short.Steps = rec.Steps[:len(rec.Steps)-1]
	b, err = resimulate(data, &short)
	require.NoError(t, err)
	again, err = ReadRecording("h", bytes.NewReader(b))
	require.NoError(t, err)
	assert.Equal(t, act.CauseAbandoned, again.End.Cause)
	assert.Equal(t, game.CmdGiveUp, again.Steps[len(again.Steps)-1].Cmd.Kind)
	assert.Len(t, again.Resumes, 1)
	_, err = Verify(data, again, nil)
	require.NoError(t, err)
}

// TestTamperedHandRecordingFails checks the corpus's hand recordings are
// held to every line as the bot's are: each is whole and verifies, and
// changing one hash or refusal mark in it fails.
func TestTamperedHandRecordingFails(t *testing.T) {
	data := loadData(t)
	files, err := filepath.Glob(filepath.Join(corpusDir, handPrefix+"*.rec"))
	require.NoError(t, err)
	played := playByHand(t, data, 11)
	texts := map[string]string{"played": string(played)}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		texts[filepath.Base(f)] = string(b)
	}
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			rec, err := ReadRecording(name, strings.NewReader(text))
			require.NoError(t, err)
			assert.Zero(t, rec.Bot, "a hand recording names no bot")
			require.NotNil(t, rec.End, "a hand recording is a finished run")
			_, err = Verify(data, rec, nil)
			require.NoError(t, err)

			lines := strings.Split(text, "\n")
			n := rec.Steps[len(rec.Steps)/2].Line - 1
			fields := strings.Fields(lines[n])
			tampers := map[string]string{
				"hash":    strings.Replace(lines[n], fields[len(fields)-1], "0123456789abcdef", 1),
				"refusal": lines[n] + " " + recRefused,
			}
			if fields[len(fields)-1] == recRefused {
				tampers["refusal"] = strings.TrimSuffix(lines[n], " "+recRefused)
				tampers["hash"] = strings.Replace(lines[n], fields[len(fields)-2], "0123456789abcdef", 1)
			}
			for what, line := range tampers {
				bad := slices.Clone(lines)
				bad[n] = line
				rec, err := ReadRecording(name, strings.NewReader(strings.Join(bad, "\n")))
				require.NoError(t, err, what)
				_, err = Verify(data, rec, nil)
				var d *DesyncError
				assert.ErrorAs(t, err, &d, "a changed %s is found", what)
			}
		})
	}
}
