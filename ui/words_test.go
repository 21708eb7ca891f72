package ui

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/recap"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestWordsMatchTheirTexts checks the words the play screen keeps between
// frames against writing them afresh: the status labels against the texts,
// and the log lines, drawn frame after frame as the log of real runs grows
// (repeats folding into a growing count), against recap.Entry.
func TestWordsMatchTheirTexts(t *testing.T) {
	data := loadData(t)
	var w words
	for _, id := range []assets.TextID{assets.HUDHP, assets.HUDEngine, assets.HUDTyres, assets.HUDArmour,
		assets.HUDSpeed, assets.HUDLetters, assets.HUDMoney, assets.HUDDelivery, assets.HUDSlid, assets.HUDTyreLost} {
		for range 2 {
			require.Equal(t, data.Texts.Format(id), w.text(data, id), id)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	lines, counted := 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		g := game.New(data, seed)
		for turn := 0; turn < 150 && g.Phase() == act.PhaseRoad; turn++ {
			kinds := []game.CommandKind{game.CmdWait, game.CmdWait, game.CmdAccelerate, game.CmdSteerUp, game.CmdSteerDown}
			_, err := g.Do(game.Command{Kind: kinds[rng.IntN(len(kinds))]})
			require.NoError(t, err)
			for _, e := range g.Log().Last(data.Display.LogLines) {
				require.Equal(t, recap.Entry(data, e), w.entry(data, e), "seed %d turn %d", seed, turn)
				lines++
				if e.Count > 1 {
					counted++
				}
			}
			w.drawn()
		}
	}
	require.Greater(t, counted, 0, "no repeated line was drawn")
	// The same message with another count must not read as the one kept.
	m := vocab.Message{ID: assets.MsgGunHits, Victim: data.Enemies.List[0].Name, N: 2, Of: 7}
	for count := 1; count <= 3; count++ {
		e := game.Entry{Msg: m, Count: count}
		require.Equal(t, recap.Entry(data, e), w.entry(data, e))
		w.drawn()
	}
	require.Greater(t, lines, 100)
}
