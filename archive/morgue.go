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
	n, ok := finishedNumber(recording)
	if !ok {
		var err error
		if n, err = nextMorgueNumber(dir); err != nil {
			return "", err
		}
	}
	for {
		_, err := os.Lstat(MorguePath(dir, n))
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		if err != nil {
			return "", err
		}
		n++
	}
	path := MorguePath(dir, n)
	return path, writeAtomic(path, text)
}

// nextMorgueNumber is the number after every finished recording and morgue
// file in dir.
func nextMorgueNumber(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return 0, err
	}
	top := 0
	for _, e := range entries {
		n, ok := finishedNumber(e.Name())
		if !ok {
			n, _ = morgueNumber(e.Name())
		}
		top = max(top, n)
	}
	return top + 1, nil
}
