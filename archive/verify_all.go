package archive

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"lastpost/assets"
)

// VerifyAll verifies every recording of recs as Verify does, spread over
// the given number of goroutines, and returns the verdicts and errors in
// the order of recs.
//
// Each recording is a run of its own, re-simulated from its own seed, so
// the recordings can be checked side by side: each goroutine keeps one
// Verifier and takes the next recording not yet taken, and what a verdict
// says depends only on its recording, never on which goroutine played it or
// what it played before (a Verifier's reused memory is cleared as a new
// game's would be). A batch of many recordings, like the golden corpus, is
// then checked about as many times faster as there are cores.
func VerifyAll(data *assets.Data, recs []*Recording, workers int) ([]Verified, []error) {
	out, errs := make([]Verified, len(recs)), make([]error, len(recs))
	sideBySide(len(recs), workers, func() func(int) {
		v := NewVerifier(data)
		return func(i int) { out[i], errs[i] = v.Verify(recs[i], nil) }
	})
	return out, errs
}

// FolderVerdict is what VerifyDir found of one file.
type FolderVerdict struct {
	Path string
	// Verdict is the line VerifyPath gives when Err is nil.
	Verdict string
	Err     error
}

// VerifyDir checks every recording in the folder dir (its files ending in
// .rec, in name order) as VerifyPath does, side by side on the given
// number of goroutines; with a trace, one at a time, so that each
// recording's trace follows the last one's whole. Each file has its
// verdict or its error, in name order. VerifyDir itself fails only when the
// folder cannot be read or holds no recording.
func VerifyDir(dir string, partial bool, data *assets.Data, trace io.Writer, workers int) ([]FolderVerdict, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var found []FolderVerdict
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), finishedSuffix) {
			found = append(found, FolderVerdict{Path: filepath.Join(dir, e.Name())})
		}
	}
	if len(found) == 0 {
		return nil, fmt.Errorf("%s: no recording (a file ending in %s) in this folder", dir, finishedSuffix)
	}
	slices.SortFunc(found, func(a, b FolderVerdict) int { return strings.Compare(a.Path, b.Path) })
	if trace != nil {
		workers = 1
	}
	sideBySide(len(found), workers, func() func(int) {
		return func(i int) {
			f := &found[i]
			f.Verdict, f.Err = VerifyPath(f.Path, partial, data, trace)
		}
	})
	return found, nil
}

// sideBySide calls a work function for every index below n from the given
// number of goroutines (at least one, and no more than n), each taking the
// next index not yet taken, and returns when all are done. Each goroutine
// gets its work function from start, once, so that it can keep what it
// reuses from one index to the next.
func sideBySide(n, workers int, start func() func(int)) {
	workers = max(1, min(workers, n))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			work := start()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				work(i)
			}
		})
	}
	wg.Wait()
}
