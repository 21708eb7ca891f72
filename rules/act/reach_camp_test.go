package act

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// TestEntityComponentsCoverTheSchema checks that leaving the road knows
// every component an entity can hold: a component added to the schema but
// not to the list would stay behind on the road's entities.
func TestEntityComponentsCoverTheSchema(t *testing.T) {
	s := vocab.Schema()
	var want, got []string
	for id := range ecs.ID(s.Len()) {
		if s.Kind(id) != ecs.KindProp {
			want = append(want, s.Name(id))
		}
	}
	for _, c := range entityComponents() {
		got = append(got, s.Name(c.ID()))
	}
	assert.Equal(t, want, got)
}

// TestLeaveRoadRemovesAsRemoveEntityWould checks, on populated roads that
// have seen play (entities removed, shots and wreckage added, the van's
// guns and the camp's stock beside them), that leaving the road component
// by component ends in the world that removing each road entity in the
// position column's order makes: every component lists the same entities
// in the same order, so later play iterates them alike.
func TestLeaveRoadRemovesAsRemoveEntityWould(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		byComponent, byEntity := newFixture(t), newFixture(t)
		road := levelgen.Generate(seed, int(seed%10), byComponent.data.LevelGen)
		for _, f := range []*fixture{byComponent, byEntity} {
			f.w.SetSpatial(vocab.SpatialSpec(road.W, road.H))
			f.van(road.Start, 4, 1)
			f.env.Road = road
			f.do(Populate(road))
			play(f, road, seed)
		}
		van := byComponent.env.Van

		a := byComponent.w.NewAction()
		leaveRoad(byComponent.w, a, van)
		byComponent.w.Commit(a)
		a = byEntity.w.NewAction()
		for _, e := range vocab.Position.Entities(byEntity.w) {
			if e != van {
				a.RemoveEntity(e)
			}
		}
		byEntity.w.Commit(a)

		s := vocab.Schema()
		for _, c := range entityComponents() {
			if !assert.Equal(t, c.Entities(byEntity.w), c.Entities(byComponent.w), "seed %d: %s", seed, s.Name(c.ID())) {
				t.Logf("seed %d, road:\n%s", seed, road.ASCII())
			}
		}
		assert.Equal(t, byEntity.w.Hash(), byComponent.w.Hash(), "seed %d", seed)
		assert.Equal(t, []ecs.Entity{van}, vocab.Position.Entities(byComponent.w), "seed %d: only the van stays", seed)
	}
}

// play changes f's road as play might, the same way for the same seed:
// it removes a third of the road's entities in a shuffled order, fires
// shots, leaves wreckage marked dead, keeps things off the road, arms the
// van and stocks the camp.
func play(f *fixture, road *levelgen.Level, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	w, van := f.w, f.env.Van
	onRoad := append([]ecs.Entity(nil), vocab.Position.Entities(w)...)
	rng.Shuffle(len(onRoad), func(i, j int) { onRoad[i], onRoad[j] = onRoad[j], onRoad[i] })
	a := w.NewAction()
	for _, e := range onRoad[:len(onRoad)/3] {
		if e != van {
			a.RemoveEntity(e)
		}
	}
	w.Commit(a)
	a = w.NewAction()
	anywhere := func() geom.Point { return geom.Pt(rng.IntN(road.W), rng.IntN(road.H)) }
	for range 10 {
		e := a.Spawn()
		vocab.Position.Set(a, e, anywhere())
		vocab.Projectile.Add(a, e)
		vocab.Gun.Set(a, e, "pistol")
		vocab.Shooter.Set(a, e, van)
	}
	for range 5 {
		e := a.Spawn()
		vocab.Position.Set(a, e, anywhere())
		vocab.Decal.Add(a, e)
		vocab.Dead.Add(a, e)
	}
	// Things off the road that share components with the road's things:
	// where they end up in those components depends on the order of the
	// road's removals.
	for i := range 4 {
		e := a.Spawn()
		vocab.KindOf.Set(a, e, vocab.KindLetter)
		vocab.HP.Set(a, e, vocab.Stat{Cur: i + 1, Max: 5})
		vocab.Hittable.Add(a, e)
	}
	for _, id := range []string{"kit", "fuel"} {
		e := a.Spawn()
		vocab.Item.Set(a, e, id)
		e = a.Spawn()
		vocab.Offer.Set(a, e, id)
		vocab.Rank.Set(a, e, 1)
	}
	vocab.Guns.Set(a, van, vocab.Slots{"pistol"})
	vocab.Money.Set(a, van, 100)
	w.Commit(a)
}
