package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Moot refuses an action that would change nothing, such as a second
// explosion of a barrel the first already removed, or the death of an enemy
// already dead. Committing it would count the event twice. Waiting and log
// lines are meant to change nothing and pass; a driver's command that no
// rule refused but that would change nothing is dropped here, silently.
//
//go:noinline
func Moot() Rule {
	return Rule{Name: "moot", Needs: idle, Check: func(c *Check) Verdict {
		switch c.Type.Kind {
		case act.KindWait, act.KindSay:
			return Accept
		}
		if c.Action.Empty() || onlyMarked(c) {
			return Reject | Stop
		}
		return Accept
	}}
}

// onlyMarked reports whether all the action does is carry the mark of a
// driver's command: a command no rule refused that changes nothing.
func onlyMarked(c *Check) bool {
	touched := c.Action.Touched()
	return len(touched) == 1 && touched[0] == vocab.Command.ID()
}
