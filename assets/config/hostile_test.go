package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
)

// badDir holds the malformed config files, each NN-name.toml beside an
// NN-name.want holding the exact message it must give (without the folder).
const badDir = "../../testdata/bad/config"

// Bounds every hostile file must be read within.
const (
	hostileTime  = 5 * time.Second
	hostileAlloc = 64 << 20
)

// bounded runs fn and fails the test if it panics, takes longer than
// hostileTime or allocates more than hostileAlloc bytes. Tests that call
// it do not run in parallel, so the allocation count is fn's alone.
func bounded(t *testing.T, what string, fn func()) {
	t.Helper()
	done := make(chan any, 1)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	go func() {
		defer func() { done <- recover() }()
		fn()
	}()
	select {
	case p := <-done:
		require.Nil(t, p, "%s panicked", what)
	case <-time.After(hostileTime):
		t.Fatalf("%s took longer than %v", what, hostileTime)
	}
	runtime.ReadMemStats(&after)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(hostileAlloc), "%s allocated without bound", what)
}

func TestMalformedConfigsGiveTheirMessage(t *testing.T) {
	data := loadData(t)
	wants, err := filepath.Glob(filepath.Join(badDir, "*.want"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(wants), 20)
	for _, want := range wants {
		path := strings.TrimSuffix(want, ".want") + ".toml"
		t.Run(filepath.Base(path), func(t *testing.T) {
			b, err := os.ReadFile(want)
			require.NoError(t, err)
			var loadErr error
			bounded(t, path, func() { _, loadErr = Load(path, data) })
			require.Error(t, loadErr)
			var e *Error
			require.True(t, errors.As(loadErr, &e), "%T is not a *config.Error", loadErr)
			msg := loadErr.Error()
			assert.NotContains(t, msg, "\n")
			assert.Equal(t, strings.TrimSpace(string(b)), strings.TrimPrefix(msg, badDir+"/"))
			assert.Positive(t, e.Line, "the message names the line")
			assert.NotEmpty(t, e.Key+e.Msg)
		})
	}
}

func TestHostileConfigsAreRefusedQuickly(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name, text, want string
	}{
		{"larger than the cap", strings.Repeat("# padding\n", 30000), "is larger than 256 KiB"},
		{"deeply nested lists", "a = " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000), "nested too deep"},
		{"deeply nested tables", "a = " + strings.Repeat("{b=", 50000) + "1" + strings.Repeat("}", 50000), "nested too deep"},
		{"a key with many parts", strings.Repeat("b.", 100000) + "c = 1\n", "too many dotted parts"},
		{"a header with many parts", "[" + strings.Repeat("h.", 100000) + "x]\n", "too many dotted parts"},
		{"many unknown keys", manyLines("k%d = 1\n", 20000), "k0: unknown section"},
		{"many tables", manyLines("[t%d]\n", 20000), "t0: unknown section"},
		{"a huge list of keys", "[keys.gameplay]\nfire = [" + strings.Repeat(`"f", `, 40000) + "]\n", "at most 8 are allowed"},
		{"a huge string", `palette = "` + strings.Repeat("x", 200000) + `"` + "\n", "palette: unknown section"},
		{"a huge key name", "[keys.gameplay]\nfire = [\"" + strings.Repeat("x", 200000) + "\"]\n", "unknown key name"},
		{"an unterminated string", "[keys.gameplay]\nfire = [\"" + strings.Repeat("x", 200000), "keys.gameplay.fire"},
		{"an unterminated multi-line string", `a = """` + strings.Repeat("[{.\n", 50000), "a:"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "config.toml")
			require.NoError(t, os.WriteFile(path, []byte(tt.text), 0o644))
			var err error
			bounded(t, tt.name, func() { _, err = Load(path, data) })
			require.Error(t, err)
			msg := err.Error()
			assert.Contains(t, msg, tt.want)
			assert.True(t, strings.HasPrefix(msg, path+":"), "the message names the file: %s", msg)
			assert.NotContains(t, msg, "\n")
			assert.Less(t, len(msg), 1000, "the message stays short")
		})
	}
}

func manyLines(format string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, format, i)
	}
	return b.String()
}

func TestUnreadableConfigFilesAreErrors(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name string
		// make returns the path to load, or "" to skip.
		make func(t *testing.T, dir string) string
		want string // after "PATH: "
	}{
		{name: "a folder", make: func(_ *testing.T, dir string) string { return dir }, want: "not a regular file"},
		{name: "a FIFO", make: func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "fifo.toml")
			require.NoError(t, syscall.Mkfifo(path, 0o600))
			return path
		}, want: "not a regular file"},
		{name: "a device", make: func(*testing.T, string) string { return os.DevNull }, want: "not a regular file"},
		{name: "a loop of links", make: func(t *testing.T, dir string) string {
			// Root opens any file; this open fails for root too.
			path := filepath.Join(dir, "loop.toml")
			require.NoError(t, os.Symlink(path, path))
			return path
		}, want: "cannot be opened: too many levels of symbolic links"},
		{name: "unreadable", make: func(t *testing.T, dir string) string {
			if os.Geteuid() == 0 {
				return ""
			}
			path := filepath.Join(dir, "locked.toml")
			require.NoError(t, os.WriteFile(path, []byte("[play]\n"), 0o000))
			return path
		}, want: "cannot be opened: permission denied"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := tt.make(t, t.TempDir())
			if path == "" {
				t.Skip("root reads every file")
			}
			var err error
			bounded(t, tt.name, func() { _, err = Load(path, data) })
			require.Error(t, err)
			assert.Equal(t, path+": "+tt.want, err.Error())
		})
	}
}

// loadData loads the game's data or stops the test.
func loadData(t testing.TB) *assets.Data {
	t.Helper()
	data, err := assets.Load()
	require.NoError(t, err)
	return data
}
