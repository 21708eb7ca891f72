package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// ErrNotRegular marks a path that names a FIFO, a device, a socket or a
// folder where a player's file was expected. Its text is what the player
// reads after the file's name: "FILE: not a regular file".
var ErrNotRegular = errors.New("not a regular file")

// TooLargeError is a file over the size its reader accepts. It is found
// from the file's size before anything is read, so an enormous file is
// never loaded into memory.
type TooLargeError struct {
	Size  int64 // the file's size in bytes
	Limit int64 // the most the reader accepts
}

// Error says how big the file is and what is accepted, in one line.
func (e *TooLargeError) Error() string {
	size, limit := sizeText(e.Size), sizeText(e.Limit)
	if size == limit {
		// Just over: rounding would make the two look the same.
		size, limit = fmt.Sprintf("%d bytes", e.Size), fmt.Sprintf("%d bytes", e.Limit)
	}
	return fmt.Sprintf("too large: %s, over the %s this file may hold", size, limit)
}

// sizeText writes a byte count the way a player reads it.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// OpenRegular opens path for reading and refuses anything but a regular
// file with an error wrapping ErrNotRegular that reads "PATH: not a regular
// file". It opens without
// blocking, because opening a FIFO for reading otherwise waits for a writer
// forever (and a device may do anything); the check is made on the open
// file, so the path cannot be swapped between the check and the read.
func OpenRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	return f, nil
}

// ReadRegular reads the regular file at path whole, if it holds at most
// limit bytes; a bigger one is a *TooLargeError, found before reading. A
// file that grows while it is read is cut off one byte past limit and
// refused the same way.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > limit {
		return nil, &TooLargeError{Size: st.Size(), Limit: limit}
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &TooLargeError{Size: int64(len(b)), Limit: limit}
	}
	return b, nil
}
