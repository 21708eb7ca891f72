package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadRegularRefusesWhatIsNotAFile(t *testing.T) {
	tests := []struct {
		name string
		// make returns the path to read.
		make    func(t *testing.T, dir string) string
		want    string // the file's content, if it is read
		wantErr error
		tooBig  bool
	}{
		{name: "a file", make: func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "f")
			require.NoError(t, os.WriteFile(path, []byte("hello"), 0o600))
			return path
		}, want: "hello"},
		{name: "a FIFO", make: func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "fifo")
			require.NoError(t, syscall.Mkfifo(path, 0o600))
			return path
		}, wantErr: ErrNotRegular},
		{name: "a folder", make: func(t *testing.T, dir string) string { return dir }, wantErr: ErrNotRegular},
		{name: "a device", make: func(*testing.T, string) string { return os.DevNull }, wantErr: ErrNotRegular},
		{name: "missing", make: func(_ *testing.T, dir string) string { return filepath.Join(dir, "none") }, wantErr: fs.ErrNotExist},
		{name: "too large", make: func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "big")
			f, err := os.Create(path)
			require.NoError(t, err)
			// Sparse: the size is what counts, and it is refused unread.
			require.NoError(t, f.Truncate(1<<30))
			require.NoError(t, f.Close())
			return path
		}, tooBig: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := tt.make(t, t.TempDir())
			done := make(chan error, 1)
			var got []byte
			go func() {
				var err error
				got, err = ReadRegular(path, 1<<20)
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("ReadRegular blocked")
			}
			switch {
			case tt.tooBig:
				var big *TooLargeError
				require.ErrorAs(t, err, &big)
				assert.Equal(t, "too large: 1024.0 MiB, over the 1.0 MiB this file may hold", err.Error())
			case tt.wantErr != nil:
				require.ErrorIs(t, err, tt.wantErr)
				if errors.Is(err, ErrNotRegular) {
					assert.Equal(t, path+": not a regular file", err.Error())
				}
			default:
				require.NoError(t, err)
				assert.Equal(t, tt.want, string(got))
			}
		})
	}
}

func TestWriteFileWritesThroughASymlink(t *testing.T) {
	dir := t.TempDir()
	elsewhere := t.TempDir()
	target := filepath.Join(elsewhere, "real.save")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o600))
	link := filepath.Join(dir, "save")
	require.NoError(t, os.Symlink(target, link))
	// A second link in the chain, relative, as ln -s writes them.
	link2 := filepath.Join(dir, "save2")
	require.NoError(t, os.Symlink("save", link2))

	require.NoError(t, WriteFile(link2, []byte("new"), 0o600))

	b, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "new", string(b), "the target holds the new file")
	for _, l := range []string{link, link2} {
		st, err := os.Lstat(l)
		require.NoError(t, err)
		assert.NotZero(t, st.Mode()&os.ModeSymlink, "%s is still a link", l)
	}
}

func TestWriteFileRefusesALoopOfLinks(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	require.NoError(t, os.Symlink("b", a))
	require.NoError(t, os.Symlink("a", b))
	require.ErrorIs(t, WriteFile(a, []byte("x"), 0o600), syscall.ELOOP)
}
