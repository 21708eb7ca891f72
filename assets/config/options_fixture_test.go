package config

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateOptions = flag.Bool("update-options", false, "rewrite testdata/options/*.want")

// TestSaveOptionsKeepsTheFileAsWritten sets every option in the files of
// testdata/options, written in every shape TOML allows (headers with
// comments after them, inline tables, dotted keys, values over many
// lines), and checks the result byte for byte against its .want file:
// only the values change or are added, every comment and line stays.
func TestSaveOptionsKeepsTheFileAsWritten(t *testing.T) {
	data := loadData(t)
	files, err := filepath.Glob(filepath.Join("testdata", "options", "*.toml"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			old, err := os.ReadFile(file)
			require.NoError(t, err)
			path := filepath.Join(t.TempDir(), FileName)
			require.NoError(t, os.WriteFile(path, old, 0o644))
			before, err := Load(path, data)
			require.NoError(t, err)
			want := before
			want.Palette, want.Animation, want.LogLines, want.ConfirmGiveUp = PaletteMono, Animation{Percent: 250}, 7, !before.ConfirmGiveUp
			require.NoError(t, SaveOptions(path, want, data))
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			golden := strings.TrimSuffix(file, ".toml") + ".want"
			if *updateOptions {
				require.NoError(t, os.WriteFile(golden, got, 0o644))
			}
			wantText, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(wantText), string(got))
			for _, line := range strings.Split(string(old), "\n") {
				if comment := strings.Index(line, "#"); comment >= 0 {
					assert.Contains(t, string(got), line[comment:], "a comment is kept")
				}
			}
			back, err := Load(path, data)
			require.NoError(t, err)
			assert.Equal(t, want, back)
		})
	}
}
