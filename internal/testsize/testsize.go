// Package testsize sizes the random tests of every package the same way.
//
// CI runs the engine's packages a second time under a 32-bit emulator,
// with -short, about thirteen times slower than natively. There the point
// is that hashes and answers agree on a 32-bit machine, not that many
// random steps do, so the long random comparisons take a quarter of their
// steps; a plain go test ./... runs them whole.
package testsize

import "testing"

// Steps is n, or a quarter of it (at least one) under -short.
func Steps(n int) int {
	if testing.Short() {
		return max(n/4, 1)
	}
	return n
}
