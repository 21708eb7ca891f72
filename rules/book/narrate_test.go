package book

import (
	"testing"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/game/vocab"
)

func TestNarrate(t *testing.T) {
	first := vocab.Message{ID: assets.MsgArmourHeld}
	second := vocab.Message{ID: assets.MsgHurt, Who: "car", N: 2}
	fxTable(t, func(*Env) Rule { return Narrate() }, []fxCase{
		{"every line, in order", func(f *fxWorld) fxStep {
			return fxStep{act: vocab.Wait(0), verdict: Accept, follow: []vocab.Act{vocab.Say(first), vocab.Say(second)},
				build: func(a *ecs.Action) {
					var l vocab.Lines
					l.Add(first)
					l.Add(second)
					vocab.Says.Set(a, l)
				}}
		}},
		{"nothing to say", func(f *fxWorld) fxStep {
			return fxStep{act: vocab.Wait(0), verdict: Accept}
		}},
	})
}
