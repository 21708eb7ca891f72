package book

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// commandConcerns is what the rules about the driver's commands look at:
// the mark every command's action carries, so they are consulted for
// commands alone.
var commandConcerns = []ecs.ID{vocab.Command.ID()}

// refuse rejects the command and stops the checking, and tells the driver
// why: the line is the refusal's only trace in the state, and it uses no
// turn.
func refuse(c *Check, why assets.TextID) Verdict {
	c.Enqueue(act.Say(vocab.Message{ID: why}))
	return Reject | Stop
}

// isCommand reports whether the action is one of the driver's commands of
// one of kinds.
func isCommand(c *Check, kinds ...act.Kind) bool {
	if _, ok := vocab.Command.Get(c.Action); !ok {
		return false
	}
	for _, k := range kinds {
		if c.Type.Kind == k {
			return true
		}
	}
	return false
}
