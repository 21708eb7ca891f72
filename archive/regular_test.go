package archive

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets/atomicfile"
)

// TestOnlyRegularFilesAreRead puts a FIFO, a folder or a device where each
// player file belongs: every reader answers at once that it is not a
// regular file, and leaves it where it is.
func TestOnlyRegularFilesAreRead(t *testing.T) {
	data := loadData(t)
	kinds := []struct {
		name string
		make func(t *testing.T, path string)
	}{
		{"a FIFO", func(t *testing.T, path string) { require.NoError(t, syscall.Mkfifo(path, 0o600)) }},
		{"a folder", func(t *testing.T, path string) { require.NoError(t, os.Mkdir(path, 0o700)) }},
		{"a device", func(t *testing.T, path string) { require.NoError(t, os.Symlink(os.DevNull, path)) }},
	}
	readers := []struct {
		name string
		file string
		read func(dir string) error
	}{
		{"save", SaveName, func(dir string) error { _, err := LoadFile(dir, data); return err }},
		{"scores", ScoresName, func(dir string) error { _, err := LoadScores(dir); return err }},
		{"recording", CurrentRecording, func(dir string) error {
			_, err := LoadRecording(filepath.Join(dir, CurrentRecording))
			return err
		}},
		{"crash copy", CurrentRecording, func(dir string) error {
			_, err := copyRecording(filepath.Join(dir, CurrentRecording), filepath.Join(dir, "crash-1.rec"))
			return err
		}},
	}
	for _, k := range kinds {
		for _, r := range readers {
			t.Run(r.name+" as "+k.name, func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, r.file)
				k.make(t, path)
				done := make(chan error, 1)
				go func() { done <- r.read(dir) }()
				var err error
				select {
				case err = <-done:
				case <-time.After(5 * time.Second):
					t.Fatalf("reading %s as %s blocked", r.name, k.name)
				}
				require.ErrorIs(t, err, atomicfile.ErrNotRegular)
				assert.Equal(t, path+": not a regular file", err.Error())
				_, err = os.Lstat(path)
				assert.NoError(t, err, "it is left where it was")
			})
		}
	}
}
