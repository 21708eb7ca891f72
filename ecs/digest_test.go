package ecs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs/geom"
	"lastpost/internal/testsize"
)

// digestPoints is the test schema's position digest written as a game
// writes one: Digest with the HashFunc, so the hash inlines.
func digestPoints(h uint64, ents []Entity, ps []geom.Point) uint64 {
	return Digest(h, ents, ps, hashPoint)
}

// digestSchema is testSchema with the same hashes declared the fast way:
// DigestSpec for the positions, IntSpec for the integers.
func digestSchema() *Schema {
	return MustSchema(
		DigestSpec(pos, "position", digestPoints),
		DataSpec(velo, "velocity", hashVel),
		IntSpec(hp, "hp"),
		DataSpec(name, "name", HashString[string]),
		FlagSpec(solid, "solid"),
		FlagSpec(barrel, "barrel"),
		IntSpec(loot, "loot"),
		PropSpec(tag, "tag"),
	)
}

// TestDigestSpecHashesAsDataSpec runs the same random operations on a
// world whose stores keep a HashFunc and on one whose stores keep the
// inlined digests, and asks for the same hash after every step. runOps
// also checks the inlined world after every step against a copy rebuilt
// from its snapshot with testSchema's HashFuncs, every digest taken
// afresh.
func TestDigestSpecHashesAsDataSpec(t *testing.T) {
	for _, seed := range testSeeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			slow := newTestWorld()
			fast := NewWorld(digestSchema())
			fast.SetSpatial(testSpatialSpec())
			want := runOps(t, slow, seed, testsize.Steps(300))
			got := runOps(t, fast, seed, testsize.Steps(300))
			require.Equal(t, want, got, "seed %d: the hash after every step", seed)
		})
	}
}

// TestDigestIntsIsHashInt compares DigestInts with Digest and HashInt on
// random entries of several integer types, negative values and the
// extremes included, so a change to either arithmetic shows.
func TestDigestIntsIsHashInt(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for n := range 40 {
		ents := make([]Entity, n)
		ints := make([]int, n)
		bytes := make([]uint8, n)
		smalls := make([]int8, n)
		words := make([]uint64, n)
		for i := range n {
			ents[i] = Entity(r.Uint64N(MaxEntity) + 1)
			ints[i] = int(r.Int64()) >> r.IntN(64)
			bytes[i] = uint8(r.Uint32())
			smalls[i] = int8(r.Uint32())
			words[i] = r.Uint64()
		}
		if n > 2 {
			ints[0], ints[1], smalls[2] = -1, math.MinInt, -128
		}
		h := r.Uint64()
		assert.Equal(t, Digest(h, ents, ints, HashInt[int]), DigestInts(h, ents, ints), "int, %d entries", n)
		assert.Equal(t, Digest(h, ents, bytes, HashInt[uint8]), DigestInts(h, ents, bytes), "uint8, %d entries", n)
		assert.Equal(t, Digest(h, ents, smalls, HashInt[int8]), DigestInts(h, ents, smalls), "int8, %d entries", n)
		assert.Equal(t, Digest(h, ents, words, HashInt[uint64]), DigestInts(h, ents, words), "uint64, %d entries", n)
	}
}

// TestDigestFoldsEntityThenValue pins Digest's order against a fold
// written out: entity, then value, entry by entry, from h.
func TestDigestFoldsEntityThenValue(t *testing.T) {
	ents := []Entity{3, 1, 200}
	ps := []geom.Point{geom.Pt(1, 2), geom.Pt(-3, 4), geom.Pt(5, -6)}
	h := uint64(12345)
	for i, e := range ents {
		h = MixInt(MixInt(Mix(h, uint64(e)), ps[i].X), ps[i].Y)
	}
	assert.Equal(t, h, Digest(12345, ents, ps, hashPoint))
	assert.Equal(t, uint64(99), Digest(99, nil, ps, hashPoint), "no entries leave h")
}
