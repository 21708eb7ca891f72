package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/act"
)

// savePlay plays a run with the policy, recording the hash and phase after
// every step, until the run ends or steps run out.
func savePlay(tb testing.TB, g *Game, steps int) (hashes []uint64, phases []act.Phase) {
	tb.Helper()
	for range steps {
		if g.Phase() == act.PhaseOver {
			break
		}
		campPolicy(tb, g)
		hashes = append(hashes, g.Hash())
		phases = append(phases, g.Phase())
	}
	return hashes, phases
}

// saveRoundTrip saves g and loads it back.
func saveRoundTrip(tb testing.TB, g *Game) *Game {
	tb.Helper()
	b, err := g.MarshalState()
	require.NoError(tb, err)
	loaded, err := UnmarshalState(g.data, b)
	require.NoError(tb, err, "seed %d turn %d", g.Run.Seed, g.Run.Turns)
	return loaded
}

// saveBreaks picks the steps to save after: the start, a few turns in,
// right after the first arrivals at a camp, right after departing, a
// quiet road turn later on, and the last step before the run ended.
func saveBreaks(phases []act.Phase) []int {
	breaks := []int{0, 1, 5}
	arrivals := 0
	for i := 1; i < len(phases); i++ {
		switch {
		case phases[i-1] == act.PhaseRoad && phases[i] == act.PhaseCamp && arrivals < 3:
			arrivals++
			breaks = append(breaks, i+1)
		case phases[i-1] == act.PhaseCamp && phases[i] == act.PhaseRoad && arrivals < 3:
			breaks = append(breaks, i+1)
		}
	}
	return append(breaks, len(phases)/2, len(phases)-1)
}

// TestSaveContinuesExactly plays K steps, saves, loads, plays M more, and
// compares every hash on the way with a run that was never interrupted, at
// several K: among them right after arriving at a camp and right after
// leaving one. The saves are taken during a second run of the same seed,
// which must itself match the first: saving changes nothing.
func TestSaveContinuesExactly(t *testing.T) {
	data := campData(t)
	const steps, more = 200, 40
	for _, seed := range campSeeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			saveContinues(t, data, seed, steps, more)
		})
	}
}

// saveContinues runs the equality test for one seed.
func saveContinues(t *testing.T, data *assets.Data, seed uint64, steps, more int) {
	want, phases := savePlay(t, New(data, seed), steps)
	require.NotEmpty(t, want)
	breaks := saveBreaks(phases)
	saves := map[int][]byte{}
	g := New(data, seed)
	for k := range want {
		if slices.Contains(breaks, k) {
			b, err := g.MarshalState()
			require.NoError(t, err)
			saves[k] = b
		}
		campPolicy(t, g)
		require.Equal(t, want[k], g.Hash(), "seed %d step %d: saving changed the run", seed, k)
	}
	for _, k := range slices.Sorted(maps.Keys(saves)) {
		loaded, err := UnmarshalState(data, saves[k])
		require.NoError(t, err, "seed %d: the save after step %d", seed, k)
		before := New(data, seed).Hash()
		if k > 0 {
			before = want[k-1]
		}
		require.Equal(t, before, loaded.Hash(), "seed %d: loading after step %d changed the state", seed, k)
		got, _ := savePlay(t, loaded, min(more, len(want)-k))
		require.Equal(t, want[k:min(k+more, len(want))], got,
			"seed %d: the run loaded after step %d (phase %s) went its own way", seed, k, phases[max(k-1, 0)])
	}
	t.Logf("seed %d: saved after steps %v of %d", seed, slices.Sorted(maps.Keys(saves)), len(want))
}

// saveSample is the state of a run a few turns into the road.
func saveSample(tb testing.TB, data *assets.Data) []byte {
	tb.Helper()
	g := New(data, 21)
	savePlay(tb, g, 4)
	b, err := g.MarshalState()
	require.NoError(tb, err)
	return b
}

// saveEdit decodes a save's body into generic JSON and lets edit change it,
// as a hand-edited save would be.
func saveEdit(tb testing.TB, good []byte, edit func(m map[string]any)) []byte {
	tb.Helper()
	dec := json.NewDecoder(bytes.NewReader(good))
	dec.UseNumber()
	var m map[string]any
	require.NoError(tb, dec.Decode(&m))
	edit(m)
	out, err := json.Marshal(m)
	require.NoError(tb, err)
	return out
}

