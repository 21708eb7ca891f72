package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"lastpost/assets"
	"lastpost/assets/atomicfile"

	"lastpost/game"
)

// SaveName is the save file's name in the data folder.
const SaveName = "save.lastpost"

// MaxSaveSize bounds what LoadFile reads: a real save is well under a
// megabyte, and a bigger file is damaged or not a save. It is refused from
// its size alone, before it is read.
const MaxSaveSize = 4 << 20

// KeptAside is how many set-aside copies of one file stay beside it
// (save.lastpost.unreadable-N); older ones are moved into AsideDir, never
// deleted, so the data folder stays readable however many pile up.
const KeptAside = 10

// AsideDir is the folder in the data folder that holds the older set-aside
// files.
const AsideDir = "aside"

// DefaultDir is the data folder when none is given: $XDG_DATA_HOME/lastpost,
// or ~/.local/share/lastpost.
func DefaultDir() string {
	if dir := os.Getenv("XDG_DATA_HOME"); dir != "" {
		return filepath.Join(dir, "lastpost")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "lastpost"
	}
	return filepath.Join(home, ".local", "share", "lastpost")
}

// SavePath returns where the save lives in the data folder dir.
func SavePath(dir string) string { return filepath.Join(dir, SaveName) }

// UnreadableError reports a file that could not be read. The file is never
// deleted: it is moved aside to MovedTo (empty if even that failed), so a
// new one can be written in its place and the old one kept for a look.
type UnreadableError struct {
	Path    string // the file as it was found
	MovedTo string // where it was kept, or "" if it could not be moved
	Reason  string // what is wrong with it, one line
	// MoveErr says why it could not be moved aside (MovedTo is "").
	MoveErr error
}

// Error says in one line which file, what is wrong and where it went.
func (e *UnreadableError) Error() string {
	if e.MovedTo == "" {
		return fmt.Sprintf("%s could not be read: %s; it could not be moved aside: %v", e.Path, e.Reason, e.MoveErr)
	}
	return fmt.Sprintf("%s could not be read: %s; it was kept as %s", e.Path, e.Reason, filepath.Base(e.MovedTo))
}

// SaveFile saves g to the data folder dir atomically: an interrupted save
// leaves the previous one whole. The folder is made if need be.
func SaveFile(dir string, g *game.Game) error {
	b, err := MarshalSave(g)
	if err != nil {
		return err
	}
	return writeAtomic(SavePath(dir), b)
}

// saveFrame frames a save: the version is the state's, as game defines it.
// Version 2, without the content line, is still read.
var saveFrame = frame{magic: "lastpost-save", version: game.SaveVersion, oldest: 2}

// MarshalSave writes g as a save file: a header line with the format
// version, the body's length and its SHA-256, then the body: a content line
// naming the play data (as a recording's) and the state in JSON.
// ParseSave reads it back.
func MarshalSave(g *game.Game) ([]byte, error) {
	body, err := g.MarshalState()
	if err != nil {
		return nil, err
	}
	return saveFrame.encode(append([]byte(contentLine(g.Data().Content)), body...)), nil
}

// ParseSave rebuilds a run from a save file written by MarshalSave,
// checking the header and the checksum before the state. A save made with
// other content than data is refused with a *ContentError. Every error is
// one line saying what is wrong; it never panics on bad input.
func ParseSave(data *assets.Data, b []byte) (*game.Game, error) {
	body, err := saveFrame.decode(b)
	if err != nil {
		return nil, err
	}
	if body, err = saveContent(data, frameVersion(b), body); err != nil {
		return nil, err
	}
	return game.UnmarshalState(data, body)
}

// HasSave reports whether dir holds a save (readable or not).
func HasSave(dir string) bool {
	_, err := os.Stat(SavePath(dir))
	return err == nil
}

