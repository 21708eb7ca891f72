package game

import (
	"bytes"
	"lastpost/rules/act"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzLoadSave feeds the state reader arbitrary bodies, as a hand-edited
// save would hold once its checksum is put right. Nothing may panic; every
// error is one line; and a state that loads is one the game can play on
// from, and that saves back to the same state.
func FuzzLoadSave(f *testing.F) {
	data := campData(f)
	road := saveSample(f, data)
	g := New(data, 12)
	campDeliver(f, g)
	camp, err := g.MarshalState()
	require.NoError(f, err)
	for _, body := range [][]byte{road, camp} {
		f.Add(body)
		f.Add(bytes.Replace(body, []byte(`"money":`), []byte(`"money":-`), 1))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := UnmarshalState(data, b)
		if err != nil {
			require.NotContains(t, err.Error(), "\n")
			return
		}
		fuzzPlayOn(t, g)
	})
}

// fuzzPlayOn checks a loaded game: it saves back to the same state, its
// invariants hold, and a few turns of play neither panic nor break them.
func fuzzPlayOn(t *testing.T, g *Game) {
	again, err := g.MarshalState()
	require.NoError(t, err)
	back, err := UnmarshalState(g.data, again)
	require.NoError(t, err)
	require.Equal(t, g.Hash(), back.Hash())
	for range 3 {
		if g.Phase() == act.PhaseOver {
			return
		}
		require.NoError(t, g.CheckInvariants())
		campPolicy(t, g)
	}
}