// savePath walks m along keys (object fields or array indexes) and
// returns the container holding the last key.
func saveField(m map[string]any, path string) (any, string) {
	keys := strings.Split(path, ".")
	var cur any = m
	for _, k := range keys[:len(keys)-1] {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[k]
		case []any:
			var i int
			fmt.Sscan(k, &i)
			cur = c[i]
		}
	}
	return cur, keys[len(keys)-1]
}

// saveSet sets the value at path.
func saveSet(m map[string]any, path string, v any) {
	c, k := saveField(m, path)
	switch c := c.(type) {
	case map[string]any:
		c[k] = v
	case []any:
		var i int
		fmt.Sscan(k, &i)
		c[i] = v
	}
}

// saveComponent finds a component's snapshot in the saved world.
func saveComponent(m map[string]any, name string) map[string]any {
	for _, c := range m["world"].(map[string]any)["components"].([]any) {
		if c := c.(map[string]any); c["name"] == name {
			return c
		}
	}
	return nil
}

// saveVanValue sets the van's value of component name.
func saveVanValue(name string, v any) func(m map[string]any) {
	return func(m map[string]any) {
		c := saveComponent(m, name)
		for i, e := range c["entities"].([]any) {
			if fmt.Sprint(e) == fmt.Sprint(m["van"]) {
				c["values"].([]any)[i] = v
			}
		}
	}
}

// saveAdd adds one new entity per value, each with component name set to
// it and a rank, as carried items and shop offers have.
func saveAdd(name string, values ...any) func(m map[string]any) {
	return func(m map[string]any) {
		world := m["world"].(map[string]any)
		var next int
		fmt.Sscan(fmt.Sprint(world["next"]), &next)
		var ents, ranks []any
		for i := range values {
			ents = append(ents, next+i+1)
			ranks = append(ranks, i)
		}
		world["next"] = next + len(values)
		world["components"] = append(world["components"].([]any),
			map[string]any{"name": name, "entities": ents, "values": values},
			map[string]any{"name": "rank", "entities": ents, "values": ranks})
	}
}

