package archive

import (
	"errors"
	"fmt"
	"io"
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
	f *os.File
}

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

// LockDir takes the lock of the data folder dir, which must exist. It fails
// at once with an *InUseError if another process holds it. The lock file
// holds the holder's process id, for the message a second copy gives; it
// is never removed, because removing it would let a third copy lock a new
// file while the second still holds the old one.
func LockDir(dir string) (*Lock, error) {
	path := filepath.Join(dir, LockName)
	// O_NONBLOCK: a FIFO put in its place must not hang the game.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NONBLOCK, 0o600)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		pid := holder(f)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &InUseError{Dir: dir, PID: pid}
		}
		return nil, fmt.Errorf("%s: cannot be locked: %w", path, err)
	}
	// The id is a courtesy for the message; failing to write it loses
	// nothing, the lock itself is held.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

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
