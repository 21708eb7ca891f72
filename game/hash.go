package game

import (
	"iter"

	"lastpost/ecs"
	"lastpost/game/sched"
)

// Hash digests the whole state of the run: the entities (the van, what it
// carries and the shop's stock among them), the random generator, the turn
// schedule, the road, the run's tally, the message log and the driver's
// memory of the road: everything a save keeps. Replays compare it after
// every turn, so it allocates nothing and does not walk what a turn leaves
// alone. Each component store's digest is a sum of one term per entry (its
// slot, entity and value), kept from the first hash of a run on: a write
// marks the slot it replaces, a removal takes its term out, and the next
// hash takes again the terms of the slots written since, so a turn's hash
// costs what the turn wrote (ecs.World.Hash). The slot in each term makes
// the digest name the order the entities are visited in, which decides how
// a turn plays. A run never hashed (a plain autoplay) keeps nothing and
// pays a test a write. The road's digest is taken once a road, the log's
// and the memory's are kept as they change, and every step is Mix, so the
// value is the same on every platform.
func (g *Game) Hash() uint64 {
	h := g.world.Hash()
	// The PCG's marshalled form, appended into a stack buffer.
	var buf [20]byte
	state, _ := g.pcg.AppendBinary(buf[:0])
	h = ecs.MixBytes(h, state)
	h = ecs.Mix(h, g.roadHash())
	h = ecs.Mix(ecs.Mix(h, uint64(g.sched.Now())), g.sched.Seq())
	h = hashEntries(h, g.sched.All())
	h = g.log.hash(h)
	h = ecs.Mix(h, g.memory.sum())
	return g.Run.hash(h)
}

// roadHash returns the road's digest, taking it on the first call after
// setLevel.
func (g *Game) roadHash() uint64 {
	if !g.levelHashed {
		g.levelHash, g.levelHashed = g.level.Hash(), true
	}
	return g.levelHash
}

// hashEntries folds schedule entries into h. The schedule yields them in
// the order they will be taken, whatever its inner layout, so the digest
// names the schedule's contents, not how it keeps them.
func hashEntries(h uint64, entries iter.Seq[sched.Entry[Task]]) uint64 {
	// A task's kind shares a word with its time, which a run never takes
	// near 2^56 milliseconds.
	for e := range entries {
		h = ecs.Mix(ecs.Mix(h, uint64(e.At)<<8|uint64(e.Value.Kind)), uint64(e.Ticket))
		h = ecs.Mix(h, uint64(e.Value.E))
	}
	return h
}

func (r *Run) hash(h uint64) uint64 {
	for _, v := range [...]int{int(r.Phase), r.Delivery, r.Earned, r.Letters, r.Kills, r.Turns,
		r.Explosions, r.Purchases, r.LastPay, int(r.DestroyedBy)} {
		h = ecs.MixInt(h, v)
	}
	h = ecs.Mix(h, r.Seed)
	if r.Won {
		h = ecs.Mix(h, 1)
	}
	return ecs.MixString(h, r.Cause)
}
