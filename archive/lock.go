package archive

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"lastpost/assets"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockName is the lock file's name in the data folder. While a game plays,
// it holds an exclusive lock on it, so a second copy of the game on the
// same folder is refused instead of overwriting the first one's save and
// interleaving its recording.
const LockName = "lastpost.lock"

// Lock is the data folder's lock, held from LockDir until Unlock. It is an
// OS file lock (flock), so the kernel drops it when the process ends, however
// it ends: a crash or kill -9 never leaves a stale lock behind.
type Lock struct {
	f        *os.File
	readOnly bool
}

// ReadOnly reports a data folder the game may not write: play goes on,
// but nothing can be saved.
func (l *Lock) ReadOnly() bool { return l != nil && l.readOnly }

// InUseError is a data folder whose lock another process holds.
type InUseError struct {
	Dir string
	PID int // the holder's process id, as its lock file says; 0 if unknown
}

// Error says which folder is in use, and by which process if known.
func (e *InUseError) Error() string {
	if e.PID > 0 {
		return fmt.Sprintf("%s is in use by another game (process %d)", e.Dir, e.PID)
	}
	return fmt.Sprintf("%s is in use by another game", e.Dir)
}

// maxLockSize bounds what is read of a lock file: a process id and a newline.
const maxLockSize = 32

// pidWidth is the width the process id is written at, padded with spaces,
// so a shorter id written over a longer one needs no truncation: the lock
// file is never truncated, in case it is not the game's own.
const pidWidth = 20

// Lock files that are not the game's own are refused.
var (
	// ErrLockNotRegular is a lock file that is a symbolic link, a FIFO, a
	// device or a folder: opening it for writing could write elsewhere.
	ErrLockNotRegular = errors.New("not a regular file")
	// ErrLockNotOurs is a lock file owned by another user, or one with
	// other names (hard links): the pid written into it would land in a
	// file the game did not make.
	ErrLockNotOurs = errors.New("not the game's own lock file (another owner, or other links to it)")
)

// openFunc opens a file as os.OpenFile does; tests put a failing one in.
type openFunc func(path string, flag int, perm os.FileMode) (*os.File, error)

// LockDir takes the lock of the data folder dir, which must exist. It fails
// at once with an *InUseError if another process holds it. The lock file
// holds the holder's process id, for the message a second copy gives; it
// is never removed, because removing it would let a third copy lock a new
// file while the second still holds the old one. A folder the game may not
// write is still locked, through a read-only descriptor (of the lock file,
// or of the folder itself if there is none), and the Lock says ReadOnly.
func LockDir(dir string) (*Lock, error) { return lockDir(dir, os.OpenFile) }

func lockDir(dir string, open openFunc) (*Lock, error) {
	path := filepath.Join(dir, LockName)
	f, readOnly, err := openLockFile(dir, path, open)
	if err != nil {
		return nil, err
	}
	if err := flockNow(f); err != nil {
		pid := holder(f)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &InUseError{Dir: dir, PID: pid}
		}
		return nil, fmt.Errorf("%s: cannot be locked: %w", path, err)
	}
	if !readOnly {
		// The id is a courtesy for the message; failing to write it
		// loses nothing, the lock itself is held.
		_, _ = f.WriteAt(fmt.Appendf(nil, "%-*d\n", pidWidth, os.Getpid()), 0)
	}
	return &Lock{f: f, readOnly: readOnly}, nil
}

// lockOpenFlags open the lock file without following a symbolic link
// (O_NOFOLLOW), without truncating it, and without hanging on a FIFO put in
// its place (O_NONBLOCK).
const lockOpenFlags = syscall.O_NOFOLLOW | syscall.O_NONBLOCK | syscall.O_CLOEXEC

// openLockFile opens the lock file for writing, made if missing, and
// checks it is the game's own. In a folder the game may not write it opens
// the lock file read-only, or the folder itself if there is no lock file:
// readOnly is then true.
func openLockFile(dir, path string, open openFunc) (f *os.File, readOnly bool, err error) {
	f, err = open(path, os.O_RDWR|os.O_CREATE|lockOpenFlags, 0o600)
	if isReadOnlyErr(err) {
		readOnly = true
		f, err = open(path, os.O_RDONLY|lockOpenFlags, 0)
		if errors.Is(err, fs.ErrNotExist) {
			f, err = open(dir, os.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
			return f, true, err
		}
	}
	if errors.Is(err, syscall.ELOOP) {
		return nil, false, fmt.Errorf("%s: %w", path, ErrLockNotRegular)
	}
	if err != nil {
		return nil, false, err
	}
	if err := checkLockFile(f); err != nil {
		f.Close()
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	return f, readOnly, nil
}

// isReadOnlyErr reports an open refused because the folder or its file
// system may not be written.
func isReadOnlyErr(err error) bool {
	return errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EPERM)
}

// checkLockFile checks, on the open descriptor, that the lock file is a
// regular file of this user's with no other name.
func checkLockFile(f *os.File) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return ErrLockNotRegular
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && (int(sys.Uid) != os.Geteuid() || sys.Nlink != 1) {
		return ErrLockNotOurs
	}
	return nil
}

// flockNow takes the exclusive lock on f, or fails at once.
func flockNow(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }

// holder reads the process id a lock file holds, 0 if it holds none.
func holder(f *os.File) int {
	b, err := io.ReadAll(io.NewSectionReader(f, 0, maxLockSize))
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}

// Unlock releases the lock. A nil lock is fine to unlock.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}

// ClaimDir makes the data folder dir if it is missing and locks it for this
// game: a second copy would overwrite the first one's save and interleave
// its recording. Its error is one line for the player, worded from data's
// texts.
func ClaimDir(dir string, data *assets.Data) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, errors.New(data.Texts.Format(assets.CLIDataDir, "dir", dir, "error", err))
	}
	lock, err := LockDir(dir)
	var inUse *InUseError
	switch {
	case err == nil:
		return lock, nil
	case errors.As(err, &inUse) && inUse.PID > 0:
		return nil, errors.New(data.Texts.Format(assets.CLIDataDirInUseBy, "dir", dir, "pid", inUse.PID))
	case errors.As(err, &inUse):
		return nil, errors.New(data.Texts.Format(assets.CLIDataDirInUse, "dir", dir))
	}
	return nil, errors.New(data.Texts.Format(assets.CLIDataDir, "dir", dir, "error", err))
}
