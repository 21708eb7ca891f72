package book

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs"
	"lastpost/game/vocab"
)

func TestMoot(t *testing.T) {
	cases := []struct {
		name   string
		act    vocab.Act
		build  func(a *ecs.Action)
		refuse bool
	}{
		{"an empty explosion is refused", vocab.Explode(7), func(*ecs.Action) {}, true},
		{"an empty death is refused", vocab.Die(7, 1), func(*ecs.Action) {}, true},
		{"waiting changes nothing and passes", vocab.Wait(1), func(*ecs.Action) {}, false},
		{"a log line passes", vocab.Say(vocab.Message{ID: "msg.hurt"}), func(*ecs.Action) {}, false},
		{"a real change passes", vocab.Accelerate(1), func(a *ecs.Action) { vocab.Armour.Set(a, 1, 2) }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := ecs.NewWorld(vocab.Schema())
			w.SetSpatial(vocab.SpatialSpec(4, 4))
			a := w.NewAction()
			a.Spawn()
			w.Commit(a)
			c.build(a)
			v := Moot().Check(&Check{Type: c.act, Action: a, World: w, After: w.After(a), Spatial: w.Spatial()})
			assert.Equal(t, c.refuse, v.Rejected())
			assert.Equal(t, c.refuse, v.Stops())
		})
	}
}
