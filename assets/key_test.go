package assets

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseKeyReadsEveryForm(t *testing.T) {
	cases := []struct {
		name string
		want Key
	}{
		{"Up", Key{Special: SpecialUp}},
		{"down", Key{Special: SpecialDown}},
		{"ESC", Key{Special: SpecialEsc}},
		{"Escape", Key{Special: SpecialEsc}},
		{"Return", Key{Special: SpecialEnter}},
		{"Backspace", Key{Special: SpecialBackspace}},
		{"Space", Key{Rune: ' '}},
		{" ", Key{Rune: ' '}},
		{"k", Key{Rune: 'k'}},
		{"T", Key{Rune: 'T'}},
		{"?", Key{Rune: '?'}},
		{"é", Key{Rune: 'é'}},
		{"Ctrl-P", Key{Rune: 'p', Ctrl: true}},
		{"ctrl-p", Key{Rune: 'p', Ctrl: true}},
	}
	for _, c := range cases {
		got, err := ParseKey(c.name)
		require.NoError(t, err, c.name)
		assert.Equal(t, c.want, got, c.name)
	}
}

func TestParseKeyRejectsJunk(t *testing.T) {
	for _, name := range []string{"", "Upp", "ab", "Ctrl-", "Ctrl-1", "Ctrl-ab", "Ctrl-Up", "Ctrl-I", "Ctrl-m",
		"Ctrl-H", "\x01", "\t", "\x7f", "Shift-a"} {
		_, err := ParseKey(name)
		assert.Error(t, err, "%q", name)
	}
}

func TestKeyStringRoundTrips(t *testing.T) {
	var keys []Key
	for s := SpecialUp; s <= SpecialBackspace; s++ {
		keys = append(keys, Key{Special: s})
	}
	for r := rune(' '); r <= '~'; r++ {
		keys = append(keys, Key{Rune: r})
	}
	for r := 'a'; r <= 'z'; r++ {
		if _, twin := ctrlTwins[r]; !twin {
			keys = append(keys, Key{Rune: r, Ctrl: true})
		}
	}
	keys = append(keys, Key{Rune: 'ß'}, Key{Rune: '€'})
	for _, k := range keys {
		back, err := ParseKey(k.String())
		require.NoError(t, err, "%q", k.String())
		assert.Equal(t, k, back, "%q", k.String())
		text, err := k.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, k.String(), string(text))
	}
}

func TestZeroKeyIsNotWritable(t *testing.T) {
	assert.True(t, Key{}.IsZero())
	_, err := Key{}.MarshalText()
	assert.Error(t, err)
}

func FuzzParseKeyRoundTrips(f *testing.F) {
	for _, seed := range []string{"Up", "k", "Ctrl-P", "Space", "Escape", "?", "Ctrl-", "é", "\x00"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, name string) {
		k, err := ParseKey(name)
		if err != nil {
			return
		}
		back, err := ParseKey(k.String())
		require.NoError(t, err, "%q parsed as %q, which does not parse", name, k.String())
		assert.Equal(t, k, back)
	})
}

func TestKeysLookUpActions(t *testing.T) {
	keys, err := LoadKeys()
	require.NoError(t, err)
	for _, c := range []Context{ContextGameplay, ContextMenu, ContextReplay} {
		for _, b := range keys.Context(c) {
			for _, k := range b.Keys {
				got, ok := keys.Action(c, k)
				assert.True(t, ok, "%s", k)
				assert.Equal(t, b.Action, got, "%s", k)
			}
		}
	}
	_, ok := keys.Action(ContextMenu, Key{Rune: 'f'})
	assert.False(t, ok, "f fires on the road but means nothing in menus")
	assert.Equal(t, "Ctrl-P or t", keys.Describe(ActionMessageLog, " or "))
	assert.Nil(t, keys.KeysFor("juggle"))
}

func TestEveryActionConstantHasABinding(t *testing.T) {
	keys, err := LoadKeys()
	require.NoError(t, err)
	bound := map[Action]bool{}
	for _, c := range []Context{ContextGameplay, ContextMenu, ContextReplay} {
		for _, b := range keys.Context(c) {
			bound[b.Action] = true
		}
	}
	for _, a := range constValues(t, "keys.go", "Action") {
		assert.True(t, bound[Action(a)], "action %s has no binding field in keys.go", a)
	}
	assert.Len(t, bound, len(constValues(t, "keys.go", "Action")))
}

func TestParseKeysReadsAPlayersFile(t *testing.T) {
	data, err := ReadFile(keysFile)
	require.NoError(t, err)
	keys, err := ParseKeys("my-keys.toml", data)
	require.NoError(t, err)
	assert.Equal(t, []Key{{Rune: 'f'}}, keys.KeysFor(ActionFire))
	_, err = ParseKeys("my-keys.toml", []byte("[gameplay]\nfly = [\"q\"]\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "my-keys.toml:2:")
}
