package game

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// hashExempt lists the saved fields no mutation must reach the hash
// through, with why.
var hashExempt = map[string]string{
	".world.name": "a component's name is the key its entities and values are read under, not a value",
	".memory.on":  "read and ignored: older saves said whether the memory was kept, it always is now",
}

// stateLeaf is one value in a saved body: its place, and its key with the
// indexes left out (".log.entries[].turn", ".world.hp.cur"), which names
// the field it belongs to.
type stateLeaf struct {
	path []any // string keys and int indexes from the root
	key  string
}

// TestEveryFieldOfTheSaveIsHashed changes each field of saved states, one
// at a time, wherever the save's checks accept the change, and requires a
// new Game.Hash: what a save keeps and the player sees must never be able
// to change unseen by a replay. The fields come from the save's types by
// reflection and the components from the world's schema, so a field or a
// component added later is covered or the test says which is not.
func TestEveryFieldOfTheSaveIsHashed(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, and ten times slower under the race detector; the plain run checks it")
	}
	data := loadData(t)
	tried, accepted := map[string]int{}, map[string]int{} // mutations by key
	states := hashCoverStates(t, data)
	for _, body := range states {
		mutateEveryLeaf(t, data, body, tried, accepted)
	}
	want := jsonKeys(reflect.TypeFor[saveBody](), "")
	schema := New(data, 1).World().Schema()
	for id := range schema.Len() {
		if schema.Kind(ecs.ID(id)) == ecs.KindProp {
			continue // a property of actions, never of a saved entity
		}
		key := ".world." + schema.Name(ecs.ID(id)) + ".entities[]"
		want = append(want, key)
		if tried[key] == 0 {
			// No state holds it between turns (it lives within one, as
			// shots in flight do): give it to the van instead.
			addComponent(t, data, states[0], schema.Name(ecs.ID(id)), key, tried, accepted)
		}
	}
	for _, key := range want {
		if _, ok := hashExempt[key]; ok {
			continue
		}
		assert.Positive(t, tried[key], "no change of %s was tried: cover it with a state that holds it", key)
		if tried[key] > 0 && accepted[key] == 0 {
			// The save's checks refuse every change tried: a replay
			// cannot meet such a state either.
			t.Logf("%s: every change refused by the save's checks", key)
		}
	}
}

// hashCoverStates plays a few runs with the bot, adding refusals, and keeps
// saved bodies on the road and at camps, and of a run that ended, so every
// component and field has values somewhere.
func hashCoverStates(t *testing.T, data *assets.Data) [][]byte {
	var out [][]byte
	keep := func(g *Game) {
		b, err := g.MarshalState()
		require.NoError(t, err)
		out = append(out, b)
	}
	for _, seed := range []uint64{3, 7} {
		g := New(data, seed)
		var bot Bot
		camps := 0
		for turn := 0; g.Phase() != act.PhaseOver && turn < 3000; turn++ {
			c := bot.Next(g)
			if turn%97 == 5 {
				c = Command{Kind: CmdBuy, Index: 9} // a refusal, in the log
			}
			if turn%400 == 150 {
				keep(g)
			}
			if g.Phase() == act.PhaseCamp && camps < 2 && c.Kind == CmdDepart {
				camps++
				keep(g)
			}
			r, err := g.Do(c)
			require.NoError(t, err)
			bot.Observe(c, r)
		}
		keep(g)
	}
	return out
}

// jsonKeys lists the keys of the leaves of a saved type, as stateLeaf
// names them; the world's raw JSON is the components'.
func jsonKeys(ty reflect.Type, prefix string) []string {
	switch {
	case ty == reflect.TypeFor[json.RawMessage]():
		return nil
	case ty == reflect.TypeFor[vocab.Chain]():
		// A chain is saved as its list of links (Chain.MarshalJSON); its
		// cut mark is written only for cascades of five barrels and more,
		// and vocab's own test requires it to change the hash.
		return jsonKeys(reflect.TypeFor[[]vocab.Link](), prefix+".links")
	case ty.Kind() == reflect.Struct:
		var out []string
		for f := range ty.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if f.Anonymous && name == "" {
				out = append(out, jsonKeys(f.Type, prefix)...) // JSON flattens it
				continue
			}
			if name == "" {
				name = f.Name
			}
			out = append(out, jsonKeys(f.Type, prefix+"."+name)...)
		}
		return out
	case ty.Kind() == reflect.Slice && ty.Elem().Kind() != reflect.Uint8:
		return jsonKeys(ty.Elem(), prefix+"[]")
	}
	return []string{prefix}
}

// mutateEveryLeaf tries changes of up to three values of every key in body,
// counting by key the changes tried and those the save accepted; each
// accepted one must change the hash.
func mutateEveryLeaf(t *testing.T, data *assets.Data, body []byte, tried, accepted map[string]int) {
	root := decodeBody(t, body)
	orig, err := UnmarshalState(data, body)
	require.NoError(t, err)
	base := orig.Hash()
	byKey := map[string][]stateLeaf{}
	var keys []string
	for _, l := range leaves(root, nil, "") {
		if byKey[l.key] == nil {
			keys = append(keys, l.key)
		}
		byKey[l.key] = append(byKey[l.key], l)
	}
	for _, key := range keys {
		ls := byKey[key]
		var same []any // the values the field holds in this state
		for _, l := range ls {
			same = append(same, getAt(root, l.path))
		}
		for _, l := range []stateLeaf{ls[0], ls[len(ls)/2], ls[len(ls)-1]} {
			old := getAt(root, l.path)
			for _, v := range variants(old, same) {
				if reflect.DeepEqual(v, old) {
					continue
				}
				tried[key]++
				// One tree serves every change: each is put back
				// once encoded.
				setAt(root, l.path, v)
				b, err := json.Marshal(root)
				setAt(root, l.path, old)
				require.NoError(t, err)
				g, err := UnmarshalState(data, b)
				if err != nil {
					continue // the save's checks refuse it: it cannot be played
				}
				accepted[key]++
				assert.NotEqual(t, base, g.Hash(), "%s at %v changed to %v: the hash did not change", key, l.path, v)
				break
			}
		}
	}
}

