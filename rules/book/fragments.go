package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// FragmentsBurnLetters destroys the letters an explosion fragment passes
// over.
//
//go:noinline
func FragmentsBurnLetters() Rule {
	return Rule{Name: "fragments burn letters", Concerns: moveConcerns, Needs: fragmentBusy, Check: func(c *Check) Verdict {
		m := move(c)
		e, to := m.E, m.To
		if !m.busy || !vocab.Shard.In(c.World, e) {
			return Accept
		}
		for _, l := range c.Spatial.Holders(to, vocab.Letter.ID()) {
			c.Enqueue(act.Destroy(l))
		}
		return Accept
	}}
}
