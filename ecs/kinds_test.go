package ecs

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/internal/testsize"
)

// requireKinds checks every entity's mask against Holds of each tracked
// component, a few ids past the last entity included, and returns how
// many masks are not empty.
func requireKinds(t *testing.T, w *World, tracked map[ID]uint64, when string) int {
	t.Helper()
	n := 0
	for e := Entity(0); e <= w.LastEntity()+3; e++ {
		var want uint64
		for id, bit := range tracked {
			if w.Holds(id, e) {
				want |= bit
			}
		}
		if got := w.Kinds(e); got != want {
			require.Equal(t, want, got, "%s: entity %d's mask", when, e)
		}
		if want != 0 {
			n++
		}
	}
	return n
}

// TestKindsFollowHolds plays random actions (sets, removals, RemoveEntity,
// spawns, large deltas, the spatial index's short way), restores, emptying
// through Renew and tracking more components part way, and compares every
// entity's mask with Holds after each.
func TestKindsFollowHolds(t *testing.T) {
	for _, seed := range testSeeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			w := newTestWorld()
			tracked := map[ID]uint64{}
			track := func(id ID) {
				bit, ok := w.TrackKind(id)
				require.True(t, ok)
				if old, seen := tracked[id]; seen {
					require.Equal(t, old, bit, "a tracked component keeps its bit")
				}
				tracked[id] = bit
			}
			track(idBarrel)
			track(idHP)
			o := newOpRun(t, w, seed)
			step, held := 0, 0
			var saved []byte
			var savedModel map[Entity]content
			o.commit = func(w *World, a *Action) {
				w.Commit(a)
				requireKinds(t, w, tracked, fmt.Sprintf("seed %d step %d, after a commit", seed, step))
			}
			for step = range testsize.Steps(240) {
				switch o.r.IntN(12) {
				case 0:
					o.burstStep(step)
				case 1:
					o.moveStep()
				case 2:
					// Save now, or go back to the last save: a restore
					// replaces the stores wholesale.
					if saved == nil || o.r.IntN(2) == 0 {
						data, err := json.Marshal(o.w)
						require.NoError(t, err)
						saved, savedModel = data, cloneModel(o.model)
						break
					}
					require.NoError(t, o.w.Restore(saved))
					o.model = cloneModel(savedModel)
				case 3:
					// Emptying every store, as leaving a road for a new
					// world does; the model starts again too.
					o.w = o.w.Renew()
					o.a = o.w.NewAction()
					o.model = map[Entity]content{}
					saved = nil
				case 4:
					track([]ID{idPos, idSolid, idLoot, idHP}[o.r.IntN(4)])
				default:
					o.step(step)
				}
				held += requireKinds(t, o.w, tracked, fmt.Sprintf("seed %d step %d", seed, step))
			}
			assert.Positive(t, held, "entities held tracked components")
		})
	}
}

// TestTrackKindRefusesPropertiesAndBeyondMaxKinds pins TrackKind's
// limits: a property is never held, and only MaxKinds components fit.
func TestTrackKindRefusesPropertiesAndBeyondMaxKinds(t *testing.T) {
	w := newTestWorld()
	_, ok := w.TrackKind(idTag)
	assert.False(t, ok, "a property")

	specs := make([]Spec, MaxKinds+2)
	for i := range specs {
		specs[i] = FlagSpec(FlagOf(ID(i)), fmt.Sprintf("f%d", i))
	}
	big := NewWorld(MustSchema(specs...))
	a := big.NewAction()
	e := a.Spawn()
	for i := range specs {
		FlagOf(ID(i)).Add(a, e)
	}
	big.Commit(a)
	for i := range MaxKinds {
		bit, ok := big.TrackKind(ID(i))
		require.True(t, ok)
		assert.Equal(t, uint64(1)<<i, bit)
	}
	_, ok = big.TrackKind(MaxKinds)
	assert.False(t, ok, "one past MaxKinds")
	assert.Equal(t, ^uint64(0), big.Kinds(e), "tracking fills in what the entity already holds")
}
