package game

import "lastpost/ecs"

// Hash digests the whole state of the run: the entities, the random
// generator, the turn schedule, the road and the campaign. Replays compare
// it after every turn.
func (g *Game) Hash() uint64 {
	h := g.world.Hash()
	state, _ := g.pcg.MarshalBinary()
	for _, b := range state {
		h = ecs.Mix(h, uint64(b))
	}
	h = ecs.Mix(h, g.level.Hash())
	snap := g.sched.Snapshot()
	h = ecs.Mix(ecs.Mix(h, uint64(snap.Now)), snap.Seq)
	for _, e := range snap.Entries {
		h = ecs.Mix(ecs.Mix(ecs.Mix(h, uint64(e.At)), uint64(e.Ticket)), uint64(e.Value.Kind))
		h = ecs.Mix(h, uint64(e.Value.E))
	}
	return g.Run.hash(h)
}

func (r *Run) hash(h uint64) uint64 {
	for _, v := range [...]int{int(r.Phase), r.Delivery, r.Money, r.Earned, r.Letters, r.Kills, r.Turns,
		r.Explosions, r.Purchases, r.Van.HP.Cur, r.Van.HP.Max, r.Van.Engine.Cur, r.Van.Engine.Max,
		r.Van.Tyres.Cur, r.Van.Tyres.Max, r.Van.Armour, r.LastPay} {
		h = ecs.MixInt(h, v)
	}
	h = ecs.Mix(h, r.Seed)
	if r.Won {
		h = ecs.Mix(h, 1)
	}
	h = ecs.MixString(h, r.Cause)
	for _, s := range r.Van.Guns {
		h = ecs.MixString(h, s)
	}
	for _, lists := range [][]string{r.Inventory, r.Stock} {
		h = ecs.MixInt(h, len(lists))
		for _, s := range lists {
			h = ecs.MixString(h, s)
		}
	}
	return h
}
