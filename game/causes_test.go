package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// TestAShotThatHitsNothingIsTold: a round of the van's that falls short,
// leaves the road or is stopped by a wreck writes a line, with its chain;
// one that hits says the hit and no miss.
func TestAShotThatHitsNothingIsTold(t *testing.T) {
	tests := []struct {
		name, row string
		gun       string
		missed    bool
	}{
		{"falls short", "..@.............", "pistol", true},
		{"burst falls short", "..@.............", "machine_gun", true},
		{"off the road", "..@...", "pistol", true},
		{"into a wreck", "..@..#..........", "pistol", true},
		{"a hit is no miss", "..@..c..........", "pistol", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fxGame(t, 1, fxMap(dots(len(tt.row)), tt.row, dots(len(tt.row))))
			fxMount(g, geom.East, tt.gun)
			fxFire(t, g, geom.East)
			if !tt.missed {
				assert.Zero(t, fxMessages(g, assets.MsgMissed), "%v", g.log.Entries)
				return
			}
			require.Positive(t, fxMessages(g, assets.MsgMissed), "%v", g.log.Entries)
			e := fxLast(t, g, assets.MsgMissed)
			gun, ok := g.data.Guns.Get(tt.gun)
			require.True(t, ok)
			assert.Equal(t, strings.ToLower(gun.Name), e.Msg.Who)
			require.EqualValues(t, 1, e.Why.N)
			assert.Equal(t, vocab.Link{By: vocab.KindVan, Gun: act.GunRefOf(g.data, tt.gun)}, e.Why.L[0])
		})
	}
}

// TestABarrelSaysWhatSetItOff: the line of an exploding barrel names what
// set it off, and carries the chain that led to it.
func TestABarrelSaysWhatSetItOff(t *testing.T) {
	t.Run("the van's round, then the blast", func(t *testing.T) {
		g := fxGame(t, 1, fxMap("............", "..@...00....", "............"))
		fxFire(t, g, geom.East)
		shot := fxLast(t, g, assets.MsgBarrelShotByYou)
		assert.Equal(t, "pistol", shot.Msg.Who)
		assert.Equal(t, vocab.Link{By: vocab.KindVan, Gun: act.GunRefOf(g.data, "pistol"), Hit: vocab.KindBarrel}, shot.Why.L[0])
		blast := fxLast(t, g, assets.MsgBarrelSetOffByBlast)
		require.EqualValues(t, 2, blast.Why.N, "the van's round, then the first barrel's blast")
		assert.Equal(t, vocab.Link{By: vocab.KindBarrel, Hit: vocab.KindBarrel}, blast.Why.L[1])
		assert.Zero(t, fxMessages(g, assets.MsgBarrelExplodes), "no barrel goes off unexplained")
	})
	t.Run("the van drives into it", func(t *testing.T) {
		g := fxGame(t, 1, fxMap("............", "..@0........", "............"))
		fxDo(t, g, Command{Kind: CmdAccelerate})
		fxDo(t, g, Command{Kind: CmdWait})
		require.Positive(t, fxMessages(g, assets.MsgBarrelRammed), "%v", g.log.Entries)
	})
	t.Run("a bike's round", func(t *testing.T) {
		g := fxGame(t, 1, fxMap("............", "..@.....0.b.", "............"))
		bike := fxAt(t, g, fxKind(g, "bike"), geom.Pt(10, 1))
		fxResolve(t, g, fxEnemyShot(g, bike, geom.West))
		shot := fxLast(t, g, assets.MsgBarrelShotBy)
		assert.Equal(t, "bike", shot.Msg.Who)
	})
}

// TestDamageToTheVanCarriesItsCause: every line that tells the van losing
// something to a blast carries the whole chain, from the round that set the
// barrel off to the blast that hit the van.
func TestDamageToTheVanCarriesItsCause(t *testing.T) {
	g := fxGame(t, 1, fxMap("........", "..@0....", "........"))
	fxChange(g, func(a *ecs.Action) { vocab.Armour.Set(a, g.env.Van, 0) })
	before := fxStats(g)
	fxFire(t, g, geom.East)
	require.NotEqual(t, before, fxStats(g), "the blast beside the van hurts it")
	want := vocab.Chain{}.
		Then(vocab.Link{By: vocab.KindVan, Gun: act.GunRefOf(g.data, "pistol"), Hit: vocab.KindBarrel}).
		Then(vocab.Link{By: vocab.KindBarrel, Hit: vocab.KindVan})
	told := 0
	for _, e := range g.log.Entries {
		switch e.Msg.ID {
		case assets.MsgShrapnel, assets.MsgEngineHit, assets.MsgEngineHitSlower, assets.MsgTyreBurst, assets.MsgHurt:
			assert.Equal(t, want, e.Why, "%s", e.Msg.ID)
			told++
		}
	}
	assert.Positive(t, told)
}

