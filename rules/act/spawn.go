package act

import (
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Spawn places one thing on the road at p: a wreck, a barrel, a letter or
// an enemy (thing is its id: "wreck", "barrel", "letter" or an enemy's
// id). A new road is laid out by Populate, which places them all at once.
func Spawn(thing string, p geom.Point) Act { return Act{Kind: KindSpawn, Item: thing, At: p} }

func buildSpawn(env *Env, t *Act, a *ecs.Action) {
	place(env, a, vocab.KindNamed(&env.Data.Enemies, t.Item), t.At)
}

// placesEnemy reports whether place makes an enemy of a thing of kind:
// every kind but the built-in wreck, barrel and letter.
func placesEnemy(kind vocab.Kind) bool {
	switch kind {
	case vocab.KindWreck, vocab.KindBarrel, vocab.KindLetter:
		return false
	}
	return true
}

// place makes the action spawn a thing of kind at p. Whether it makes an
// enemy is placesEnemy's answer: a kind place gives the Enemy flag must be
// one placesEnemy names.
func place(env *Env, a *ecs.Action, kind vocab.Kind, p geom.Point) {
	e := a.Spawn()
	vocab.Position.Set(a, e, p)
	switch kind {
	case vocab.KindWreck:
		vocab.KindOf.Set(a, e, kind)
		vocab.Solid.Add(a, e)
	case vocab.KindBarrel:
		vocab.KindOf.Set(a, e, kind)
		vocab.Solid.Add(a, e)
		vocab.Hittable.Add(a, e)
		vocab.Explosive.Add(a, e)
	case vocab.KindLetter:
		vocab.KindOf.Set(a, e, kind)
		vocab.Letter.Add(a, e)
	default:
		makeEnemy(env, e, kind, a)
	}
}

// makeEnemy gives e what the data says an enemy of kind has.
func makeEnemy(env *Env, e ecs.Entity, kind vocab.Kind, a *ecs.Action) {
	d := env.Enemy(kind)
	vocab.KindOf.Set(a, e, kind)
	vocab.Enemy.Add(a, e)
	vocab.Hittable.Add(a, e)
	vocab.HP.Set(a, e, vocab.Stat{Cur: d.HP, Max: d.HP})
	vocab.Damage.Set(a, e, d.BumpDamage)
	if d.CanBeRunOver {
		vocab.RunOverable.Add(a, e)
	}
	if d.RunsOver {
		vocab.Vehicle.Add(a, e)
	}
	if d.Movement == assets.MovementDrive {
		vocab.Speed.Set(a, e, d.StartSpeed)
		vocab.TopSpeed.Set(a, e, d.MaxSpeed)
	}
	if len(d.Weapons) > 0 {
		var slots vocab.Slots
		for _, m := range d.Weapons {
			slots[vocab.Slot(m.Slot.Dir())] = m.Gun
		}
		vocab.Guns.Set(a, e, slots)
	}
}

// commitSpawn gives a spawned enemy its place in the turn schedule.
func commitSpawn(env *Env, l Ledger) {
	if e := env.World.LastEntity(); vocab.Enemy.Has(env.World, e) {
		l.Enlist(e)
	}
}
