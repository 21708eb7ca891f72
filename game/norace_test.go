//go:build !race

package game

// raceEnabled is true under go test -race (see race_test.go).
const raceEnabled = false
