package vocab

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
)

func TestEnemyKindsRoundTripAndMissTheBuiltins(t *testing.T) {
	require.Equal(t, assets.MaxEnemies, MaxEnemies, "the data is held to what a Kind can number")
	seen := map[Kind]int{}
	for i := range MaxEnemies {
		k := EnemyKind(i)
		got, ok := k.EnemyIndex()
		require.True(t, ok, "enemy %d", i)
		require.Equal(t, i, got)
		require.False(t, k.Builtin(), "enemy %d", i)
		prev, dup := seen[k]
		require.False(t, dup, "enemies %d and %d share kind %d", prev, i, k)
		seen[k] = i
	}
	for _, k := range []Kind{KindNone, KindVan, KindWreck, KindBarrel, KindLetter, KindBullet, KindFragment, KindBloodstain} {
		assert.True(t, k.Builtin(), "%s", k)
		assert.Contains(t, assets.ReservedIDs, k.String(), "no enemy may take %s's id", k)
	}
}

func TestKindsOfTheShippedData(t *testing.T) {
	d, err := assets.Load()
	require.NoError(t, err)
	// Saves and recorded state hashes hold these numbers.
	for want, id := range map[Kind]string{1: "van", 2: "zombie", 3: "car", 4: "bike", 5: "wreck", 10: "bloodstain"} {
		assert.Equal(t, want, KindNamed(&d.Enemies, id), id)
	}
	for i, e := range d.Enemies.List {
		k := EnemyKind(i)
		id, ok := KindID(&d.Enemies, k)
		assert.True(t, ok)
		assert.Equal(t, e.ID, id)
		got, ok := EnemyOf(&d.Enemies, k)
		require.True(t, ok)
		assert.Equal(t, e.Name, got.Name)
	}
	_, ok := KindID(&d.Enemies, EnemyKind(len(d.Enemies.List)))
	assert.False(t, ok, "a kind past the data's enemies names nothing")
	assert.Equal(t, KindNone, KindNamed(&d.Enemies, "dragon"))
}