// TestInvalidSaveContents edits fields of a save and keeps the checksum
// right: every field is checked on loading and named in the error.
func TestInvalidSaveContents(t *testing.T) {
	data := campData(t)
	good := saveSample(t, data)
	set := func(path string, v any) func(m map[string]any) {
		return func(m map[string]any) { saveSet(m, path, v) }
	}
	many := func(n int, v string) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	cases := []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"negative money", saveVanValue("money", -5), "money -5"},
		{"unknown phase", set("run.phase", 9), "unknown phase 9"},
		{"phase out of byte range", set("run.phase", 300), "cannot be read"},
		{"won too early", set("run.won", true), "won is true"},
		{"cause while driving", set("run.cause", "destroyed"), "cause"},
		{"unknown item", saveAdd("item", "cake"), `unknown item "cake"`},
		{"inventory over capacity", saveAdd("item", many(data.Van.InventoryCapacity+1, "spare_tyre")...), "items in an inventory"},
		{"unknown offer", saveAdd("offer", "moon"), `unknown offer "moon"`},
		{"rank of nothing", func(m map[string]any) {
			world := m["world"].(map[string]any)
			world["components"] = append(world["components"].([]any),
				map[string]any{"name": "rank", "entities": []any{m["van"]}, "values": []any{0}})
		}, "neither an item nor an offer"},
		{"stat over max", saveVanValue("hp", map[string]any{"cur": 99, "max": 8}), "out of range"},
		{"a shard of a blast between turns", func(m map[string]any) {
			world := m["world"].(map[string]any)
			world["components"] = append(world["components"].([]any),
				map[string]any{"name": "shard", "entities": []any{m["van"]}, "values": []any{map[string]any{"node": 3, "n": 1000000}}})
		}, "1 things in flight between turns"},
		{"negative kills", set("run.kills", -1), "kills -1"},
		{"unbounded log", set("log.limit", 0), "log: limit 0 outside 1..500"},
		{"log limit over the game's", set("log.limit", 1000000), "log: limit 1000000 outside 1..500"},
		{"negative log limit", set("log.limit", -1), "log: limit -1 outside 1..500"},
		{"bad generator", set("rng", "AAAA"), "random generator"},
		{"wrong difficulty", set("level.difficulty", 4), "difficulty 4"},
		{"van id not the van", set("van", 2), "is not the van"},
		{"van id beyond the world", set("van", uint64(1)<<40), "is not the van"},
		{"allocator huge", set("world.next", uint64(1)<<40), "beyond"},
		{"allocator just past the bound on ids", set("world.next", uint64(ecs.MaxEntity)+1), "beyond"},
		{"entity past the allocator", func(m map[string]any) {
			saveSet(m, "world.next", 2)
		}, "outside 1..2"},
		{"unknown component", func(m map[string]any) {
			saveComponent(m, "speed")["name"] = "warp"
		}, `unknown component "warp"`},
		{"unknown gun on the van", func(m map[string]any) {
			saveComponent(m, "guns")["values"] = []any{many(4, "bazooka")}
			saveComponent(m, "guns")["entities"] = []any{m["van"]}
		}, `unknown gun "bazooka"`},
		{"van off the road", func(m map[string]any) {
			pos := saveComponent(m, "position")
			for i, e := range pos["entities"].([]any) {
				if fmt.Sprint(e) == fmt.Sprint(m["van"]) {
					pos["values"].([]any)[i] = map[string]any{"X": -1, "Y": 3}
				}
			}
		}, "off the"},
		{"huge damage", func(m map[string]any) {
			c := saveComponent(m, "damage")
			c["values"].([]any)[0] = uint64(1) << 40
		}, "damage"},
		{"schedule ticket never issued", set("schedule.seq", 1), "never issued"},
		{"schedule task unknown", set("schedule.entries.0.value.kind", 7), "bad task"},
		{"schedule before now", set("schedule.entries.0.at", -1), "before the current time"},
		{"schedule drops an enemy", func(m map[string]any) {
			s := m["schedule"].(map[string]any)
			entries := s["entries"].([]any)
			for i, e := range entries {
				if v := e.(map[string]any)["value"].(map[string]any); fmt.Sprint(v["kind"]) == "0" {
					s["entries"] = append(entries[:i:i], entries[i+1:]...)
					return
				}
			}
		}, "holds no place in the schedule, yet it cannot be asleep"},
		{"log text unknown", set("log.entries.0.msg.id", "msg.nonsense"), `unknown text "msg.nonsense"`},
		{"log from the future", set("log.entries.0.turn", 10_000), "turn 10000"},
		{"memory wrong size", set("memory.cells", "AAAA"), "memory: 3 cells"},
		{"unknown field", set("extra", 1), "unknown field"},
		{"missing world", set("world", nil), "world: missing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := UnmarshalState(data, saveEdit(t, good, c.edit))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "\n")
		})
	}
	_, err := UnmarshalState(data, saveEdit(t, good, func(map[string]any) {}))
	require.NoError(t, err, "re-encoding alone breaks nothing")
}

func TestTrailingDataRefused(t *testing.T) {
	data := campData(t)
	_, err := UnmarshalState(data, append(saveSample(t, data), []byte(" {}")...))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more after the end")
}

// TestSaveOfAnEndedRun saves runs that are over, destroyed on the road or
// given up at a camp: they load as they were, and take no more commands.
func TestSaveOfAnEndedRun(t *testing.T) {
	data := campData(t)
	// The first seed whose run ends within 2000 steps.
	var destroyed *Game
	for seed := uint64(1); destroyed == nil; seed++ {
		require.LessOrEqual(t, seed, uint64(50), "one of the first 50 seeds should end within 2000 steps")
		g := New(data, seed)
		savePlay(t, g, 2000)
		if g.Phase() == act.PhaseOver {
			destroyed = g
		}
	}
	quit := New(data, 7)
	campDeliver(t, quit)
	quit.GiveUp()
	for _, g := range []*Game{destroyed, quit} {
		loaded := saveRoundTrip(t, g)
		assert.Equal(t, g.Hash(), loaded.Hash())
		assert.Equal(t, g.Run, loaded.Run)
		_, err := loaded.Do(Command{Kind: CmdWait})
		assert.ErrorIs(t, err, ErrRunOver)
	}
}
