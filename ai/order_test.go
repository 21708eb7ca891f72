package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs/geom"
)

func TestOrderString(t *testing.T) {
	tests := []struct {
		o    Order
		want string
	}{
		{Order{}, "wait"},
		{Order{Kind: Accelerate}, "accelerate"},
		{Order{Kind: Decelerate}, "decelerate"},
		{SteerOrder(geom.North), "steer north"},
		{FireOrder(geom.West), "fire west"},
		{MoveOrder(geom.South), "move south"},
		{UseOrder(SpareTyre), "use spare_tyre"},
		{UseOrder(EngineKit), "use engine_kit"},
		{Order{Kind: Kind(99)}, "kind(99)"},
		{UseOrder(Item(7)), "use item(7)"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.o.String())
	}
}
