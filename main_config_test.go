package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	userconfig "lastpost/assets/config"
)

// TestABadConfigStopsBeforeTheTerminal checks that a config file with a
// mistake stops the game with one line naming the file, the line, the
// column and the key, and exit code 2, at once: the terminal is never
// opened (without one the game would fail differently).
func TestABadConfigStopsBeforeTheTerminal(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		return path
	}
	bad := write("bad.toml", "[display]\nlog_lines = 40\n")
	xdg := filepath.Join(dir, "xdg")
	write(filepath.Join("xdg", "lastpost", userconfig.FileName), "[keys.gameplay]\nfire = [\"t\"]\n")
	defaultFile := filepath.Join(xdg, "lastpost", userconfig.FileName)
	tests := []struct {
		name string
		args []string
		env  string // XDG_CONFIG_HOME
		want string
	}{
		{"-config with a bad value", []string{"-config", bad, "-data-dir", dir}, "",
			"lastpost: " + bad + ":2:13: display.log_lines: must be a whole number from 1 to 10, not 40\n"},
		{"-config naming no file", []string{"-config", filepath.Join(dir, "none.toml")}, "",
			"lastpost: " + filepath.Join(dir, "none.toml") + ": no such file (-config needs a file that exists; an empty one will do)\n"},
		{"the per-user file", []string{"-data-dir", dir}, xdg,
			"lastpost: " + defaultFile + ":2: keys.gameplay.fire: t is already bound to message_log by default; bind message_log to other keys here too\n"},
		{"before a replay too", []string{"-replay", "no/such.rec"}, xdg, "lastpost: " + defaultFile + ":2:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("XDG_CONFIG_HOME", tt.env)
			if tt.env == "" {
				t.Setenv("HOME", filepath.Join(dir, "home"))
			}
			var stdout, stderr bytes.Buffer
			start := time.Now()
			code := run(tt.args, &stdout, &stderr)
			assert.Less(t, time.Since(start), time.Second)
			assert.Equal(t, exitBad, code)
			assert.Empty(t, stdout.String())
			assert.Contains(t, stderr.String(), tt.want)
			assert.Equal(t, 1, bytes.Count(stderr.Bytes(), []byte("\n")), "one line: %q", stderr.String())
		})
	}
}

func TestSettingsComeFromTheFlagOrTheConfigFolder(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	s, err := userconfig.LoadFor("", data)
	require.NoError(t, err)
	assert.False(t, s.Found, "no file is fine")
	assert.Equal(t, filepath.Join(dir, "lastpost", userconfig.FileName), s.Path, "the controls screen writes there")
	assert.Equal(t, data.Keys, s.Keys)

	path := filepath.Join(dir, "mine.toml")
	require.NoError(t, os.WriteFile(path, []byte("[display]\nlog_lines = 2\n"), 0o644))
	s, err = userconfig.LoadFor(path, data)
	require.NoError(t, err)
	assert.True(t, s.Found)
	assert.Equal(t, 2, s.LogLines)
}
