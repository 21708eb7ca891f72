// Package atomicfile replaces files so that a crash at any moment leaves
// either the old file or the new one, never a mix or a stub. Every file a
// player cares about (saves, high scores, recordings put back in place, the
// config) is written through it, so all of them get the same durability.
package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// tempSuffix ends the name of every temp file; the rest of the name is the
// target's, dotted, so a listing shows what it was for.
const tempSuffix = ".tmp"

// WriteFile replaces path with data: a temp file with a unique name in the
// same folder (so the rename cannot cross file systems) is written, synced,
// given perm, renamed over path, and the folder is synced so the rename
// survives a power cut. On any error the temp file is removed and path is
// left as it was. The folder must exist. A path that is a symbolic link is
// written through to the file it names, so a player who linked the save
// elsewhere (a synced folder, another disk) finds the new one there rather
// than the link replaced by a file and its target left stale.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	path, err := Target(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, tempPattern(path))
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err := fill(f, data, perm); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return SyncDir(dir)
}

// fill writes data to f with perm, flushes it to the disk and closes f.
func fill(f *os.File, data []byte, perm os.FileMode) error {
	// CreateTemp makes the file 0600; the umask does not apply to Chmod,
	// which is what keeping an existing file's mode needs.
	err := f.Chmod(perm)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// maxLinks bounds the symbolic links Target follows, as the system bounds
// them, so a loop of links is an error and not a hang.
const maxLinks = 40

// Target returns the file path names once symbolic links are followed: path
// itself if it is not a link or does not exist, else the file at the end of
// its links (which need not exist yet).
func Target(path string) (string, error) {
	for range maxLinks {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			return path, nil
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return "", &os.PathError{Op: "write", Path: path, Err: syscall.ELOOP}
}

// Mode returns the permissions of the file at path, or def if there is no
// such file, so a rewrite keeps what the player set.
func Mode(path string, def os.FileMode) os.FileMode {
	if st, err := os.Stat(path); err == nil {
		return st.Mode().Perm()
	}
	return def
}

// RemoveTemps removes the temp files an interrupted WriteFile of path left
// behind. A folder that cannot be listed has none to remove.
func RemoveTemps(path string) {
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := "." + filepath.Base(path) + "."
	for _, e := range entries {
		if name := e.Name(); strings.HasPrefix(name, prefix) && strings.HasSuffix(name, tempSuffix) {
			_ = os.Remove(filepath.Join(dir, name))
		}
	}
}

// tempPattern is the os.CreateTemp pattern for a temp file of path.
func tempPattern(path string) string { return "." + filepath.Base(path) + ".*" + tempSuffix }

// SyncDir makes a rename or a removal in dir durable. Systems that cannot
// open or sync a folder (Windows; some file systems) make them durable
// themselves, so that is not an error.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	return nil
}
