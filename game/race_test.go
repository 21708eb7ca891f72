//go:build race

package game

// raceEnabled is true under go test -race. The race detector slows the
// simulation about tenfold; tests that run one goroutine and only repeat
// work for coverage do less under it, since their plain run checks it all.
const raceEnabled = true
