package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
)

// rebound is data's bindings with fire on f and g, and the replay's step
// on s only.
func rebound(t *testing.T, data *assets.Data) assets.Keys {
	k := SetKeys(data.Keys, assets.ContextGameplay, assets.ActionFire, []assets.Key{key(t, "f"), key(t, "g")})
	return SetKeys(k, assets.ContextReplay, assets.ActionReplayStep, []assets.Key{key(t, "s")})
}

// TestSaveKeysRewritesOnlyTheKeyTables: the bindings are set in place, so
// every other line of the file stays, comments inside the key tables too;
// an action back to its default loses its line, and a key table left
// with no setting its header.
func TestSaveKeysRewritesOnlyTheKeyTables(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name, old, want string
	}{
		{"no file", "", "[keys.gameplay]\nfire = [\"f\", \"g\"]\n\n[keys.replay]\nstep = [\"s\"]\n"},
		{"other settings only",
			"# mine\n[play]\nconfirm_give_up = false # no questions\n",
			"# mine\n[play]\nconfirm_give_up = false # no questions\n\n[keys.gameplay]\nfire = [\"f\", \"g\"]\n\n[keys.replay]\nstep = [\"s\"]\n"},
		{"keys in the middle",
			"[colours]\npalette = \"8\"\n\n[keys.gameplay]\nlook = [\"v\"]\n# about the menu\n[keys.menu]\ncancel = [\"q\"]\n\n# the log\n[display]\nlog_lines = 3\n",
			"[colours]\npalette = \"8\"\n\n[keys.gameplay]\nfire = [\"f\", \"g\"]\n# about the menu\n\n# the log\n[display]\nlog_lines = 3\n\n[keys.replay]\nstep = [\"s\"]\n"},
		{"comments inside the key tables",
			"[keys.gameplay]\n# f fires, as in my other game\nfire = [\"x\"] # x for now\nlook = [\"v\"]\n\n[keys.replay] # watching\n# s steps\nstep = [\"z\"]\n",
			"[keys.gameplay]\n# f fires, as in my other game\nfire = [\"f\", \"g\"] # x for now\n\n[keys.replay] # watching\n# s steps\nstep = [\"s\"]\n"},
		{"no final newline",
			"[display]\nlog_lines = 3",
			"[display]\nlog_lines = 3\n\n[keys.gameplay]\nfire = [\"f\", \"g\"]\n\n[keys.replay]\nstep = [\"s\"]\n"},
		{"top-level dotted keys",
			"keys.gameplay.look = [\"v\"]\n[display]\nlog_lines = 3\n",
			"keys.gameplay.fire = [\"f\", \"g\"]\n[display]\nlog_lines = 3\n\n[keys.replay]\nstep = [\"s\"]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sub", FileName)
			if tt.old != "" {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(tt.old), 0o600))
			}
			k := rebound(t, data)
			require.NoError(t, SaveKeys(path, k, data))
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(b))
			c, err := Load(path, data)
			require.NoError(t, err)
			assert.Equal(t, k, c.Keys)
			entries, err := os.ReadDir(filepath.Dir(path))
			require.NoError(t, err)
			assert.Len(t, entries, 1, "no temp file is left behind")
			if tt.old != "" {
				st, err := os.Stat(path)
				require.NoError(t, err)
				assert.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "the file keeps its permissions")
			}
		})
	}
}

func TestSaveKeysFallsBackOnACanonicalFile(t *testing.T) {
	data := loadData(t)
	// Keys given in an inline table cannot be cut out line by line.
	old := "keys = { gameplay = { look = [\"v\"] } }\n[colours]\npalette = \"mono\"\n[colours.role.van]\nfg = 1\n" +
		"[animation]\nspeed = 0.5\n[display]\nlog_lines = 2\n[play]\nconfirm_give_up = false\n"
	before, err := Parse("config.toml", []byte(old), data)
	require.NoError(t, err)
	k := rebound(t, data)
	text, err := rewriteKeys("config.toml", []byte(old), k, data)
	require.NoError(t, err)
	after, err := Parse("config.toml", text, data)
	require.NoError(t, err)
	assert.Equal(t, k, after.Keys)
	before.Keys = k
	assert.Equal(t, before, after, "every other setting is kept:\n%s", text)
}

func TestSaveKeysLeavesABrokenFileAlone(t *testing.T) {
	data := loadData(t)
	path := filepath.Join(t.TempDir(), FileName)
	const broken = "[display]\nlog_lines = 99\n"
	require.NoError(t, os.WriteFile(path, []byte(broken), 0o644))
	err := SaveKeys(path, rebound(t, data), data)
	require.Error(t, err)
	assert.Contains(t, err.Error(), path+":2:13: display.log_lines: must be a whole number")
	assert.Contains(t, err.Error(), "left as it was")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, broken, string(b))

	assert.Error(t, SaveKeys("", data.Keys, data), "no path, no file")
}

func TestRestoredDefaultsRemoveTheKeyTables(t *testing.T) {
	data := loadData(t)
	path := filepath.Join(t.TempDir(), FileName)
	require.NoError(t, SaveKeys(path, rebound(t, data), data))
	require.NoError(t, SaveKeys(path, data.Keys, data))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Empty(t, string(b))
}

func TestEncodeWritesWhatParseReads(t *testing.T) {
	data := loadData(t)
	c, err := Parse("config.toml", []byte(example), data)
	require.NoError(t, err)
	again, err := Parse("config.toml", c.encode(data), data)
	require.NoError(t, err, "%s", c.encode(data))
	assert.Equal(t, c, again)
	def := Default(data)
	assert.Empty(t, def.encode(data), "the defaults need no file")
}
