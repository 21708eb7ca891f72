package vocab

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/ecs"
	"lastpost/ecs/geom"
)

// TestDigestsFoldTheValueHashes compares the stores' inlined digests with
// a fold written out over the per-value hashes, on random entries: the
// recorded replays' hashes were taken with those.
func TestDigestsFoldTheValueHashes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for n := range 30 {
		ents := make([]ecs.Entity, n)
		ps := make([]geom.Point, n)
		ss := make([]Stat, n)
		for i := range n {
			ents[i] = ecs.Entity(r.Uint64N(1<<20) + 1)
			ps[i] = geom.Pt(r.IntN(200)-100, r.IntN(200)-100)
			ss[i] = Stat{Cur: r.IntN(50) - 10, Max: r.IntN(50)}
		}
		h0 := r.Uint64()
		wantP, wantS := h0, h0
		for i, e := range ents {
			wantP = ecs.MixInt(ecs.MixInt(ecs.Mix(wantP, uint64(e)), ps[i].X), ps[i].Y)
			wantS = ecs.MixInt(ecs.MixInt(ecs.Mix(wantS, uint64(e)), ss[i].Cur), ss[i].Max)
		}
		assert.Equal(t, wantP, digestPoints(h0, ents, ps), "points, %d entries", n)
		assert.Equal(t, wantS, digestStats(h0, ents, ss), "stats, %d entries", n)
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
