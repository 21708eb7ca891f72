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
	kind := vocab.KindNamed(&env.Data.Enemies, t.Item)
	r := recipeOf(env, kind)
	pl := newPlacer(a)
	pl.place(a.Spawn(), &r, t.At)
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

// recipe is what place writes onto a thing of one kind: its kind, and for
// an enemy what the data says it has. A road places a hundred things or so
// of a handful of kinds, so each kind's is made once, not once a thing.
type recipe struct {
	kind  vocab.Kind
	enemy bool
	// An enemy's stats, and which of its optional parts it has.
	hp                           vocab.Stat
	damage                       int
	runOver, vehicle, drive, gun bool
	speed, topSpeed              int
	guns                         vocab.Slots
}

// recipeOf returns the recipe of kind. Whether it makes an enemy is
// placesEnemy's answer: a kind place gives the Enemy flag must be one
// placesEnemy names.
func recipeOf(env *Env, kind vocab.Kind) recipe {
	r := recipe{kind: kind, enemy: placesEnemy(kind)}
	if !r.enemy {
		return r
	}
	d := env.Enemy(kind)
	r.hp, r.damage = vocab.Stat{Cur: d.HP, Max: d.HP}, d.BumpDamage
	r.runOver, r.vehicle = d.CanBeRunOver, d.RunsOver
	if d.Movement == assets.MovementDrive {
		r.drive, r.speed, r.topSpeed = true, d.StartSpeed, d.MaxSpeed
	}
	if len(d.Weapons) > 0 {
		r.gun = true
		for _, m := range d.Weapons {
			r.guns[vocab.Slot(m.Slot.Dir())] = m.Gun
		}
	}
	return r
}

// placer holds the writers of every component place writes, found once
// for an action that places many things. Each write tries the writer's
// inlined append first: every write of a road's population but each
// component's first takes it.
type placer struct {
	position                                  ecs.DataWriter[geom.Point]
	kind                                      ecs.DataWriter[vocab.Kind]
	solid, hittable, explosive, letter, enemy ecs.FlagWriter
	runOverable, vehicle                      ecs.FlagWriter
	hp                                        ecs.DataWriter[vocab.Stat]
	damage, speed, topSpeed                   ecs.DataWriter[int]
	guns                                      ecs.DataWriter[vocab.Slots]
}

func newPlacer(a *ecs.Action) placer {
	return placer{
		position: vocab.Position.Writer(a), kind: vocab.KindOf.Writer(a),
		solid: vocab.Solid.Writer(a), hittable: vocab.Hittable.Writer(a),
		explosive: vocab.Explosive.Writer(a), letter: vocab.Letter.Writer(a),
		enemy: vocab.Enemy.Writer(a), runOverable: vocab.RunOverable.Writer(a),
		vehicle: vocab.Vehicle.Writer(a), hp: vocab.HP.Writer(a),
		damage: vocab.Damage.Writer(a), speed: vocab.Speed.Writer(a),
		topSpeed: vocab.TopSpeed.Writer(a), guns: vocab.Guns.Writer(a),
	}
}

// grow makes room in the writers for counts[i] things of recipes[i] each,
// so that a road's population grows each component's lists once, to their
// size, rather than by doubling.
func (pl *placer) grow(recipes []recipe, counts []int) {
	var n, solid, hittable, explosive, letter, enemy, runOver, vehicle, drive, gun int
	for i := range recipes {
		r, c := &recipes[i], counts[i]
		n += c
		switch r.kind {
		case vocab.KindWreck:
			solid += c
		case vocab.KindBarrel:
			solid, hittable, explosive = solid+c, hittable+c, explosive+c
		case vocab.KindLetter:
			letter += c
		default:
			enemy, hittable = enemy+c, hittable+c
			runOver += c * b2i(r.runOver)
			vehicle += c * b2i(r.vehicle)
			drive += c * b2i(r.drive)
			gun += c * b2i(r.gun)
		}
	}
	pl.position.Grow(n)
	pl.kind.Grow(n)
	pl.solid.Grow(solid)
	pl.hittable.Grow(hittable)
	pl.explosive.Grow(explosive)
	pl.letter.Grow(letter)
	pl.enemy.Grow(enemy)
	pl.hp.Grow(enemy)
	pl.damage.Grow(enemy)
	pl.runOverable.Grow(runOver)
	pl.vehicle.Grow(vehicle)
	pl.speed.Grow(drive)
	pl.topSpeed.Grow(drive)
	pl.guns.Grow(gun)
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// place makes the action give e, an entity it has just spawned, a thing
// of r's kind at p: a wreck, a barrel, a letter or an enemy.
func (pl *placer) place(e ecs.Entity, r *recipe, p geom.Point) {
	if !pl.position.TrySet(e, p) {
		pl.position.Set(e, p)
	}
	if !pl.kind.TrySet(e, r.kind) {
		pl.kind.Set(e, r.kind)
	}
	switch r.kind {
	case vocab.KindWreck:
		if !pl.solid.TryAdd(e) {
			pl.solid.Add(e)
		}
	case vocab.KindBarrel:
		if !pl.solid.TryAdd(e) {
			pl.solid.Add(e)
		}
		if !pl.hittable.TryAdd(e) {
			pl.hittable.Add(e)
		}
		if !pl.explosive.TryAdd(e) {
			pl.explosive.Add(e)
		}
	case vocab.KindLetter:
		if !pl.letter.TryAdd(e) {
			pl.letter.Add(e)
		}
	default:
		pl.makeEnemy(e, r)
	}
}

// makeEnemy gives e what r says an enemy of its kind has.
func (pl *placer) makeEnemy(e ecs.Entity, r *recipe) {
	if !pl.enemy.TryAdd(e) {
		pl.enemy.Add(e)
	}
	if !pl.hittable.TryAdd(e) {
		pl.hittable.Add(e)
	}
	if !pl.hp.TrySet(e, r.hp) {
		pl.hp.Set(e, r.hp)
	}
	if !pl.damage.TrySet(e, r.damage) {
		pl.damage.Set(e, r.damage)
	}
	if r.runOver {
		if !pl.runOverable.TryAdd(e) {
			pl.runOverable.Add(e)
		}
	}
	if r.vehicle {
		if !pl.vehicle.TryAdd(e) {
			pl.vehicle.Add(e)
		}
	}
	if r.drive {
		if !pl.speed.TrySet(e, r.speed) {
			pl.speed.Set(e, r.speed)
		}
		if !pl.topSpeed.TrySet(e, r.topSpeed) {
			pl.topSpeed.Set(e, r.topSpeed)
		}
	}
	if r.gun {
		if !pl.guns.TrySet(e, r.guns) {
			pl.guns.Set(e, r.guns)
		}
	}
}

// commitSpawn gives a spawned enemy its place in the turn schedule.
func commitSpawn(env *Env, l Ledger) {
	if e := env.World.LastEntity(); vocab.Enemy.Has(env.World, e) {
		l.Enlist(e)
	}
}
