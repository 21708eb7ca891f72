package act

import (
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// PlaceVan puts the van e on a new road at p, at the starting speed its
// engine allows and with no letters: the speed does not carry over from the
// last delivery.
func PlaceVan(e ecs.Entity, p geom.Point) Act { return Act{Kind: KindPlaceVan, E: e, At: p} }

func buildPlaceVan(env *Env, t *Act, a *ecs.Action) {
	top := env.Data.Van.MaxSpeed(vocab.Engine.Value(env.World, t.E).Cur)
	vocab.Position.Set(a, t.E, t.At)
	vocab.Ground.Set(a, true)
	vocab.TopSpeed.Set(a, t.E, top)
	vocab.Speed.Set(a, t.E, min(env.Data.Van.StartSpeed, top))
	vocab.Letters.Set(a, t.E, 0)
}
