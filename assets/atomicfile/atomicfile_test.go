package atomicfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// names lists what dir holds.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteFile(t *testing.T) {
	tests := []struct {
		name string
		// setup makes the folder to write into and returns the path to
		// write, and whether the write should succeed.
		setup    func(t *testing.T) (path string, ok bool)
		old      []byte // what path held before, if anything
		wantMode os.FileMode
	}{
		{
			name: "a new file",
			setup: func(t *testing.T) (string, bool) {
				return filepath.Join(t.TempDir(), "save"), true
			},
			wantMode: 0o640,
		},
		{
			name: "replacing a file",
			setup: func(t *testing.T) (string, bool) {
				path := filepath.Join(t.TempDir(), "save")
				require.NoError(t, os.WriteFile(path, []byte("old contents, longer than the new"), 0o600))
				return path, true
			},
			wantMode: 0o640,
		},
		{
			name: "a folder that does not exist",
			setup: func(t *testing.T) (string, bool) {
				return filepath.Join(t.TempDir(), "missing", "save"), false
			},
		},
		{
			name: "a read-only folder",
			setup: func(t *testing.T) (string, bool) {
				dir := t.TempDir()
				if os.Geteuid() == 0 {
					// Root writes into read-only folders: it takes a
					// read-only file system to refuse it.
					dir = tmpfs(t, 1<<20)
				}
				path := filepath.Join(dir, "save")
				require.NoError(t, os.WriteFile(path, []byte("old"), 0o600))
				if os.Geteuid() == 0 {
					readOnly(t, dir)
				} else {
					require.NoError(t, os.Chmod(dir, 0o500))
					t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
				}
				return path, false
			},
		},
		{
			name: "a full file system",
			setup: func(t *testing.T) (string, bool) {
				if os.Geteuid() != 0 {
					t.Skip("mounting a small file system to fill takes root")
				}
				fs := tmpfs(t, 64<<10)
				dir := filepath.Join(fs, "data")
				require.NoError(t, os.Mkdir(dir, 0o700))
				path := filepath.Join(dir, "save")
				require.NoError(t, os.WriteFile(path, []byte("old"), 0o600))
				fillUp(t, fs)
				return path, false
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, ok := tt.setup(t)
			before, readErr := os.ReadFile(path)
			err := WriteFile(path, []byte("new"), 0o640)
			if !ok {
				require.Error(t, err)
				after, afterErr := os.ReadFile(path)
				assert.Equal(t, readErr == nil, afterErr == nil, "a failed write neither makes nor removes the file")
				assert.Equal(t, before, after, "a failed write leaves the old file whole")
				if dir := filepath.Dir(path); readErr == nil {
					assert.Equal(t, []string{"save"}, names(t, dir), "no temp file is left behind")
				}
				return
			}
			require.NoError(t, err)
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, "new", string(got))
			st, err := os.Stat(path)
			require.NoError(t, err)
			assert.Equal(t, tt.wantMode, st.Mode().Perm())
			assert.Equal(t, []string{"save"}, names(t, filepath.Dir(path)), "no temp file is left behind")
		})
	}
}

func TestWriteFileLeavesNoTempWhenTheRenameFails(t *testing.T) {
	dir := t.TempDir()
	// A folder in the way: the temp file is written, the rename fails.
	path := filepath.Join(dir, "save")
	require.NoError(t, os.MkdirAll(filepath.Join(path, "inside"), 0o700))
	require.Error(t, WriteFile(path, []byte("new"), 0o600))
	assert.Equal(t, []string{"save"}, names(t, dir), "the temp file was removed")
}

func TestMode(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "config.toml")
	require.NoError(t, os.WriteFile(existing, nil, 0o600))
	require.NoError(t, os.Chmod(existing, 0o604))
	tests := []struct {
		name string
		path string
		want os.FileMode
	}{
		{"an existing file keeps its mode", existing, 0o604},
		{"a new file gets the default", filepath.Join(dir, "new.toml"), 0o644},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Mode(tt.path, 0o644))
		})
	}
}

func TestRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "save")
	keep := []string{"save", "other", ".other.123.tmp", ".save.notes"}
	for _, name := range append(keep, ".save.123.tmp", ".save.456.tmp") {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), nil, 0o600))
	}
	RemoveTemps(path)
	assert.ElementsMatch(t, keep, names(t, dir), "only path's own temp files go")
}
