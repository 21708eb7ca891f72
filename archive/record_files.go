package archive

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"lastpost/game"
)

// Recording files in the data dir.
const (
	// CurrentRecording is the file of the run being played.
	CurrentRecording = "current.rec"
	// KeptRecordings is how many finished recordings are kept; the oldest
	// go first.
	KeptRecordings = 10
)

// Finished recordings are named run-<n>.rec, numbered up from 1.
const (
	finishedPrefix = "run-"
	finishedSuffix = ".rec"
)

// ErrRecordingMismatch means current.rec does not end where the game stands,
// so it cannot be continued.
var ErrRecordingMismatch = errors.New("game: the current recording does not match the game")

// RunRecording records the run being played into CurrentRecording in a data
// dir. Play through Do; call Finish when the run ends, or Close to stop
// (quitting with a save) and continue later with ResumeRunRecording.
type RunRecording struct {
	*Recorder
	f   *os.File
	dir string
}

// StartRunRecording begins recording the fresh game g into dir. A
// current.rec left behind (a crash, or a run never resumed) is kept as a
// finished recording first.
func StartRunRecording(dir string, g *game.Game) (*RunRecording, error) {
	return startRunRecording(dir, g, nil)
}

// wrapWriter, when not nil, stands between a run's recording and its file;
// tests make it fail as a full disk does.
type wrapWriter func(io.Writer) io.Writer

// writer is f, through wrap if there is one.
func (wrap wrapWriter) writer(f *os.File) io.Writer {
	if wrap == nil {
		return f
	}
	return wrap(f)
}

func startRunRecording(dir string, g *game.Game, wrap wrapWriter) (*RunRecording, error) {
	if g.Hash() != game.New(g.Data(), g.Run.Seed).Hash() {
		return nil, errors.New("game: a recording must start with a fresh game")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := archiveCurrent(dir); err != nil {
		return nil, err
	}
	f, err := os.Create(filepath.Join(dir, CurrentRecording))
	if err != nil {
		return nil, err
	}
	rec, err := NewRecorder(wrap.writer(f), g.Run.Seed, g.Hash())
	if err != nil {
		f.Close()
		return nil, err
	}
	return &RunRecording{Recorder: rec, f: f, dir: dir}, nil
}

// ResumeRunRecording continues dir's current.rec for g, a game restored from
// a save. It fails with ErrRecordingMismatch unless the recording is of g's
// seed and this logic version and ends in g's present state.
func ResumeRunRecording(dir string, g *game.Game) (*RunRecording, error) {
	return resumeRunRecording(dir, g, nil)
}

func resumeRunRecording(dir string, g *game.Game, wrap wrapWriter) (*RunRecording, error) {
	path := filepath.Join(dir, CurrentRecording)
	rec, err := LoadRecording(path)
	if err != nil {
		return nil, err
	}
	if rec.Logic != game.LogicVersion || rec.Seed != g.Run.Seed || rec.Last() != g.Hash() {
		return nil, ErrRecordingMismatch
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, err
	}
	return &RunRecording{Recorder: resumeRecorder(wrap.writer(f), len(rec.Steps)), f: f, dir: dir}, nil
}

// Close stops recording and leaves current.rec in place.
func (r *RunRecording) Close() error { return r.f.Close() }

// Finish closes the recording of a run that has ended and keeps it among
// the finished ones, dropping the oldest beyond KeptRecordings.
func (r *RunRecording) Finish() error {
	if err := r.f.Close(); err != nil {
		return err
	}
	return archiveCurrent(r.dir)
}

// KeepCurrentRecording moves dir's current.rec, if any, among the finished
// recordings, as StartRunRecording does before a new run, so another
// recording can take its place.
func KeepCurrentRecording(dir string) error { return archiveCurrent(dir) }

// FinishedRecordings lists the finished recordings in dir, oldest first.
func FinishedRecordings(dir string) ([]string, error) {
	nums, err := finishedNumbers(dir)
	if err != nil {
		return nil, err
	}
	paths := make([]string, len(nums))
	for i, n := range nums {
		paths[i] = finishedPath(dir, n)
	}
	return paths, nil
}

func finishedPath(dir string, n int) string {
	return filepath.Join(dir, finishedPrefix+strconv.Itoa(n)+finishedSuffix)
}

// finishedNumbers returns the numbers of the finished recordings in dir,
// in increasing order.
func finishedNumbers(dir string) ([]int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	var nums []int
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, finishedPrefix) || !strings.HasSuffix(name, finishedSuffix) {
			continue
		}
		digits := strings.TrimSuffix(strings.TrimPrefix(name, finishedPrefix), finishedSuffix)
		if n, err := strconv.Atoi(digits); err == nil && n > 0 && finishedPath(dir, n) == filepath.Join(dir, name) {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	return nums, nil
}

// archiveCurrent renames dir's current.rec, if any, to the next finished
// name and removes the oldest finished ones beyond KeptRecordings.
func archiveCurrent(dir string) error {
	cur := filepath.Join(dir, CurrentRecording)
	if _, err := os.Stat(cur); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	nums, err := finishedNumbers(dir)
	if err != nil {
		return err
	}
	next := 1
	if len(nums) > 0 {
		next = nums[len(nums)-1] + 1
	}
	if err := os.Rename(cur, finishedPath(dir, next)); err != nil {
		return err
	}
	nums = append(nums, next)
	for _, n := range nums[:max(len(nums)-KeptRecordings, 0)] {
		if err := os.Remove(finishedPath(dir, n)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("game: dropping an old recording: %w", err)
		}
	}
	return nil
}
