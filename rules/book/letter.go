package book

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// LetterPickup gives the van every letter in the cell it drives into. The
// pick-up waits in the accept queue, so a move that is finally refused picks
// nothing up (the original took the letter anyway).
//
//go:noinline
func LetterPickup() Rule {
	return Rule{Name: "letter pick-up", Concerns: groundConcerns, Needs: letters, Check: func(c *Check) Verdict {
		m := move(c)
		e, to := m.E, m.To
		if !m.busy || !vocab.Player.In(c.World, e) {
			return Accept
		}
		for _, l := range c.Spatial.Holders(to, vocab.Letter.ID()) {
			c.Enqueue(act.TakeLetter(e, l))
		}
		return Accept
	}}
}
