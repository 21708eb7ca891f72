package recap_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/recap"
	"lastpost/rules/vocab"
)

// TestTheMorgueTellsDeliveredFromUndeliveredLetters: letters paid for at
// the camps and letters left in the van at the end are two rows, each
// counting its own.
func TestTheMorgueTellsDeliveredFromUndeliveredLetters(t *testing.T) {
	data, err := assets.Load()
	require.NoError(t, err)
	tests := []struct{ delivered, inVan int }{{3, 2}, {0, 1}, {4, 0}}
	for _, tt := range tests {
		g := game.New(data, 1)
		w := g.World()
		change := w.NewAction()
		vocab.Letters.Set(change, g.Van(), tt.inVan)
		w.Commit(change)
		g.Run.Letters = tt.delivered
		_, err := g.Do(game.Command{Kind: game.CmdGiveUp})
		require.NoError(t, err)
		m := recap.Morgue(data, g, "run-1.rec")
		row := func(id assets.TextID, n int) string {
			return data.Texts.Format(assets.MorgueRow, "label", data.Texts.Get(id), "value", strconv.Itoa(n)) + "\n"
		}
		assert.Contains(t, m, row(assets.EndLetters, tt.delivered))
		assert.Contains(t, m, row(assets.EndLettersUndelivered, tt.inVan))
		assert.Equal(t, tt.inVan, recap.LettersInVan(g))
	}
}
