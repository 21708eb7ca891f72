package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
)

// example is the config of the package documentation and the README.
const example = `# Last Post settings
[keys.gameplay]
fire = ["f", "F"]
message_log = ["Ctrl-P"]
[keys.menu]
confirm = ["Enter"]

[colours]
palette = "16"
[colours.role.van]
fg = 196
fallback = "red"
[colours.role.road]
bg = "default"
fallback_bg = "default"
mono = "bold"

[animation]
speed = 1.5

[display]
log_lines = 6

[play]
confirm_give_up = false
`

func key(t *testing.T, name string) assets.Key {
	t.Helper()
	k, err := assets.ParseKey(name)
	require.NoError(t, err)
	return k
}

func TestAMissingFileGivesTheDefaults(t *testing.T) {
	data := loadData(t)
	path := filepath.Join(t.TempDir(), "nowhere", FileName)
	c, err := Load(path, data)
	require.NoError(t, err)
	assert.False(t, c.Found)
	assert.Equal(t, path, c.Path)
	want := Default(data)
	want.Path = path
	assert.Equal(t, want, c)
	assert.Equal(t, data.Keys, c.Keys)
	assert.Equal(t, PaletteAuto, c.Palette)
	assert.Equal(t, Animation{Percent: 100}, c.Animation)
	assert.Equal(t, data.Display.LogLines, c.LogLines)
	assert.True(t, c.ConfirmGiveUp)

	c, err = Load("", data)
	require.NoError(t, err)
	assert.False(t, c.Found)
}

func TestEverySettingIsRead(t *testing.T) {
	data := loadData(t)
	path := filepath.Join(t.TempDir(), FileName)
	require.NoError(t, os.WriteFile(path, []byte(example), 0o644))
	c, err := Load(path, data)
	require.NoError(t, err)
	assert.True(t, c.Found)
	assert.Equal(t, []assets.Key{key(t, "f"), key(t, "F")}, c.Keys.KeysFor(assets.ActionFire))
	assert.Equal(t, []assets.Key{key(t, "Ctrl-P")}, c.Keys.KeysFor(assets.ActionMessageLog))
	assert.Equal(t, []assets.Key{key(t, "Enter")}, c.Keys.KeysFor(assets.ActionConfirm))
	assert.Equal(t, data.Keys.KeysFor(assets.ActionLook), c.Keys.KeysFor(assets.ActionLook), "unset actions keep their keys")
	assert.Equal(t, Palette16, c.Palette)

	van := data.Colours.Role(assets.RoleVan)
	van.FG, van.Fallback = 196, 1
	assert.Equal(t, van, c.Colours.Role(assets.RoleVan))
	road := data.Colours.Role(assets.RoleRoad)
	road.BG, road.FallbackBG, road.Mono = assets.NoColour, assets.BasicDefault, assets.AttrBold
	assert.Equal(t, road, c.Colours.Role(assets.RoleRoad))
	assert.Equal(t, data.Colours.Role(assets.RoleCar), c.Colours.Role(assets.RoleCar), "unset roles keep their colours")

	assert.Equal(t, Animation{Percent: 150}, c.Animation)
	assert.Equal(t, 6, c.LogLines)
	assert.False(t, c.ConfirmGiveUp)
}

