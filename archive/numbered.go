package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"slices"
)

// The data folder numbers its files (run-N.rec, morgue-N.txt,
// FILE.unreadable-N), each new one above the highest there. A number at the
// largest integer has no number above it: the next one is then the lowest
// free number instead, so names never wrap to negative ones and a new file
// never takes an old one's name.

// nextNumber returns the number for a new file beside the numbers taken:
// one above the highest, or the lowest positive number not taken if the
// highest is the largest integer. taken holds positive numbers.
func nextNumber(taken []int) int {
	if len(taken) == 0 {
		return 1
	}
	top := slices.Max(taken)
	if top < math.MaxInt {
		return top + 1
	}
	sorted := slices.Clone(taken)
	slices.Sort(sorted)
	n := 1
	for _, t := range sorted {
		if t > n {
			break
		}
		if t == n {
			n++
		}
	}
	return n
}

// maxNameTries bounds the search for a free name when names are taken
// between the listing and the move (only another program could do that,
// since the game holds the folder's lock).
const maxNameTries = 100

// moveToFree moves the file at from to name(n), n the next number beside
// taken, and never over an existing file: a name found taken is skipped.
// It returns the new path and its number.
func moveToFree(from string, taken []int, name func(int) string) (string, int, error) {
	taken = slices.Clone(taken)
	for range maxNameTries {
		n := nextNumber(taken)
		to := name(n)
		err := moveNoReplace(from, to)
		if err == nil {
			return to, n, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", 0, err
		}
		taken = append(taken, n)
	}
	return "", 0, fmt.Errorf("%s: no free name to move it to", from)
}

// moveNoReplace renames from to to, failing with fs.ErrExist if to is
// there: a hard link to the new name (which the system refuses over an
// existing file), then the old name removed. Where links are not supported
// it checks for the new name and renames.
func moveNoReplace(from, to string) error {
	err := os.Link(from, to)
	if err == nil {
		return os.Remove(from)
	}
	if errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, serr := os.Lstat(to); serr == nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: fs.ErrExist}
	}
	return os.Rename(from, to)
}
