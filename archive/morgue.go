package archive

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Morgue files in the data dir are named morgue-<n>.txt, n being the
// number of the run's finished recording (run-<n>.rec).
const (
	morguePrefix = "morgue-"
	morgueSuffix = ".txt"
)

// MorguePath returns the path of the morgue file numbered n in dir.
func MorguePath(dir string, n int) string {
	return filepath.Join(dir, morguePrefix+strconv.Itoa(n)+morgueSuffix)
}

// morgueNumber reads n from a file name morgue-<n>.txt; ok is false for
// any other name.
func morgueNumber(name string) (int, bool) {
	if !strings.HasPrefix(name, morguePrefix) || !strings.HasSuffix(name, morgueSuffix) {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, morguePrefix), morgueSuffix))
	return n, err == nil && n > 0 && filepath.Base(MorguePath("", n)) == name
}

// WriteMorgue writes text, atomically, as the morgue file of a finished
// run whose recording was kept as recording (run-N.rec, "" if the run was
// not recorded), and returns its path. It takes the recording's number; a
// run without one takes the number after every recording and morgue file
// in dir. A morgue file is never written over: if the number is taken the
// next free one is used.
func WriteMorgue(dir, recording string, text []byte) (string, error) {
	return writeMorgue(dir, recording, text, writeAtomic)
}

func writeMorgue(dir, recording string, text []byte, write writeFunc) (string, error) {
	n, ok := finishedNumber(recording)
	if !ok {
		var err error
		if n, err = nextMorgueNumber(dir); err != nil {
			return "", err
		}
	}
	if taken, err := morgueTaken(dir, n); err != nil {
		return "", err
	} else if taken {
		nums, err := morgueNumbers(dir)
		if err != nil {
			return "", err
		}
		n = nextNumber(nums)
	}
	path := MorguePath(dir, n)
	return path, write(path, text)
}

// morgueTaken reports whether the morgue file numbered n is there.
func morgueTaken(dir string, n int) (bool, error) {
	_, err := os.Lstat(MorguePath(dir, n))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// nextMorgueNumber is the number after every finished recording and morgue
// file in dir (or the lowest free one past the largest number).
func nextMorgueNumber(dir string) (int, error) {
	nums, err := morgueNumbers(dir)
	return nextNumber(nums), err
}

// morgueNumbers lists the numbers of dir's finished recordings and morgue
// files, which a new morgue file's number must not take.
func morgueNumbers(dir string) ([]int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var nums []int
	for _, e := range entries {
		n, ok := finishedNumber(e.Name())
		if !ok {
			n, ok = morgueNumber(e.Name())
		}
		if ok {
			nums = append(nums, n)
		}
	}
	return nums, nil
}
