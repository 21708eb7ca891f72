package game

import (
	"fmt"
	"lastpost/rules/act"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Driving scenarios on hand-drawn roads, played through Do: the van's
// command, then the rest of the round (frozen enemies, then physics).

// TestDriveLaneChangeBeforeForwardMotion: the lane change happens before the
// drive east, so a wreck in the old lane does not stop the van.
func TestDriveLaneChangeBeforeForwardMotion(t *testing.T) {
	g := fxGame(t, 1, fxMap(
		"..........",
		"..........",
		"..@#......",
		"..........",
	))
	fxSpeed(g, g.env.Van, 2)
	g.SetTracing(true)
	r := fxDo(t, g, Command{Kind: CmdSteerUp})
	require.True(t, r.Took)
	assert.Equal(t, geom.Pt(4, 1), fxVanAt(g), "north one lane, then two east\n%s", fxDump(g))
	assert.Equal(t, 2, vocab.Speed.Value(g.world, g.env.Van))
	assert.False(t, vocab.Steering.Has(g.world, g.env.Van), "the lane change is used up")
	lane := fxRecords(g.LastTrace(), act.Lane(g.env.Van, geom.North).String(), true)
	assert.Len(t, lane, 1)
}

// TestDriveSteerStandingStillRefused: a van at speed 0 cannot change lane, and
// trying costs no turn.
// The refusal is explained in the log without using the turn.
func TestDriveSteerStandingStillRefused(t *testing.T) {
	g := fxGame(t, 1, fxMap(
		".....",
		"..@..",
		".....",
	))
	hash := playHash(g)
	r := fxDo(t, g, Command{Kind: CmdSteerDown})
	assert.False(t, r.Took, "refused")
	assert.Equal(t, 0, g.Run.Turns)
	assert.Equal(t, geom.Pt(2, 1), fxVanAt(g))
	assert.False(t, vocab.Steering.Has(g.world, g.env.Van))
	assert.Equal(t, 1, fxMessages(g, assets.MsgSteerStopped), "the driver is told why")
	assert.Equal(t, hash, playHash(g), "nothing changed but the log")
}

// TestDriveSteerTyreFailureUsesTurn: on bare rims a lane change mostly fails;
// a failed roll still uses the turn, a good one changes lane.
func TestDriveSteerTyreFailureUsesTurn(t *testing.T) {
	failed, worked := 0, 0
	for seed := uint64(1); seed <= 30; seed++ {
		g := fxGame(t, seed, fxMap(
			"..........",
			"..@.......",
			"..........",
		))
		fxSpeed(g, g.env.Van, 1)
		fxChange(g, func(a *ecs.Action) { vocab.Tyres.Set(a, g.env.Van, vocab.Stat{Cur: 0, Max: 4}) })
		r := fxDo(t, g, Command{Kind: CmdSteerDown})
		require.True(t, r.Took, "seed %d: a steering attempt at speed takes the turn", seed)
		assert.Equal(t, 1, g.Run.Turns)
		switch fxVanAt(g) {
		case geom.Pt(3, 1):
			failed++
			assert.Equal(t, 1, fxMessages(g, assets.MsgSteerFailed), "seed %d", seed)
		case geom.Pt(3, 2):
			worked++
			assert.Zero(t, fxMessages(g, assets.MsgSteerFailed), "seed %d", seed)
		default:
			t.Fatalf("seed %d: van at %v\n%s", seed, fxVanAt(g), fxDump(g))
		}
	}
	assert.Greater(t, failed, worked, "on bare rims most lane changes fail")
	assert.Positive(t, worked, "but not all")
}

// fxSureAcid returns the game's data with acid that always eats a tyre.
func fxSureAcid(tb testing.TB) *assets.Data {
	d := *fxData(tb)
	d.Van.AcidTyreChance = 100
	return &d
}

// TestDriveAcidOnlyOnCommittedMove: acid bites when the van really drives into
// it, never when the move is blocked.
func TestDriveAcidOnlyOnCommittedMove(t *testing.T) {
	for _, blocked := range []bool{false, true} {
		t.Run(fmt.Sprintf("blocked=%v", blocked), func(t *testing.T) {
			g := fxGameWith(t, fxSureAcid(t), 1, fxMap(
				"..........",
				"..@.......",
				"..........",
			))
			acid := geom.Pt(3, 1)
			fxAcid(g, acid)
			if blocked {
				car := fxSpawnAt(g, fxKind(g, "car"), acid)
				fxSpeed(g, car, 0)
			}
			fxSpeed(g, g.env.Van, 1)
			fxDo(t, g, Command{Kind: CmdWait})
			tyres := vocab.Tyres.Value(g.world, g.env.Van).Cur
			if blocked {
				assert.Equal(t, geom.Pt(2, 1), fxVanAt(g))
				assert.Equal(t, 4, tyres, "a blocked move never touched the acid")
			} else {
				assert.Equal(t, acid, fxVanAt(g))
				assert.Equal(t, 3, tyres, "acid ate a tyre")
				assert.Equal(t, 1, fxMessages(g, assets.MsgAcidTyre))
			}
		})
	}
}

// TestDriveAcidOnLaneChange: a lane change into acid counts as entering it.
func TestDriveAcidOnLaneChange(t *testing.T) {
	g := fxGameWith(t, fxSureAcid(t), 1, fxMap(
		"..........",
		"..@.......",
		"..........",
	))
	fxAcid(g, geom.Pt(2, 2))
	fxSpeed(g, g.env.Van, 1)
	fxDo(t, g, Command{Kind: CmdSteerDown})
	assert.Equal(t, geom.Pt(3, 2), fxVanAt(g))
	assert.Equal(t, 3, vocab.Tyres.Value(g.world, g.env.Van).Cur)
}

// TestDriveLettersOnlyOnCommittedMove: the van takes a letter only by really
// driving onto it; a car in the same cell blocks the move and the letter
// stays.
func TestDriveLettersOnlyOnCommittedMove(t *testing.T) {
	for _, blocked := range []bool{false, true} {
		t.Run(fmt.Sprintf("blocked=%v", blocked), func(t *testing.T) {
			g := fxGame(t, 1, fxMap(
				"..........",
				"..@=......",
				"..........",
			))
			at := geom.Pt(3, 1)
			if blocked {
				fxSpeed(g, fxSpawnAt(g, fxKind(g, "car"), at), 0)
			}
			fxSpeed(g, g.env.Van, 2)
			fxDo(t, g, Command{Kind: CmdWait})
			letters := vocab.Letters.Value(g.world, g.env.Van)
			if blocked {
				assert.Zero(t, letters)
				assert.Len(t, fxKindAt(g, vocab.KindLetter, at), 1, "the letter is still there\n%s", fxDump(g))
				assert.Zero(t, fxMessages(g, assets.MsgLetterTaken))
			} else {
				assert.Equal(t, 1, letters)
				assert.Zero(t, fxCount(g, vocab.KindLetter))
				assert.Equal(t, geom.Pt(4, 1), fxVanAt(g), "picking up does not slow the van")
			}
		})
	}
}

// TestDriveVanBlockedByCar: driving into a car stops the van where it is, with
// no damage to either, and the van keeps its speed for the next round.
func TestDriveVanBlockedByCar(t *testing.T) {
	g := fxGame(t, 1, fxMap(
		"..........",
		"..@.c.....",
		"..........",
	))
	car := fxAt(t, g, fxKind(g, "car"), geom.Pt(4, 1))
	fxSpeed(g, car, 0)
	fxSpeed(g, g.env.Van, 3)
	before := fxStats(g)
	fxDo(t, g, Command{Kind: CmdWait})
	assert.Equal(t, geom.Pt(3, 1), fxVanAt(g), "one cell, then the car\n%s", fxDump(g))
	assert.Equal(t, 3, vocab.Speed.Value(g.world, g.env.Van), "the van keeps its speed")
	assert.False(t, vocab.Velocity.Has(g.world, g.env.Van), "its motion for this round is over")
	assert.Equal(t, before, fxStats(g), "no damage to the van")
	assert.Equal(t, 5, vocab.HP.Value(g.world, car).Cur, "no damage to the car")
	assert.Equal(t, geom.Pt(4, 1), vocab.Position.Value(g.world, car))

	fxDo(t, g, Command{Kind: CmdWait})
	assert.Equal(t, geom.Pt(3, 1), fxVanAt(g), "still blocked next round")
}

// TestDriveCarRamsVan: a faster car driving into the van deals its bump damage
// as layered damage and stops behind it.
func TestDriveCarRamsVan(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g := fxGame(t, seed, fxMap(
			"..........",
			".c..@.....",
			"..........",
		))
		car := fxAt(t, g, fxKind(g, "car"), geom.Pt(1, 1))
		fxSpeed(g, car, 4)
		before := fxStats(g)
		fxDo(t, g, Command{Kind: CmdWait})
		assert.Equal(t, geom.Pt(3, 1), vocab.Position.Value(g.world, car), "seed %d: the car stops behind the van\n%s", seed, fxDump(g))
		assert.Equal(t, geom.Pt(4, 1), fxVanAt(g), "seed %d: ramming does not push", seed)
		lost := before.lost(fxStats(g))
		held := fxMessages(g, assets.MsgArmourHeld)
		assert.Equal(t, 1, lost+held, "seed %d: one point of layered damage", seed)
		assert.Equal(t, 1, fxMessages(g, assets.MsgRammedBy), "seed %d", seed)
		assert.Equal(t, 5, vocab.HP.Value(g.world, car).Cur, "seed %d: the car is unhurt", seed)
	}
}

