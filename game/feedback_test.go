package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// TestHitsOnEnemiesAreTold: a hit by the van's gun that leaves the target
// standing is logged with the gun, the target and the health left, and the
// pellets of one shot fold into one entry counting them.
func TestHitsOnEnemiesAreTold(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		g, car := fxPointBlankCar(t, seed)
		fxFire(t, g, geom.East)
		hits := 50 - vocab.HP.Value(g.world, car).Cur
		require.Positive(t, hits, "seed %d: point blank, a pellet hits", seed)
		var told []Entry
		for _, e := range g.log.Entries {
			if e.Msg.ID == assets.MsgGunHits {
				told = append(told, e)
			}
		}
		require.Len(t, told, 1, "seed %d: one line for the shot\n%v", seed, g.log.Entries)
		assert.Equal(t, vocab.Message{ID: assets.MsgGunHits, Who: "shotgun", Victim: "car", N: 50 - hits, Of: car}, told[0].Msg)
		assert.Equal(t, hits, told[0].Count, "seed %d: the line counts every pellet", seed)
	}
}

// TestAKillIsNotToldAsAHit: the shot that kills says so once, as a kill.
func TestAKillIsNotToldAsAHit(t *testing.T) {
	g := fxGame(t, 1, fxMap(
		"............",
		"..@....z....",
		"............",
	))
	fxFire(t, g, geom.East)
	assert.Equal(t, 1, fxMessages(g, assets.MsgGunHits), "the first bullet leaves 1 of 2")
	fxFire(t, g, geom.East)
	assert.Equal(t, 1, fxMessages(g, assets.MsgGunHits), "the second kills")
	assert.Equal(t, 1, fxMessages(g, assets.MsgGunKills), "the killing hit is told, naming the gun")
	assert.Zero(t, fxMessages(g, assets.MsgEnemyKilled))
}

// TestABlockedVanSaysWhatBlocksIt: a van driving into a wreck or a car
// stops and the log names what stopped it, once for turns in a row.
func TestABlockedVanSaysWhatBlocksIt(t *testing.T) {
	tests := []struct {
		name string
		row  string
		want vocab.Message
	}{
		{"wreck", "..@#....", vocab.Message{ID: assets.MsgBlockedByWreck}},
		{"car", "..@c....", vocab.Message{ID: assets.MsgBlockedBy, Who: "car"}},
		{"nothing", "..@.....", vocab.Message{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fxGame(t, 1, fxMap("........", tt.row, "........"))
			for _, e := range g.world.Spatial().At(geom.Pt(3, 1)) {
				if vocab.Speed.Has(g.world, e) {
					fxSpeed(g, e, 0)
				}
			}
			fxDo(t, g, Command{Kind: CmdAccelerate})
			fxDo(t, g, Command{Kind: CmdWait})
			blocked := 0
			for _, id := range []assets.TextID{assets.MsgBlockedBy, assets.MsgBlockedByWreck, assets.MsgBlockedByBarrel} {
				blocked += fxMessages(g, id)
			}
			if tt.want.ID == "" {
				assert.Zero(t, blocked, "\n%s", fxDump(g))
				assert.Greater(t, fxVanAt(g).X, 2, "the van drove on")
				return
			}
			assert.Equal(t, 2, blocked, "one block a turn\n%s", fxDump(g))
			last := g.log.Entries[len(g.log.Entries)-1]
			assert.Equal(t, tt.want, last.Msg)
			assert.Equal(t, 2, last.Count, "turns in a row fold into one line")
			assert.Equal(t, 2, fxVanAt(g).X)
		})
	}
}

// TestTheLogFoldsRepeatsOfConsecutiveTurnsOnly: a message said again the
// next turn folds; after a quiet turn it starts a new line.
func TestTheLogFoldsRepeatsOfConsecutiveTurnsOnly(t *testing.T) {
	m := vocab.Message{ID: assets.MsgTopSpeed}
	var l Log
	l.Add(m, 1)
	l.Add(m, 2)
	l.Add(m, 2)
	require.Len(t, l.Entries, 1)
	assert.Equal(t, Entry{Msg: m, Count: 3, Turn: 2}, l.Entries[0])
	l.Add(m, 4)
	assert.Len(t, l.Entries, 2)
	hit := vocab.Message{ID: assets.MsgGunHits, Who: "pistol", Victim: "car", N: 4}
	l.Add(hit, 4)
	hit.N = 3
	l.Add(hit, 5)
	assert.Len(t, l.Entries, 4, "hits of two turns are two lines")
}
