package act

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// TestPlacesEnemyAgreesWithPlace checks placesEnemy, which commitPopulate
// enlists by, against the Enemy flag place gives each kind of thing: the
// built-in ones and every enemy of the data.
func TestPlacesEnemyAgreesWithPlace(t *testing.T) {
	f := newFixture(t)
	kinds := []vocab.Kind{vocab.KindWreck, vocab.KindBarrel, vocab.KindLetter}
	for i := range f.data.Enemies.List {
		kinds = append(kinds, vocab.EnemyKind(i))
	}
	for i, k := range kinds {
		a := f.w.NewAction()
		r := recipeOf(f.env, k)
		pl := newPlacer(a)
		pl.place(a.Spawn(), &r, geom.Pt(i%20, i/20))
		f.w.Commit(a)
		e := f.w.LastEntity()
		assert.Equal(t, vocab.Enemy.Has(f.w, e), placesEnemy(k), "kind %v", k)
	}
}

// placePlainly is what place did before recipes and writers: each write
// through the component's own Set or Add, an enemy's parts read from the
// data at each placing.
func placePlainly(env *Env, a *ecs.Action, kind vocab.Kind, p geom.Point) {
	e := a.Spawn()
	vocab.Position.Set(a, e, p)
	vocab.KindOf.Set(a, e, kind)
	switch kind {
	case vocab.KindWreck:
		vocab.Solid.Add(a, e)
	case vocab.KindBarrel:
		vocab.Solid.Add(a, e)
		vocab.Hittable.Add(a, e)
		vocab.Explosive.Add(a, e)
	case vocab.KindLetter:
		vocab.Letter.Add(a, e)
	default:
		d := env.Enemy(kind)
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
}

// TestPlacerAgreesWithPlainWrites places every kind of thing, several of
// each in a shuffled order, as one action through recipes and writers and
// as one through placePlainly: the same components touched in the same
// order, and the same world.
func TestPlacerAgreesWithPlainWrites(t *testing.T) {
	fast, plain := newFixture(t), newFixture(t)
	kinds := []vocab.Kind{vocab.KindWreck, vocab.KindBarrel, vocab.KindLetter}
	for i := range fast.data.Enemies.List {
		kinds = append(kinds, vocab.EnemyKind(i))
	}
	r := rand.New(rand.NewPCG(5, 8))
	var order []vocab.Kind
	for range 6 {
		order = append(order, kinds...)
	}
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })

	a, b := fast.w.NewAction(), plain.w.NewAction()
	pl := newPlacer(a)
	for i, k := range order {
		rc := recipeOf(fast.env, k)
		pl.place(a.Spawn(), &rc, geom.Pt(i%20, i/20))
		placePlainly(plain.env, b, k, geom.Pt(i%20, i/20))
	}
	assert.Equal(t, b.Touched(), a.Touched())
	fast.w.Commit(a)
	plain.w.Commit(b)
	assert.Equal(t, plain.w.Hash(), fast.w.Hash())
	assert.Equal(t, vocab.Guns.Entities(plain.w), vocab.Guns.Entities(fast.w))
	assert.NotEmpty(t, vocab.Guns.Entities(fast.w), "some enemy of the data is armed")
	assert.NotEmpty(t, vocab.Speed.Entities(fast.w), "some enemy of the data drives")
}
