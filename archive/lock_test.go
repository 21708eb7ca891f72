package archive

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