func TestValuesAtTheirBounds(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		text  string
		check func(c Config) bool
	}{
		{"[animation]\nspeed = 0.1\n", func(c Config) bool { return c.Animation.Percent == 10 }},
		{"[animation]\nspeed = 10\n", func(c Config) bool { return c.Animation.Percent == 1000 }},
		{"[animation]\nspeed = \"instant\"\n", func(c Config) bool { return c.Animation.Instant }},
		{"[display]\nlog_lines = 1\n", func(c Config) bool { return c.LogLines == 1 }},
		{"[display]\nlog_lines = 10\n", func(c Config) bool { return c.LogLines == 10 }},
		{"[colours]\npalette = 256\n", func(c Config) bool { return c.Palette == Palette256 }},
		{"[colours]\npalette = \"mono\"\n", func(c Config) bool { return c.Palette == PaletteMono }},
		{"[colours.role.text]\nfg = 0\nbg = 255\n", func(c Config) bool {
			col := c.Colours.Role(assets.RoleText)
			return col.FG == 0 && col.BG == 255
		}},
		{"colours.role.text.fg = 7\n", func(c Config) bool { return c.Colours.Role(assets.RoleText).FG == 7 }},
		{"keys = { replay = { step = [\"s\"] } }\n", func(c Config) bool {
			return c.Keys.Describe(assets.ActionReplayStep, ",") == "s"
		}},
		{"\ufeff[play]\nconfirm_give_up = true\n", func(c Config) bool { return c.ConfirmGiveUp }},
		{"[keys.gameplay]\nfire = [\"t\"]\nmessage_log = [\"Ctrl-P\"]\n", func(c Config) bool {
			return c.Keys.Describe(assets.ActionFire, ",") == "t"
		}},
		{"[keys.gameplay]\nfire = [\"\\\"\", \"\\\\\"]\n", func(c Config) bool {
			return c.Keys.Describe(assets.ActionFire, " ") == `" \`
		}},
	}
	for _, tt := range tests {
		c, err := Parse("config.toml", []byte(tt.text), data)
		require.NoError(t, err, "%q", tt.text)
		assert.True(t, tt.check(c), "%q", tt.text)
	}
}

func TestApplyAndSetKeysLeaveTheirInputsAlone(t *testing.T) {
	data := loadData(t)
	orig := *data
	c, err := Parse("config.toml", []byte(example), data)
	require.NoError(t, err)
	applied := c.Apply(data)
	assert.Equal(t, orig, *data)
	assert.Equal(t, 6, applied.Display.LogLines)
	assert.Equal(t, c.Keys, applied.Keys)
	assert.Equal(t, data.Display.LogHistory, applied.Display.LogHistory)

	before := data.Keys.KeysFor(assets.ActionWait)
	k := SetKeys(data.Keys, assets.ContextGameplay, assets.ActionWait, []assets.Key{key(t, "w")})
	assert.Equal(t, before, data.Keys.KeysFor(assets.ActionWait))
	assert.Equal(t, []assets.Key{key(t, "w")}, k.KeysFor(assets.ActionWait))
	for _, ctx := range []assets.Context{assets.ContextMenu, assets.ContextReplay} {
		b := data.Keys.Context(ctx)[0]
		k = SetKeys(data.Keys, ctx, b.Action, []assets.Key{key(t, "w")})
		assert.Equal(t, []assets.Key{key(t, "w")}, k.KeysFor(b.Action))
	}
}

func TestDefaultPathFollowsXDG(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/xdg/config")
	t.Setenv("HOME", "/home/someone")
	assert.Equal(t, "/xdg/config/lastpost/config.toml", DefaultPath())
	t.Setenv("XDG_CONFIG_HOME", "relative/is/ignored")
	assert.Equal(t, "/home/someone/.config/lastpost/config.toml", DefaultPath())
	t.Setenv("XDG_CONFIG_HOME", "")
	assert.Equal(t, "/home/someone/.config/lastpost/config.toml", DefaultPath())
	t.Setenv("HOME", "")
	assert.Equal(t, "", DefaultPath())
}

func TestErrorsReadAsOneLine(t *testing.T) {
	tests := []struct {
		e    Error
		want string
	}{
		{Error{File: "c.toml", Line: 3, Col: 9, Key: "play.x", Msg: "bad"}, "c.toml:3:9: play.x: bad"},
		{Error{File: "c.toml", Line: 3, Key: "play", Msg: "bad"}, "c.toml:3: play: bad"},
		{Error{File: "c.toml", Msg: "is a folder"}, "c.toml: is a folder"},
		{Error{File: "c.toml", Line: 1, Col: 2, Msg: "two\nlines"}, "c.toml:1:2: two lines"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.e.Error())
	}
}
