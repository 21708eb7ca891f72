package archive

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"lastpost/ecs"
	"lastpost/game"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reuseRecordings takes golden recordings of every kind (bot runs, hand
// runs with resumes, fumbles) and spoils copies of some in every way a
// replay can fail: another logic version, a starting state, a hash at a
// command, a missing end line.
func reuseRecordings(t *testing.T) []*Recording {
	t.Helper()
	var recs []*Recording
	kinds := map[string]int{}
	for _, f := range corpusFiles(t) {
		kind, _, _ := strings.Cut(filepath.Base(f), "-")
		if kinds[kind] >= 3 {
			continue
		}
		kinds[kind]++
		rec, err := LoadRecording(f)
		require.NoError(t, err)
		recs = append(recs, rec)
	}
	resumed := 0
	for _, rec := range recs {
		resumed += len(rec.Resumes)
	}
	require.Positive(t, resumed, "some recordings resume from a save")
	spoil := func(rec *Recording, how func(*Recording)) *Recording {
		c := *rec
		c.Steps = append([]Step(nil), rec.Steps...)
		how(&c)
		return &c
	}
	first := recs[0]
	require.Greater(t, len(first.Steps), 10)
	out := []*Recording{
		spoil(first, func(r *Recording) { r.Logic++ }),
		recs[1],
		spoil(first, func(r *Recording) { r.Start++ }),
		recs[2],
		spoil(first, func(r *Recording) { r.Steps[10].Hash++ }),
		spoil(first, func(r *Recording) { r.End = nil }),
	}
	return append(out, recs...)
}

// TestVerifierAgreesWithVerify verifies a series of recordings, good and
// spoilt, with one Verifier, whose games are built in the memory of the
// games before them, and checks each verdict is the one Verify gives a
// fresh game, and that a replay's game does take the last one's memory.
func TestVerifierAgreesWithVerify(t *testing.T) {
	data := loadData(t)
	recs := reuseRecordings(t)
	v := NewVerifier(data)
	reused := 0
	for i, rec := range recs {
		index := spatialOf(v.last)
		want, wantErr := Verify(data, rec, nil)
		got, gotErr := v.Verify(rec, nil)
		msg := fmt.Sprintf("recording %d, %s", i, rec.File)
		require.Equal(t, want, got, msg)
		if wantErr == nil {
			require.NoError(t, gotErr, msg)
		} else {
			require.EqualError(t, gotErr, wantErr.Error(), msg)
		}
		if rec.Logic != game.LogicVersion {
			// Refused before a game was made: the spare is kept.
			require.Equal(t, index, spatialOf(v.last), msg)
			continue
		}
		require.NotNil(t, v.last, msg)
		if index != nil && len(rec.Resumes) == 0 {
			require.Same(t, index, v.last.World().Spatial(), "%s: the game is built in the last one's memory", msg)
			reused++
		}
	}
	assert.Greater(t, reused, len(recs)/2)
	// A partial verdict too.
	cut := *recs[len(recs)-1]
	cut.Cut(len(cut.Steps) / 2)
	want, wantErr := VerifyPartial(data, &cut, nil)
	got, gotErr := v.VerifyPartial(&cut, nil)
	require.NoError(t, wantErr)
	require.NoError(t, gotErr)
	require.Equal(t, want, got)
}

// TestAutoplayerAgreesWithAutoplay plays a series of runs, some cut short
// by a small limit, with one Autoplayer and checks each run's stats and
// recording are those Autoplay gives with a fresh game, and that each run
// does take the last one's memory.
func TestAutoplayerAgreesWithAutoplay(t *testing.T) {
	data := loadData(t)
	runs := []struct {
		seed  uint64
		limit int
	}{{3, game.DefaultAutoplayTurns}, {9, 20}, {11, game.DefaultAutoplayTurns}, {3, game.DefaultAutoplayTurns}, {4242, 60}, {1, game.DefaultAutoplayTurns}}
	if testing.Short() {
		runs = runs[:4]
	}
	a := NewAutoplayer(data)
	for _, r := range runs {
		var wantRec, gotRec bytes.Buffer
		want, err := Autoplay(data, r.seed, r.limit, game.BotCareful, &wantRec, nil)
		require.NoError(t, err)
		index := spatialOf(a.last)
		got, err := a.Play(r.seed, r.limit, game.BotCareful, &gotRec, nil)
		require.NoError(t, err)
		require.NotNil(t, a.last, "seed %d: the run's game is kept", r.seed)
		if index != nil {
			require.Same(t, index, spatialOf(a.last), "seed %d: the game is built in the last one's memory", r.seed)
		}
		require.Equal(t, want, got, "seed %d", r.seed)
		require.Equal(t, wantRec.String(), gotRec.String(), "seed %d: the recording", r.seed)
	}
}

// spatialOf returns g's spatial index, nil for no game.
func spatialOf(g *game.Game) *ecs.Spatial {
	if g == nil {
		return nil
	}
	return g.World().Spatial()
}
