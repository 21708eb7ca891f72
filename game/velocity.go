package game

import (
	"lastpost/rules"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// velocity is the continuous process that moves everything with a velocity:
// at each instant, every entity whose next move is due steps one cell, each
// step an action through the rules. Bullets, fragments and vehicles all move
// this way, interleaved in time.
type velocity struct{ g *Game }

// Next returns the earliest instant a move is due.
func (v velocity) Next() (int, bool) {
	w := v.g.world
	best, found := 0, false
	for _, e := range vocab.Velocity.Entities(w) {
		next := vocab.Velocity.Value(w, e).Next
		if !found || next < best {
			best, found = next, true
		}
	}
	return best, found
}

// Run enqueues the moves due at instant now, in store order.
func (v velocity) Run(now int, e *rules.Engine[act.Act]) {
	w := v.g.world
	for _, ent := range vocab.Velocity.Entities(w) {
		if vocab.Velocity.Value(w, ent).Next <= now {
			e.Enqueue(act.Move(ent))
		}
	}
}
