package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSaveOptionsLoadsBack writes the options into config files of many
// shapes and checks the file loads back with the same settings, the rest
// of it kept.
func TestSaveOptionsLoadsBack(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name, old string
		keep      []string // lines of old that must stay
	}{
		{name: "no file"},
		{name: "other settings", old: "# mine\n[keys.gameplay]\nfire = [\"f\"]\n", keep: []string{"# mine", "fire = [\"f\"]"}},
		{name: "the same tables", old: "[colours]\npalette = \"8\" # old\n\n[display]\nlog_lines = 3\n# the end\n[play]\nconfirm_give_up = true\n",
			keep: []string{"# the end"}},
		{name: "a role, no palette", old: "[colours.role.van]\nfg = 196\n", keep: []string{"fg = 196"}},
		{name: "no final newline", old: "[animation]\nspeed = 2", keep: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "lastpost", FileName)
			if tt.old != "" {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(tt.old), 0o644))
			}
			before, err := Load(path, data)
			require.NoError(t, err)
			want := before
			want.Palette, want.Animation, want.LogLines, want.ConfirmGiveUp = PaletteMono, Animation{Percent: 250}, 7, false
			require.NoError(t, SaveOptions(path, want, data))

			got, err := Load(path, data)
			require.NoError(t, err)
			want.Found = true
			assert.Equal(t, want, got)
			text, err := os.ReadFile(path)
			require.NoError(t, err)
			for _, line := range tt.keep {
				assert.Contains(t, string(text), line)
			}

			instant := got
			instant.Animation = Animation{Instant: true}
			require.NoError(t, SaveOptions(path, instant, data))
			again, err := Load(path, data)
			require.NoError(t, err)
			assert.Equal(t, instant, again)
		})
	}
}

// TestSaveOptionsLeavesABadFileAlone refuses to write over a config the
// game cannot read, and needs a file to write to.
func TestSaveOptionsLeavesABadFileAlone(t *testing.T) {
	data := loadData(t)
	path := filepath.Join(t.TempDir(), FileName)
	require.NoError(t, os.WriteFile(path, []byte("[display]\nlog_lines = 99\n"), 0o644))
	require.Error(t, SaveOptions(path, Default(data), data))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "[display]\nlog_lines = 99\n", string(b))
	assert.Error(t, SaveOptions("", Default(data), data))
}
