package archive

import (
	"bytes"
	"testing"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAutoplayIsRepeatable plays the same seeds twice and expects the same
// runs, and checks every run ends for one of the known reasons.
func TestAutoplayIsRepeatable(t *testing.T) {
	data := loadData(t)
	for seed := uint64(1); seed <= 4; seed++ {
		a, err := Autoplay(data, seed, game.DefaultAutoplayTurns, game.BotCareful, nil, nil)
		require.NoError(t, err, "seed %d", seed)
		b, err := Autoplay(data, seed, game.DefaultAutoplayTurns, game.BotCareful, nil, nil)
		require.NoError(t, err, "seed %d", seed)
		assert.Equal(t, a, b, "seed %d", seed)
		assert.Contains(t, []string{act.CauseDestroyed, game.AutoplayWon, game.AutoplayCapped}, a.Cause, "seed %d", seed)
		assert.Positive(t, a.Turns, "seed %d", seed)
	}
}

// TestAutoplayRecordingVerifies records autoplayed runs and replays them:
// the replay has as many turns as the run and ends on its hash.
func TestAutoplayRecordingVerifies(t *testing.T) {
	data := loadData(t)
	for _, seed := range []uint64{2, 9} {
		var buf bytes.Buffer
		s, err := Autoplay(data, seed, game.DefaultAutoplayTurns, game.BotCareful, &buf, nil)
		require.NoError(t, err)
		rec, err := ReadRecording("auto.rec", &buf)
		require.NoError(t, err)
		v, err := Verify(data, rec, nil)
		require.NoError(t, err, "seed %d", seed)
		assert.Equal(t, Verified{Turns: s.Turns, Hash: s.Hash}, v, "seed %d", seed)
	}
}

func TestAutoplayStopsAtTheCap(t *testing.T) {
	s, err := Autoplay(loadData(t), 1, 7, game.BotCareful, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, game.AutoplayCapped, s.Cause)
	assert.Equal(t, 7, s.Turns)
	assert.Equal(t, "seed=1 deliveries=0 turns=7 letters=0 kills=0 cause=capped", s.String())
}

func loadData(t testing.TB) *assets.Data {
	t.Helper()
	data, err := assets.Load()
	require.NoError(t, err)
	return data
}
