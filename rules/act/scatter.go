package act

import (
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// Scatter parts shard e where its fragments' paths part (see Blast): e
// goes on with the fragments of the first way on, and a shard for each of
// the other ways is spawned in e's cell, on e's timing, to take its own
// step at the instant e takes its next. The rules ask for it when a step
// ends a shard's leg (vocab.Course.Split).
func Scatter(e ecs.Entity) Act { return Act{Kind: KindScatter, E: e} }

func buildScatter(env *Env, t *Act, a *ecs.Action) {
	w := env.World
	sh, ok := vocab.Shard.Read(w, t.E)
	if !ok {
		return
	}
	b := env.blast()
	first, n := b.kidsOf(sh.Node)
	v, moving := vocab.Velocity.Read(w, t.E)
	p, placed := vocab.Position.Read(w, t.E)
	if n < 2 || !moving || !placed {
		return
	}
	// e keeps its own line: its first fragment is in the first way on.
	mine, c := b.shard(first, v.Moves)
	v.Split = c.Split
	mine.Why = sh.Why
	vocab.Velocity.Set(a, t.E, v)
	vocab.Shard.Set(a, t.E, mine)
	for k := first + 1; k < first+n; k++ {
		f := a.Spawn()
		vocab.Position.Set(a, f, p)
		vocab.KindOf.Set(a, f, vocab.KindFragment)
		other, c := b.shard(k, v.Moves)
		other.Why = sh.Why
		c.MsPerCell, c.Next = v.MsPerCell, v.Next
		vocab.Velocity.Set(a, f, c)
		vocab.Shard.Set(a, f, other)
	}
}
