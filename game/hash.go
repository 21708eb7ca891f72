package game

import (
	"lastpost/ecs"
	"lastpost/game/sched"
)

// Hash digests the whole state of the run: the entities (the van, what it
// carries and the shop's stock among them), the random generator, the turn
// schedule, the road, the run's tally, the message log and the driver's
// memory of the road: everything a save keeps. Replays compare it after
// every turn, so it allocates nothing and reads the log and the memory
// through digests kept as they change.
func (g *Game) Hash() uint64 {
	h := g.world.Hash()
	// The PCG's marshalled form, appended into a stack buffer.
	var buf [20]byte
	state, _ := g.pcg.AppendBinary(buf[:0])
	for _, b := range state {
		h = ecs.Mix(h, uint64(b))
	}
	h = ecs.Mix(h, g.roadHash())
	now, seq, pending := g.sched.Parts()
	h = ecs.Mix(ecs.Mix(h, uint64(now)), seq)
	h = hashEntries(h, pending)
	h = g.log.hash(h)
	h = ecs.Mix(h, g.memory.digest)
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

// hashEntries folds schedule entries into h.
func hashEntries(h uint64, entries []sched.Entry[Task]) uint64 {
	for _, e := range entries {
		h = ecs.Mix(ecs.Mix(ecs.Mix(h, uint64(e.At)), uint64(e.Ticket)), uint64(e.Value.Kind))
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
