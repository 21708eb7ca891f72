package ui

import (
	"testing"
	"time"
)

// waitLimit bounds every wait on a channel in these tests: a desync fails
// the test with what it waited for instead of hanging the package until
// the test binary's own timeout.
const waitLimit = 10 * time.Second

// within receives from ch, or fails the test saying what did not come.
func within[T any](tb testing.TB, ch <-chan T, what string) T {
	tb.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(waitLimit):
		tb.Fatalf("timed out after %v waiting for %s", waitLimit, what)
		var zero T
		return zero
	}
}
