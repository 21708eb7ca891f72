package book

import (
	"lastpost/rules/act"
)

// BurstContinues fires the next bullet of a burst one period after this
// one, whatever becomes of this bullet, so a machine gun or railgun always
// fires at its stated rate.
func BurstContinues() Rule {
	return Rule{Name: "burst continues", Check: func(c *Check) Verdict {
		t := c.Type
		if t.Kind == act.KindFire && t.Delay > 0 && t.N > 1 {
			c.EnqueueAfter(act.Fire(t.E, t.Dir, t.Item, t.N-1, t.Delay), t.Delay)
		}
		return Accept
	}}
}
