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
// most of the loop's own steps. The four are read through one array of
// four courses, so a block costs one bounds test and one address, and the
// loop carries an index, not a slice: a slice shortened each time costs
// five instructions more a block. Fewer than five movers skip the four
// minimums, and their merge, altogether: autoplay asks at every instant of
// every turn, most often of one mover or two. The one-by-one loops run an
// unsigned index, which needs no bounds test. The walk is written here,
// not in a function of its own, as such asks would pay the call.
func (v velocity) Next() (int, bool) {
	vels := vocab.Velocity.Values(v.g.world)
	if len(vels) == 0 {
		return 0, false
	}
	best := vels[0].Next
	if len(vels) < 5 {
		for j := uint(1); j < uint(len(vels)); j++ {
			best = min(best, vels[j].Next)
		}
		return best, true
	}
	b1, b2, b3 := best, best, best
	i := 1
	for last := len(vels) - 4; i <= last; i += 4 {
		q := (*[4]vocab.Course)(vels[i:])
		best = min(best, q[0].Next)
		b1 = min(b1, q[1].Next)
		b2 = min(b2, q[2].Next)
		b3 = min(b3, q[3].Next)
	}
	best = min(best, b1, b2, b3)
	for j := uint(i); j < uint(len(vels)); j++ {
		best = min(best, vels[j].Next)
	}
	return best, true
}

// Run enqueues the moves due at instant now, in store order. A fragment's
// last move is its LastStep, which spends it where its range runs out.
// Each is filled in where it stays, in its queue slot: a cascade queues
// thousands, and building each whole aside would cost a copy of the action
// type apiece.
//
// Most movers are not due (a cascade's instant finds about one in six
// due), so the skip is kept short: the store is read through its Column
// (one type check, and no dynamic call for the entities), the index is
// unsigned and the entities are cut to the values' length, which leaves
// the loop no bounds test to make, and a mover not due costs seven
// instructions.
func (v velocity) Run(now int, e *rules.Engine[act.Act]) {
	w := v.g.world
	col := vocab.Velocity.Column(w)
	ents, vels := col.Entities(), col.Values()
	n := uint(len(vels))
	ents = ents[:n]
	for i := uint(0); i < n; i++ {
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
