package vocab

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs"
	"lastpost/ecs/geom"
)

// TestHashesReadEveryField changes one field of a hashed value at a time
// and asks for a new hash each time: a replay's hash must notice any
// change to the state.
func TestHashesReadEveryField(t *testing.T) {
	w := ecs.NewWorld(Schema())
	a := w.NewAction()
	e := a.Spawn()
	Position.Set(a, e, geom.Pt(3, 4))
	HP.Set(a, e, Stat{Cur: 5, Max: 9})
	Target.Set(a, e, geom.Pt(1, 1))
	w.Commit(a)
	changes := []struct {
		name  string
		write func(a *ecs.Action)
	}{
		{"position x", func(a *ecs.Action) { Position.Set(a, e, geom.Pt(4, 4)) }},
		{"position y", func(a *ecs.Action) { Position.Set(a, e, geom.Pt(4, 5)) }},
		{"hp now", func(a *ecs.Action) { HP.Set(a, e, Stat{Cur: 4, Max: 9}) }},
		{"hp most", func(a *ecs.Action) { HP.Set(a, e, Stat{Cur: 4, Max: 8}) }},
		{"target", func(a *ecs.Action) { Target.Set(a, e, geom.Pt(1, 2)) }},
	}
	seen := map[uint64]string{w.Hash(): "the start"}
	for _, c := range changes {
		a := w.NewAction()
		c.write(a)
		w.Commit(a)
		h := w.Hash()
		_, again := seen[h]
		assert.False(t, again, "%s: the hash of %s again", c.name, seen[h])
		seen[h] = c.name
	}
}

// TestProjectilesAreBulletsAndShards: a bullet (the Projectile mark) and a
// shard of fragments (a Shard, no mark) are projectiles, each counted
// once; anything else is not.
func TestProjectilesAreBulletsAndShards(t *testing.T) {
	w := ecs.NewWorld(Schema())
	a := w.NewAction()
	bullet, shard, van := a.Spawn(), a.Spawn(), a.Spawn()
	Projectile.Add(a, bullet)
	Shard.Set(a, shard, Shards{N: 3, Damage: 2})
	Player.Add(a, van)
	w.Commit(a)
	tests := []struct {
		name string
		e    ecs.Entity
		want bool
	}{
		{"a bullet", bullet, true},
		{"a shard", shard, true},
		{"the van", van, false},
		{"an id never spawned", van + 1, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, IsProjectile(w, tt.e), tt.name)
	}
	assert.Equal(t, 2, ProjectileCount(w))
}
