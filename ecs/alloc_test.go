package ecs

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs/geom"
)

// The hot paths must not allocate once buffers have grown. Each case warms
// up before AllocsPerRun measures (AllocsPerRun also runs once unmeasured).
func TestSteadyStateDoesNotAllocate(t *testing.T) {
	tests := []struct {
		name string
		run  func(w *World, a *Action, i int)
	}{
		{"set and commit an existing component", func(w *World, a *Action, i int) {
			hp.Set(a, 1, i)
			w.Commit(a)
		}},
		{"a move through the spatial index", func(w *World, a *Action, i int) {
			pos.Set(a, 1, geom.Pt(i%gridW, (i/gridW)%gridH))
			w.Commit(a)
		}},
		{"a flag toggled on a positioned entity", func(w *World, a *Action, i int) {
			if i%2 == 0 {
				solid.Remove(a, 1)
			} else {
				solid.Add(a, 1)
			}
			w.Commit(a)
		}},
		{"reads through the after-view", func(w *World, a *Action, i int) {
			hp.Set(a, 1, i)
			v := w.After(a)
			_ = hp.Value(v, 1) + hp.Value(v, 2)
			_ = solid.Has(v, 1)
			a.Reset()
		}},
		{"a spawn with three components and its removal", func(w *World, a *Action, i int) {
			e := a.Spawn()
			pos.Set(a, e, geom.Pt(i%gridW, 0))
			hp.Set(a, e, i)
			solid.Add(a, e)
			w.Commit(a)
			a.RemoveEntity(e)
			w.Commit(a)
		}},
		{"a large action", func(w *World, a *Action, i int) {
			for e := Entity(1); e <= 3; e++ {
				for k := range 2 * linearMax {
					hp.Set(a, e, i+k)
				}
			}
			for k := Entity(10); k < 10+3*linearMax; k++ {
				hp.Remove(a, k)
			}
			w.Commit(a)
		}},
		{"a burst of spawns, searched while built, then removed", func(w *World, a *Action, i int) {
			first := a.Spawn()
			hp.Set(a, first, i)
			for k := range 3 * linearMax {
				e := a.Spawn()
				hp.Set(a, e, k)
				solid.Add(a, e)
			}
			v := w.After(a)
			_ = hp.Value(v, first) + hp.Value(v, 1)
			hp.Set(a, first, i+1)
			w.Commit(a)
			for e := first; e < first+Entity(1+3*linearMax); e++ {
				a.RemoveEntity(e)
			}
			w.Commit(a)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := seedWorld(t)
			a := w.NewAction()
			i := 0
			for range 3000 { // warm up: every cell's slices, pages of fresh ids
				tt.run(w, a, i)
				i++
			}
			allocs := testing.AllocsPerRun(200, func() {
				tt.run(w, a, i)
				i++
			})
			assert.Zero(t, allocs)
		})
	}
}