// TestDriveRunOver: the van and cars kill zombies by driving into them and go
// on; the zombie leaves a bloodstain.
func TestDriveRunOver(t *testing.T) {
	g := fxGame(t, 1, fxMap(
		"..........",
		"..@z......",
		"..........",
		".cz.......",
	))
	car := fxAt(t, g, fxKind(g, "car"), geom.Pt(1, 3))
	fxSpeed(g, car, 3)
	fxSpeed(g, g.env.Van, 2)
	before := fxStats(g)
	fxDo(t, g, Command{Kind: CmdWait})
	assert.Zero(t, fxCount(g, fxKind(g, "zombie")), "\n%s", fxDump(g))
	assert.Equal(t, geom.Pt(4, 1), fxVanAt(g), "the van drives on")
	assert.Equal(t, geom.Pt(4, 3), vocab.Position.Value(g.world, car), "the car drives on")
	assert.Len(t, fxKindAt(g, vocab.KindBloodstain, geom.Pt(3, 1)), 1)
	assert.Len(t, fxKindAt(g, vocab.KindBloodstain, geom.Pt(2, 3)), 1)
	assert.Equal(t, before, fxStats(g), "running over costs the van nothing")
	assert.Equal(t, 1, fxMessages(g, assets.MsgRunOver), "the van's kill is a run-over")
	assert.Equal(t, 1, fxMessages(g, assets.MsgCrushed), "the car crushing a zombie is told as such")
}

