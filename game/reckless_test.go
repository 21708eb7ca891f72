package game

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ai"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
)

// TestRecklessDriving pins how the reckless bot turns the careful
// driver's orders into its own: it speeds up where the careful one would
// brake or stop to mend the van, and keeps every other order.
func TestRecklessDriving(t *testing.T) {
	tests := []struct {
		name string
		in   ai.Order
		want ai.Order
	}{
		{"brake", ai.Order{Kind: ai.Decelerate}, ai.Order{Kind: ai.Accelerate}},
		{"fit a spare tyre", ai.Order{Kind: ai.Use, Item: ai.SpareTyre}, ai.Order{Kind: ai.Accelerate}},
		{"mend the engine", ai.Order{Kind: ai.Use, Item: ai.EngineKit}, ai.Order{Kind: ai.Accelerate}},
		{"accelerate", ai.Order{Kind: ai.Accelerate}, ai.Order{Kind: ai.Accelerate}},
		{"steer", ai.SteerOrder(geom.North), ai.Order{Kind: ai.Steer, Dir: geom.North}},
		{"fire", ai.Order{Kind: ai.Fire, Dir: geom.East}, ai.Order{Kind: ai.Fire, Dir: geom.East}},
		{"wait", ai.Order{Kind: ai.Wait}, ai.Order{Kind: ai.Wait}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, recklessly(tt.in))
		})
	}
}

// TestTheRecklessBotNeverBrakesOnTheRoad plays reckless runs and checks
// no road command of theirs brakes or uses a kit, while the careful bot,
// on the same seeds, does both at least once.
func TestTheRecklessBotNeverBrakesOnTheRoad(t *testing.T) {
	data := loadData(t)
	count := func(style BotStyle) (brakes, kits int) {
		for seed := uint64(1); seed <= 4; seed++ {
			g := New(data, seed)
			bot := Bot{Style: style}
			for range 400 {
				if g.Phase() == act.PhaseOver {
					break
				}
				c := bot.Next(g)
				switch c.Kind {
				case CmdDecelerate:
					brakes++
				case CmdUse:
					kits++
				}
				res, _ := g.Do(c)
				bot.Observe(c, res)
			}
		}
		return brakes, kits
	}
	brakes, kits := count(BotReckless)
	assert.Zero(t, brakes)
	assert.Zero(t, kits)
	careful, _ := count(BotCareful)
	assert.Positive(t, careful, "the careful bot brakes on these seeds, so the test can tell them apart")
}
