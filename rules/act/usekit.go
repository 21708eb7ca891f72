package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/vocab"
)

// UseKit makes the van e use carried item (an inventory entity, or 0 when
// the driver named no such item). The rules refuse a gun, a van on the move
// and a kit that would do nothing.
func UseKit(e, item ecs.Entity) Act { return Act{Kind: KindUseKit, E: e, O: item} }

// buildUseKit spends the kit and restores what it restores.
func buildUseKit(env *Env, t *Act, a *ecs.Action) {
	command(t, a)
	id, ok := vocab.Item.Get(env.World, t.O)
	if !ok {
		return
	}
	c, ok := env.Data.Shop.Consumable(id)
	if !ok {
		return
	}
	a.RemoveEntity(t.O)
	restore(env, t.E, c.Restores, c.Amount, a)
	switch c.Restores {
	case assets.StatEngine:
		say(a, vocab.Message{ID: assets.MsgEngineRepaired})
	case assets.StatTyres:
		say(a, vocab.Message{ID: assets.MsgTyreReplaced})
	}
}

// restore mends stat of van e by up to n points. A mended engine raises
// the top speed with it.
func restore(env *Env, e ecs.Entity, stat assets.Stat, n int, a *ecs.Action) {
	switch stat {
	case assets.StatEngine:
		eng := vocab.Engine.Value(env.World, e)
		eng.Cur = min(eng.Cur+n, eng.Max)
		vocab.Engine.Set(a, e, eng)
		if vocab.TopSpeed.Has(env.World, e) {
			vocab.TopSpeed.Set(a, e, env.Data.Van.MaxSpeed(eng.Cur))
		}
	case assets.StatTyres:
		ty := vocab.Tyres.Value(env.World, e)
		ty.Cur = min(ty.Cur+n, ty.Max)
		vocab.Tyres.Set(a, e, ty)
	}
}

// Stat returns the van's stat that a repair or kit restores.
func Stat(r ecs.Reader, e ecs.Entity, stat assets.Stat) vocab.Stat {
	if stat == assets.StatEngine {
		return vocab.Engine.Value(r, e)
	}
	return vocab.Tyres.Value(r, e)
}