// TestDriveVehiclesLeaveEastEdge: cars and bikes driving off the east edge are
// gone for good.
func TestDriveVehiclesLeaveEastEdge(t *testing.T) {
	g := fxGame(t, 1, fxMap(
		"..........",
		"@.......c.",
		".........b",
		"..........",
	))
	fxSpeed(g, fxAt(t, g, fxKind(g, "car"), geom.Pt(8, 1)), 3)
	fxDo(t, g, Command{Kind: CmdWait})
	assert.Zero(t, fxCount(g, fxKind(g, "car")), "\n%s", fxDump(g))
	assert.Zero(t, fxCount(g, fxKind(g, "bike")))
	assert.Zero(t, g.Run.Kills, "leaving is not dying")
	assert.Equal(t, act.PhaseRoad, g.Phase())
}

// TestDriveGoalEndsDelivery: reaching the goal column ends the delivery at a
// camp, with the letters paid for.
func TestDriveGoalEndsDelivery(t *testing.T) {
	g := fxGame(t, 1, fxMap(
		"..........",
		"......@=..",
		"..........",
	))
	fxSpeed(g, g.env.Van, 3)
	r := fxDo(t, g, Command{Kind: CmdWait})
	assert.True(t, r.Took)
	assert.Equal(t, act.PhaseCamp, g.Phase(), "\n%s", fxDump(g))
	assert.Equal(t, 1, g.Run.Delivery)
	assert.Equal(t, 1, g.Run.Letters)
	assert.Equal(t, g.data.Campaign.Pay(1), g.Run.LastPay)
	assert.NotEmpty(t, g.Stock())
}

// TestDriveGoalNotReached: one column short, the delivery goes on.
func TestDriveGoalNotReached(t *testing.T) {
	g := fxGame(t, 1, fxMap(
		"..........",
		"......@...",
		"..........",
	))
	fxSpeed(g, g.env.Van, 2)
	fxDo(t, g, Command{Kind: CmdWait})
	assert.Equal(t, act.PhaseRoad, g.Phase())
	assert.Equal(t, geom.Pt(8, 1), fxVanAt(g))
}