// LoadFile loads the save in dir. Without one, the error wraps
// fs.ErrNotExist. A save that cannot be read is moved aside and reported
// as an *UnreadableError, so the title screen can say so and a new run
// can start. A temp file left by an interrupted save is removed.
func LoadFile(dir string, data *assets.Data) (*game.Game, error) {
	path := SavePath(dir)
	removeStale(path)
	b, err := readCapped(path, MaxSaveSize)
	if err != nil {
		return nil, unreadable(path, err)
	}
	g, err := ParseSave(data, b)
	var other *ContentError
	if errors.As(err, &other) {
		// Nothing is wrong with the file: it waits, in place, for the game
		// started with its content.
		other.File = path
		return nil, other
	}
	if err != nil {
		return nil, setAside(path, err)
	}
	return g, nil
}

// RemoveSave deletes the save in dir, and any temp file beside it. No save
// is not an error.
func RemoveSave(dir string) error {
	path := SavePath(dir)
	removeStale(path)
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return syncDir(dir)
}

// readCapped reads a whole regular file of at most limit bytes, without
// blocking on a FIFO or a device and without reading one that is too big.
func readCapped(path string, limit int64) ([]byte, error) {
	return atomicfile.ReadRegular(path, limit)
}

// unreadable turns a read error into the error to return: a missing file,
// one the system will not let us read or one that is not a regular file
// is reported as it is; a file too large to be ours is moved aside.
func unreadable(path string, err error) error {
	var big *atomicfile.TooLargeError
	if errors.As(err, &big) {
		return setAside(path, err)
	}
	return err
}

// setAside moves a file that could not be read out of the way and reports
// it as an *UnreadableError.
func setAside(path string, reason error) error {
	msg := strings.Join(strings.Fields(reason.Error()), " ")
	moved, err := moveAside(path)
	return &UnreadableError{Path: path, MovedTo: moved, Reason: msg, MoveErr: err}
}

// moveAside renames path to path.unreadable-N, N one above the highest
// there (or the lowest free one past the largest number), after moving the
// oldest beyond KeptAside-1 into AsideDir. It never moves over a file.
func moveAside(path string) (string, error) {
	dir := filepath.Dir(path)
	nums, err := asideNumbers(path)
	if err != nil {
		return "", err
	}
	for _, n := range nums[:max(len(nums)-(KeptAside-1), 0)] {
		if err := storeAside(dir, asidePath(path, n)); err != nil {
			return "", err
		}
	}
	to, _, err := moveToFree(path, nums, func(n int) string { return asidePath(path, n) })
	if err != nil {
		return "", err
	}
	return to, syncDir(dir)
}

// asidePath is the name of the n-th set-aside copy of path.
func asidePath(path string, n int) string { return fmt.Sprintf("%s.unreadable-%d", path, n) }

// asideNumbers lists the numbers of path's set-aside copies beside it, in
// increasing order.
func asideNumbers(path string) ([]int, error) {
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	prefix := filepath.Base(path) + ".unreadable-"
	var nums []int
	for _, e := range entries {
		digits, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok {
			continue
		}
		if n, err := strconv.Atoi(digits); err == nil && n > 0 && strconv.Itoa(n) == digits {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	return nums, nil
}

// storeAside moves the file at from into dir's AsideDir under its own name,
// or its name with -2, -3... if that is taken: nothing set aside is ever
// overwritten or deleted.
func storeAside(dir, from string) error {
	folder := filepath.Join(dir, AsideDir)
	if err := os.MkdirAll(folder, 0o700); err != nil {
		return err
	}
	to := filepath.Join(folder, filepath.Base(from))
	for k := 2; ; k++ {
		if _, err := os.Lstat(to); errors.Is(err, fs.ErrNotExist) {
			break
		}
		to = filepath.Join(folder, fmt.Sprintf("%s-%d", filepath.Base(from), k))
	}
	if err := os.Rename(from, to); err != nil {
		return err
	}
	return syncDir(folder)
}

// legacyTempPath is the temp file older builds wrote a save through.
func legacyTempPath(path string) string { return path + ".tmp" }

// removeStale removes the temp files an interrupted write left behind.
func removeStale(path string) {
	_ = os.Remove(legacyTempPath(path))
	atomicfile.RemoveTemps(path)
}

// writeAtomic replaces path with data so that a crash at any moment leaves
// either the old file or the new one. The folder is made if need be.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, 0o644)
}

func syncDir(dir string) error { return atomicfile.SyncDir(dir) }
