package game

import (
	"bytes"
	"lastpost/rules/act"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzLoadSave feeds the save parser arbitrary files, and arbitrary bodies
// framed with a correct checksum, as a hand-edited save would be. Nothing
// may panic; every error is one line; and a save that loads is a state the
// game can play on from, and that saves back to the same state.
func FuzzLoadSave(f *testing.F) {
	data := campData(f)
	road := saveSample(f, data)
	g := New(data, 12)
	campDeliver(f, g)
	camp, err := g.MarshalSave()
	require.NoError(f, err)
	for _, b := range [][]byte{road, camp} {
		f.Add(b)
		body, err := saveFrame.decode(b)
		require.NoError(f, err)
		f.Add(body)
		f.Add(bytes.Replace(body, []byte(`"money":`), []byte(`"money":-`), 1))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, file := range [][]byte{b, saveFrame.encode(b)} {
			g, err := LoadSave(data, file)
			if err != nil {
				require.NotContains(t, err.Error(), "\n")
				continue
			}
			fuzzPlayOn(t, g)
		}
	})
}

// fuzzPlayOn checks a loaded game: it saves back to the same state, its
// invariants hold, and a few turns of play neither panic nor break them.
func fuzzPlayOn(t *testing.T, g *Game) {
	again, err := g.MarshalSave()
	require.NoError(t, err)
	back, err := LoadSave(g.data, again)
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
