package game

import (
	"testing"

	"lastpost/assets"
)

func TestSmokeRun(t *testing.T) {
	data, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	g := New(data, 7)
	cmds := []Command{{Kind: CmdAccelerate}, {Kind: CmdAccelerate}, {Kind: CmdAccelerate}, {Kind: CmdSteerUp}, {Kind: CmdFire, Dir: 2}}
	for i := 0; i < 300 && g.Phase() == PhaseRoad; i++ {
		c := cmds[i%len(cmds)]
		if _, err := g.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("phase=%v turns=%d kills=%d letters=%d money=%d hash=%x", g.Phase(), g.Run.Turns, g.Run.Kills, g.Run.Letters, g.Run.Money, g.Hash())
	for _, e := range g.Log().Last(15) {
		t.Logf("%v x%d", e.Msg, e.Count)
	}
}

func TestSmokeInvariants(t *testing.T) {
	data, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 30; seed++ {
		g := New(data, seed)
		cmds := []Command{{Kind: CmdAccelerate}, {Kind: CmdAccelerate}, {Kind: CmdSteerUp}, {Kind: CmdFire, Dir: 2}, {Kind: CmdSteerDown}}
		for i := 0; i < 400 && g.Phase() == PhaseRoad; i++ {
			if _, err := g.Do(cmds[i%len(cmds)]); err != nil {
				t.Fatal(err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d turn %d: %v\n%s", seed, i, err, g.Level().ASCII())
			}
		}
		t.Logf("seed %d phase %v turns %d", seed, g.Phase(), g.Run.Turns)
	}
}
