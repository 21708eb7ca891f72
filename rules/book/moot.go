package book

import (
	"lastpost/rules/act"
)

// Moot refuses an action that would change nothing, such as a second
// explosion of a barrel the first already removed, or the death of an enemy
// already dead. Committing it would count the event twice. Waiting and log
// lines are meant to change nothing and pass.
func Moot() Rule {
	return Rule{Name: "moot", Check: func(c *Check) Verdict {
		switch c.Type.Kind {
		case act.KindWait, act.KindSay:
			return Accept
		}
		if c.Action.Empty() {
			return Reject | Stop
		}
		return Accept
	}}
}
