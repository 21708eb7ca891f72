package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

func TestNarrate(t *testing.T) {
	first := vocab.Message{ID: assets.MsgArmourHeld}
	second := vocab.Message{ID: assets.MsgHurt, Who: "car", N: 2}
	fxTable(t, func(*Env) Rule { return Narrate() }, []fxCase{
		{"every line, in order", func(f *fxWorld) fxStep {
			return fxStep{act: act.Wait(0), verdict: Accept, follow: []act.Act{act.Say(first), act.Say(second)},
				build: func(a *ecs.Action) {
					var l vocab.Lines
					l.Add(first)
					l.Add(second)
					vocab.Says.Set(a, l)
				}}
		}},
		{"nothing to say", func(f *fxWorld) fxStep {
			return fxStep{act: act.Wait(0), verdict: Accept}
		}},
	})
}
