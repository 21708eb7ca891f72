//go:build race

package archive

// raceEnabled is true under go test -race. The race detector's shadow
// memory inflates what the runtime counts as allocated and slows replay
// about tenfold; the tests that measure allocations or replay the whole
// corpus do less under it, since their plain run checks the rest.
const raceEnabled = true