// addComponent gives the van the named component, with each value of a
// few shapes in turn, and counts the additions as mutateEveryLeaf does.
func addComponent(t *testing.T, data *assets.Data, body []byte, name, key string, tried, accepted map[string]int) {
	orig, err := UnmarshalState(data, body)
	require.NoError(t, err)
	candidates := []any{nil, json.Number("1"), json.Number("2"), map[string]any{"X": json.Number("1"), "Y": json.Number("0")},
		"pistol", map[string]any{"cur": json.Number("1"), "max": json.Number("2")}}
	for _, v := range candidates {
		tree := decodeBody(t, body).(map[string]any)
		world := tree["world"].(map[string]any)
		comp := map[string]any{"name": name, "entities": []any{tree["van"]}}
		if v != nil {
			comp["values"] = []any{v}
		}
		world["components"] = append(world["components"].([]any), comp)
		b, err := json.Marshal(tree)
		require.NoError(t, err)
		tried[key]++
		g, err := UnmarshalState(data, b)
		if err != nil {
			continue
		}
		accepted[key]++
		assert.NotEqual(t, orig.Hash(), g.Hash(), "the van given %s %v: the hash did not change", name, v)
	}
}

func decodeBody(t *testing.T, body []byte) any {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	return v
}

// leaves lists the values under v. A component's values and entities are
// keyed by the component's name.
func leaves(v any, path []any, key string) []stateLeaf {
	at := func(k any) []any { return append(slices.Clone(path), k) }
	switch v := v.(type) {
	case map[string]any:
		if name, ok := v["name"].(string); ok && key == ".world.components[]" {
			out := []stateLeaf{{path: at("name"), key: ".world.name"}}
			out = append(out, leaves(v["entities"], at("entities"), ".world."+name+".entities")...)
			return append(out, leaves(v["values"], at("values"), ".world."+name)...)
		}
		var out []stateLeaf
		for _, k := range slices.Sorted(func(yield func(string) bool) {
			for k := range v {
				if !yield(k) {
					return
				}
			}
		}) {
			out = append(out, leaves(v[k], at(k), key+"."+k)...)
		}
		return out
	case []any:
		var out []stateLeaf
		for i, e := range v {
			out = append(out, leaves(e, at(i), key+"[]")...)
		}
		return out
	case nil:
		return nil
	}
	return []stateLeaf{{path: path, key: key}}
}

// variants are the values tried in place of v: a number one up or down, a
// flipped bool, another string the same field holds elsewhere, or packed
// bytes with one byte changed.
func variants(v any, same []any) []any {
	switch v := v.(type) {
	case json.Number:
		n, err := strconv.ParseInt(string(v), 10, 64)
		if err != nil {
			return nil
		}
		return []any{json.Number(strconv.FormatInt(n+1, 10)), json.Number(strconv.FormatInt(n-1, 10))}
	case bool:
		return []any{!v}
	case string:
		if b, err := base64.StdEncoding.DecodeString(v); err == nil && len(v) >= 8 {
			var out []any
			for _, i := range []int{0, len(b) / 2, len(b) - 1} {
				for _, d := range []byte{1, 255, 2} {
					c := slices.Clone(b)
					c[i] += d
					out = append(out, base64.StdEncoding.EncodeToString(c))
				}
			}
			return out
		}
		out := []any{v + "x", "", act.CauseDestroyed, act.CauseAbandoned}
		for _, s := range same {
			if len(out) < 12 && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
		return out
	}
	panic(fmt.Sprintf("a saved value of type %T", v))
}

func getAt(root any, path []any) any {
	v := root
	for _, k := range path {
		switch k := k.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

func setAt(root any, path []any, val any) {
	parent := getAt(root, path[:len(path)-1])
	switch k := path[len(path)-1].(type) {
	case string:
		parent.(map[string]any)[k] = val
	case int:
		parent.([]any)[k] = val
	}
}

// TestLogDigestFollowsTheEntries adds, folds and drops entries and checks
// the digest kept as they change is the one computed afresh, as a loaded
// save computes it.
func TestLogDigestFollowsTheEntries(t *testing.T) {
	msgs := []vocab.Message{
		{ID: assets.MsgTopSpeed}, {ID: assets.MsgTopSpeed}, {ID: assets.MsgAlreadyStopped, N: 2},
		{ID: assets.MsgTopSpeed, Who: "zombie"}, {ID: assets.MsgAlreadyStopped, Victim: "bike"}, {ID: assets.MsgTopSpeed},
	}
	for _, limit := range []int{0, 1, 3} {
		l := Log{Limit: limit}
		seen := map[uint64]bool{}
		for i, m := range msgs {
			l.Add(m, i/2)
			fresh := Log{Entries: slices.Clone(l.Entries), Limit: limit}
			fresh.rehash()
			require.Equal(t, fresh.hash(0), l.hash(0), "limit %d, after message %d", limit, i)
			assert.False(t, seen[l.hash(0)], "limit %d: message %d left the digest as an earlier log had it", limit, i)
			seen[l.hash(0)] = true
		}
	}
}
