package archive

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
)

func TestLockDirIsHeldByOneAtATime(t *testing.T) {
	dir := t.TempDir()
	first, err := LockDir(dir)
	require.NoError(t, err)

	_, err = LockDir(dir)
	var inUse *InUseError
	require.ErrorAs(t, err, &inUse, "a second lock on the same folder is refused")
	assert.Equal(t, os.Getpid(), inUse.PID, "the lock file names its holder")
	assert.Equal(t, dir+" is in use by another game (process "+itoa(os.Getpid())+")", err.Error())

	require.NoError(t, first.Unlock())
	second, err := LockDir(dir)
	require.NoError(t, err, "an unlocked folder can be locked again")
	require.NoError(t, second.Unlock())
	require.NoError(t, second.Unlock(), "unlocking twice is harmless")
}

func TestLockDirWithoutAHolderIdStillRefuses(t *testing.T) {
	dir := t.TempDir()
	// Another holder that wrote no id: the lock alone decides.
	f, err := os.OpenFile(filepath.Join(dir, LockName), os.O_RDWR|os.O_CREATE, 0o600)
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, syscall.Flock(int(f.Fd()), syscall.LOCK_EX))
	_, err = LockDir(dir)
	require.EqualError(t, err, dir+" is in use by another game")
}

func TestLockDirRefusesAFIFO(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, LockName), 0o600))
	_, err := LockDir(dir)
	require.EqualError(t, err, filepath.Join(dir, LockName)+": not a regular file")
}

func itoa(n int) string { return fmt.Sprint(n) }

// TestLockDirNeverWritesThroughALink puts a symbolic link and a hard link
// to another file where the lock file goes: the lock is refused, and the
// other file keeps every byte.
func TestLockDirNeverWritesThroughALink(t *testing.T) {
	tests := []struct {
		name string
		link func(victim, lock string) error
		want error
	}{
		{"symbolic link", os.Symlink, ErrLockNotRegular},
		{"hard link", os.Link, ErrLockNotOurs},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			victim := filepath.Join(dir, "victim")
			const text = "precious words, not a process id\n"
			require.NoError(t, os.WriteFile(victim, []byte(text), 0o600))
			require.NoError(t, tt.link(victim, filepath.Join(dir, LockName)))
			_, err := LockDir(dir)
			require.ErrorIs(t, err, tt.want)
			assert.Equal(t, filepath.Join(dir, LockName)+": "+tt.want.Error(), err.Error())
			got, err := os.ReadFile(victim)
			require.NoError(t, err)
			assert.Equal(t, text, string(got), "the linked file is untouched")
		})
	}
}

// TestLockDirNeverTruncates checks the process id is written over the old
// one in place: a lock file is never cut short.
func TestLockDirNeverTruncates(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, LockName)
	old := strings.Repeat("9", pidWidth) + "\n" + "tail\n"
	require.NoError(t, os.WriteFile(path, []byte(old), 0o600))
	lock, err := LockDir(dir)
	require.NoError(t, err)
	defer lock.Unlock()
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Len(t, got, len(old), "nothing was cut")
	assert.True(t, strings.HasSuffix(string(got), "\ntail\n"))
	assert.Equal(t, itoa(os.Getpid()), strings.TrimSpace(string(got[:pidWidth])))
}

// readOnlyOpen opens files as a read-only file system does: any open for
// writing fails with EROFS.
func readOnlyOpen(path string, flag int, perm os.FileMode) (*os.File, error) {
	if flag&(os.O_RDWR|os.O_WRONLY|os.O_CREATE) != 0 {
		return nil, &os.PathError{Op: "open", Path: path, Err: syscall.EROFS}
	}
	return os.OpenFile(path, flag, perm)
}

// TestLockDirInAReadOnlyFolder checks a folder the game may not write is
// still locked, through the lock file or the folder itself, and says so.
func TestLockDirInAReadOnlyFolder(t *testing.T) {
	for _, withFile := range []bool{true, false} {
		t.Run(fmt.Sprintf("lock file there %v", withFile), func(t *testing.T) {
			dir := t.TempDir()
			if withFile {
				require.NoError(t, os.WriteFile(filepath.Join(dir, LockName), nil, 0o600))
			}
			lock, err := lockDir(dir, readOnlyOpen)
			require.NoError(t, err, "a read-only folder can be played in")
			defer lock.Unlock()
			assert.True(t, lock.ReadOnly())
			_, err = lockDir(dir, readOnlyOpen)
			var inUse *InUseError
			assert.ErrorAs(t, err, &inUse, "still one game at a time")
		})
	}
}

// TestLockDirOnAReadOnlyMount is the same on a real read-only bind mount,
// where the system allows one to be made.
func TestLockDirOnAReadOnlyMount(t *testing.T) {
	dir := readOnlyMount(t)
	lock, err := LockDir(dir)
	require.NoError(t, err)
	defer lock.Unlock()
	assert.True(t, lock.ReadOnly())
	_, err = LockDir(dir)
	var inUse *InUseError
	assert.ErrorAs(t, err, &inUse)
}

// TestAReadOnlyFolderIsToldOnTheTitle checks a session in a folder locked
// read-only says, as it starts, that nothing will be saved.
func TestAReadOnlyFolderIsToldOnTheTitle(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	lock, err := lockDir(dir, readOnlyOpen)
	require.NoError(t, err)
	defer lock.Unlock()
	s := NewSession(dir, data, nil)
	s.Claimed(lock)
	assert.Equal(t, data.Texts.Format(assets.NoticeReadOnly, "dir", dir), s.Check())

	writable, err := LockDir(t.TempDir())
	require.NoError(t, err)
	defer writable.Unlock()
	s = NewSession(dir, data, nil)
	s.Claimed(writable)
	assert.Empty(t, s.Check(), "a folder that can be written says nothing")
}
