package ecs

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSnapshotRoundTrip(t *testing.T) {
	for _, seed := range testSeeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			w := newTestWorld()
			runOps(t, w, seed, 60)
			data, err := json.Marshal(w)
			require.NoError(t, err)

			back := newTestWorld()
			require.NoError(t, back.Restore(data), "seed %d", seed)
			assert.Equal(t, w.Hash(), back.Hash(), "seed %d", seed)
			assert.Equal(t, orders(w), orders(back), "seed %d: iteration order survives", seed)
			assert.Equal(t, w.LastEntity(), back.LastEntity())
			require.NoError(t, back.Spatial().Check(back), "seed %d\n%s", seed, dumpGrid(back))
			for e := Entity(1); e <= w.LastEntity(); e++ {
				assert.Equal(t, read(w, e), read(back, e), "seed %d entity %d", seed, e)
			}
			again, err := json.Marshal(back)
			require.NoError(t, err)
			assert.JSONEq(t, string(data), string(again))

			// Both worlds go on identically after the load.
			runOps(t, w, seed+1, 20)
			runOps(t, back, seed+1, 20)
			assert.Equal(t, w.Hash(), back.Hash(), "seed %d: the loaded world replays the same", seed)
		})
	}
}

func TestRestoreReplacesState(t *testing.T) {
	w := seedWorld(t)
	other := queryWorld()
	data, err := json.Marshal(other)
	require.NoError(t, err)
	require.NoError(t, w.Restore(data))
	assert.Equal(t, other.Hash(), w.Hash())
	assert.Equal(t, read(other, 2), read(w, 2))
	require.NoError(t, w.Spatial().Check(w))
}

func TestRestoreRejectsHostileSnapshots(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string // part of the error
	}{
		{"not JSON", `{"next": 3,`, "reading"},
		{"wrong shape", `[1,2,3]`, "reading"},
		{"negative allocator", `{"next": -1}`, "reading"},
		{"huge allocator", `{"next": 18446744073709551615}`, "beyond the limit"},
		{"allocator just past the limit", fmt.Sprintf(`{"next": %d}`, uint64(MaxEntity)+1), "beyond the limit"},
		{"unknown component", `{"next": 1, "components": [{"name": "mana", "entities": [1], "values": [3]}]}`, `"mana"`},
		{"a property", `{"next": 1, "components": [{"name": "tag", "entities": [1], "values": ["x"]}]}`, `"tag"`},
		{"entity zero", `{"next": 2, "components": [{"name": "hp", "entities": [0], "values": [3]}]}`, "entity 0"},
		{"entity beyond the allocator", `{"next": 2, "components": [{"name": "hp", "entities": [3], "values": [3]}]}`, "entity 3"},
		{"far entity", `{"next": 2, "components": [{"name": "solid", "entities": [4294967296]}]}`, "entity 4294967296"},
		{"duplicate entity", `{"next": 3, "components": [{"name": "solid", "entities": [1, 2, 1]}]}`, "twice"},
		{"duplicate component", `{"next": 3, "components": [{"name": "hp", "entities": [1], "values": [1]}, {"name": "hp", "entities": [2], "values": [2]}]}`, "twice"},
		{"duplicate empty component", `{"next": 3, "components": [{"name": "hp", "entities": [], "values": []}, {"name": "hp", "entities": [2], "values": [2]}]}`, "twice"},
		{"too few values", `{"next": 3, "components": [{"name": "hp", "entities": [1, 2], "values": [1]}]}`, "values"},
		{"no values", `{"next": 3, "components": [{"name": "hp", "entities": [1]}]}`, "hp"},
		{"values of the wrong type", `{"next": 3, "components": [{"name": "hp", "entities": [1], "values": ["x"]}]}`, "hp"},
		{"values on a flag", `{"next": 3, "components": [{"name": "solid", "entities": [1], "values": [true]}]}`, "flag"},
		{"fractional entity", `{"next": 3, "components": [{"name": "solid", "entities": [1.5]}]}`, "reading"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := seedWorld(t)
			before := w.Hash()
			var err error
			require.NotPanics(t, func() { err = w.Restore([]byte(tt.data)) })
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Equal(t, before, w.Hash(), "a rejected snapshot leaves the world as it was")
			require.NoError(t, w.Spatial().Check(w))
		})
	}
}

func TestRestoreAcceptsTheEdges(t *testing.T) {
	w := newTestWorld()
	require.NoError(t, w.Restore([]byte(`{"next": 0}`)))
	edge := fmt.Sprintf(`{"next": %d, "components": [{"name": "hp", "entities": [%d], "values": [1]}]}`, uint64(MaxEntity), uint64(MaxEntity))
	require.NoError(t, w.Restore([]byte(edge)))
	assert.Equal(t, 1, hp.Value(w, MaxEntity))
	require.NoError(t, w.Restore([]byte(`{"next": 5, "components": [{"name": "position", "entities": [5], "values": [{"X": 1, "Y": 2}]}], "extra": true}`)))
	assert.Equal(t, []Entity{5}, w.Spatial().At(pos.Value(w, 5)))
}

// FuzzRestore feeds Restore arbitrary bytes: it must never panic, and what
// it accepts must be a consistent world that saves and loads to the same
// hash.
func FuzzRestore(f *testing.F) {
	w := newTestWorld()
	runOps(nil, w, 1, 10)
	good, err := json.Marshal(w)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"next": 2, "components": [{"name": "hp", "entities": [1, 2], "values": [1, 2]}]}`))
	f.Add([]byte(`{"next": 3, "components": [{"name": "solid", "entities": [1, 2, 1]}]}`))
	f.Add([]byte(`{"next": 18446744073709551615}`))
	f.Add([]byte(strings.Repeat("[", 100)))
	f.Fuzz(func(t *testing.T, data []byte) {
		w := newTestWorld()
		if err := w.Restore(data); err != nil {
			return
		}
		require.NoError(t, w.Spatial().Check(w))
		again, err := json.Marshal(w)
		require.NoError(t, err)
		back := newTestWorld()
		require.NoError(t, back.Restore(again))
		assert.Equal(t, w.Hash(), back.Hash())
	})
}

func TestActionsSurviveARestore(t *testing.T) {
	w := seedWorld(t)
	a := w.NewAction()
	hp.Set(a, 1, 1)
	w.Commit(a) // the action's hp delta is now bound to the store
	data, err := json.Marshal(queryWorld())
	require.NoError(t, err)
	require.NoError(t, w.Restore(data))
	hp.Set(a, 2, 42)
	w.Commit(a)
	assert.Equal(t, 42, hp.Value(w, 2), "an action made before the restore still commits into the world")
	require.NoError(t, w.Spatial().Check(w))
}
