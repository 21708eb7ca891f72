package archive

import (
	"bytes"
	"testing"

	"lastpost/assets"
	"lastpost/game"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

// skipUnderRace skips a test that works in one goroutine under the race
// detector, which slows it about tenfold and can only report what two
// goroutines do at once; the plain run checks all of it.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("one goroutine, and ten times slower under the race detector; the plain run checks it")
	}
}
