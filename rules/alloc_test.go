package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs/geom"
)

func TestMoveWithTracingOffDoesNotAllocate(t *testing.T) {
	tests := []struct {
		name string
		dir  geom.Point
		want geom.Point
	}{
		{"an accepted move", east, geom.Pt(1, 1)},
		{"a rejected move", geom.Pt(0, -1), geom.Pt(0, 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld()
			van := spawn(w, geom.Pt(0, 1))
			spawn(w, geom.Pt(0, 0), solid)
			e := newEngine(w, bounds, bumpOpensDoor, collision)
			back := geom.Pt(-tt.dir.X, -tt.dir.Y)
			step := func() {
				e.Enqueue(act{Kind: move, E: van, Dir: tt.dir})
				_ = e.Resolve()
				if pos.Value(w, van) != geom.Pt(0, 1) {
					e.Enqueue(act{Kind: move, E: van, Dir: back})
					_ = e.Resolve()
				}
			}
			for range 100 {
				step()
			}
			assert.Zero(t, testing.AllocsPerRun(200, step))
			e.Enqueue(act{Kind: move, E: van, Dir: tt.dir})
			_ = e.Resolve()
			assert.Equal(t, tt.want, pos.Value(w, van), "the move did what it should")
		})
	}
}
