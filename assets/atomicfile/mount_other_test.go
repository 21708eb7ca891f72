//go:build !linux

package atomicfile

import "testing"

// tmpfs skips the test: mounting a file system to fail on is Linux's.
func tmpfs(t *testing.T, _ int) string {
	t.Skip("mounting a file system to fail on needs Linux")
	return ""
}

func readOnly(*testing.T, string) {}

func fillUp(*testing.T, string) {}
