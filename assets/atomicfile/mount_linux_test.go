package atomicfile

import (
	"fmt"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// tmpfs mounts a file system of size bytes on a fresh folder and returns
// it, unmounted when the test ends. Root ignores file permissions, so a
// test running as root provokes a failing write the way an attacker or a
// full disk would: with a read-only or a full file system. It skips the
// test where mounting is not allowed (a container without the right).
func tmpfs(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d", size)); err != nil {
		t.Skipf("cannot mount a file system to fail on (%v)", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// readOnly remounts the file system at dir read-only.
func readOnly(t *testing.T, dir string) {
	t.Helper()
	require.NoError(t, syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))
}

// fillUp writes a file into dir until its file system is full.
func fillUp(t *testing.T, dir string) {
	t.Helper()
	f, err := os.Create(dir + "/ballast")
	require.NoError(t, err)
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			require.ErrorIs(t, err, syscall.ENOSPC)
			return
		}
	}
}
