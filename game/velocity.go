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

// Next returns the earliest instant a move is due. It walks the dense
// values (a cascade asks this of hundreds of fragments every instant), not
// one lookup per mover, four at a time into four minimums, which spares
// most of the loop's own steps. The walk is written here, not in a
// function of its own: autoplay asks at every instant of every turn, most
// often of one mover or two, and would pay the call.
func (v velocity) Next() (int, bool) {
	vels := vocab.Velocity.Values(v.g.world)
	if len(vels) == 0 {
		return 0, false
	}
	best := vels[0].Next
	b1, b2, b3 := best, best, best
	for ; len(vels) >= 4; vels = vels[4:] {
		best = min(best, vels[0].Next)
		b1 = min(b1, vels[1].Next)
		b2 = min(b2, vels[2].Next)
		b3 = min(b3, vels[3].Next)
	}
	for i := range vels {
		best = min(best, vels[i].Next)
	}
	return min(best, b1, b2, b3), true
}

// Run enqueues the moves due at instant now, in store order. A fragment's
// last move is its LastStep, which spends it where its range runs out.
// Each is filled in where it stays, in its queue slot: a cascade queues
// thousands, and building each whole aside would cost a copy of the action
// type apiece.
func (v velocity) Run(now int, e *rules.Engine[act.Act]) {
	w := v.g.world
	ents, vels := vocab.Velocity.Entities(w), vocab.Velocity.Values(w)
	for i := range vels {
		if vels[i].Next > now {
			continue
		}
		if vels[i].Moves <= 1 && vocab.Shard.In(w, ents[i]) {
			act.LastStepIn(e.EnqueueNew(), ents[i])
		} else {
			act.MoveIn(e.EnqueueNew(), ents[i])
		}
	}
}