// TestHitsOnTwoTargetsOfOneKindStayApart: the log folds the hits of one
// turn on one target, and two bikes are two targets.
func TestHitsOnTwoTargetsOfOneKindStayApart(t *testing.T) {
	why := vocab.Chain{}.Then(vocab.Link{By: vocab.KindVan, Gun: 2, Hit: vocab.KindBarrel})
	hit := func(of ecs.Entity, left int) vocab.Message {
		return vocab.Message{ID: assets.MsgGunHits, Who: "shotgun", Victim: "bike", N: left, Of: of}
	}
	var l Log
	for _, m := range []vocab.Message{hit(7, 2), hit(7, 1), hit(9, 2), hit(9, 1)} {
		l.AddWhy(m, why, 3)
	}
	require.Len(t, l.Entries, 2, "%v", l.Entries)
	for i, of := range []ecs.Entity{7, 9} {
		assert.Equal(t, of, l.Entries[i].Msg.Of)
		assert.Equal(t, 2, l.Entries[i].Count)
	}
}

// fxLast returns the newest log entry with text id, failing the test if
// there is none.
func fxLast(tb testing.TB, g *Game, id assets.TextID) Entry {
	tb.Helper()
	for i := len(g.log.Entries) - 1; i >= 0; i-- {
		if g.log.Entries[i].Msg.ID == id {
			return g.log.Entries[i]
		}
	}
	require.FailNow(tb, "no line "+string(id), "%v", g.log.Entries)
	return Entry{}
}

// fxEnemyShot is enemy e firing the gun it has toward d.
func fxEnemyShot(g *Game, e ecs.Entity, d geom.Dir) act.Act {
	return act.FireFrom(&g.env, e, d)
}

func dots(n int) string { return strings.Repeat(".", n) }

// TestEveryLossOfTheVanHasItsCause plays the bot on a few seeds and
// requires every line that tells the van losing something to follow the
// line that says what struck it, carry a chain that ends on the van, and
// every barrel going off to say what set it off.
func TestEveryLossOfTheVanHasItsCause(t *testing.T) {
	skipUnderRace(t)
	damage := map[assets.TextID]bool{assets.MsgEngineHit: true, assets.MsgEngineHitSlower: true,
		assets.MsgArmourLost: true, assets.MsgArmourHeld: true, assets.MsgHurt: true, assets.MsgTyreBurst: true}
	opener := map[assets.TextID]bool{assets.MsgShot: true, assets.MsgShotBy: true, assets.MsgClawedBy: true,
		assets.MsgRammedBy: true, assets.MsgShrapnel: true}
	data := loadData(t)
	losses := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g := New(data, seed)
		g.log.Limit = 1 << 20
		var bot Bot
		for turn := 0; g.Phase() != act.PhaseOver && turn < 3000; turn++ {
			c := bot.Next(g)
			r, err := g.Do(c)
			require.NoError(t, err)
			bot.Observe(c, r)
		}
		es := g.log.Entries
		for i, e := range es {
			assert.NotEqual(t, assets.MsgBarrelExplodes, e.Msg.ID, "seed %d, line %d: a barrel goes off unexplained", seed, i)
			if !damage[e.Msg.ID] {
				continue
			}
			losses++
			j := i - 1
			for j >= 0 && damage[es[j].Msg.ID] && es[j].Why == e.Why {
				j--
			}
			require.GreaterOrEqual(t, j, 0, "seed %d, line %d", seed, i)
			assert.True(t, opener[es[j].Msg.ID], "seed %d, line %d (%v) follows %v", seed, i, e.Msg, es[j].Msg)
			require.False(t, e.Why.Empty(), "seed %d, line %d: %v", seed, i, e.Msg)
			assert.Equal(t, vocab.KindVan, e.Why.L[e.Why.N-1].Hit, "seed %d, line %d", seed, i)
		}
	}
	assert.Positive(t, losses, "the runs lose something")
}
