package book

import (
	"lastpost/rules/act"
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs"
	"lastpost/rules/vocab"
)

func TestMoot(t *testing.T) {
	cases := []struct {
		name   string
		act    act.Act
		build  func(a *ecs.Action)
		refuse bool
	}{
		{"an empty explosion is refused", act.Explode(7, 0), func(*ecs.Action) {}, true},
		{"an empty death is refused", act.Die(7, 1), func(*ecs.Action) {}, true},
		{"waiting changes nothing and passes", act.Wait(1), func(*ecs.Action) {}, false},
		{"a log line passes", act.Say(vocab.Message{ID: "msg.hurt"}), func(*ecs.Action) {}, false},
		{"a real change passes", act.Accelerate(1), func(a *ecs.Action) { vocab.Armour.Set(a, 1, 2) }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := ecs.NewWorld(vocab.Schema())
			w.SetSpatial(vocab.SpatialSpec(4, 4))
			a := w.NewAction()
			a.Spawn()
			w.Commit(a)
			c.build(a)
			v := Moot().Check(&Check{Type: &c.act, Action: a, World: w, After: w.After(a), Spatial: w.Spatial()})
			assert.Equal(t, c.refuse, v.Rejected())
			assert.Equal(t, c.refuse, v.Stops())
		})
	}
}
