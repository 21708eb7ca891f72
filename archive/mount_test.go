package archive

import (
	"os/exec"
	"testing"
)

// readOnlyMount returns a fresh folder bind-mounted read-only over itself,
// unmounted when the test ends. Where mounting is not permitted (not root,
// no mount tool) the test is skipped with the reason.
func readOnlyMount(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	mountOrSkip(t, dir, "--bind", dir, dir)
	if out, err := exec.Command("mount", "-o", "remount,ro,bind", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot remount read-only (%v: %s)", err, out)
	}
	return dir
}

// fullTmpfs returns a folder on a tmpfs of size bytes, unmounted when the
// test ends, or skips the test where mounting is not permitted.
func fullTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	mountOrSkip(t, dir, "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir)
	return dir
}

// mountOrSkip runs mount with args and unmounts dir at the test's end.
func mountOrSkip(t *testing.T, dir string, args ...string) {
	t.Helper()
	if out, err := exec.Command("mount", args...).CombinedOutput(); err != nil {
		t.Skipf("mounting is not permitted here (%v: %s)", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
}
