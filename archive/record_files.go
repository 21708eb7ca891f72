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
// (quitting with a save) and continue later with ResumeRunRecording, which
// notes the resume in the recording.
type RunRecording struct {
	*Recorder
	f    *os.File
	dir  string
	kept string // the finished recording's path, once Finish has kept it
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
	if _, err := archiveCurrent(dir); err != nil {
		return nil, err
	}
	f, err := os.Create(filepath.Join(dir, CurrentRecording))
	if err != nil {
		return nil, err
	}
	rec, err := NewRecorder(wrap.writer(f), g)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &RunRecording{Recorder: rec, f: f, dir: dir}, nil
}

// ResumeRunRecording continues dir's current.rec for g, a game restored from
// a save. It fails with ErrRecordingMismatch unless the recording is of g's
// seed and this logic version, has no end line and ends in g's present
// state. It writes the resume line that says so, with g's hash.
func ResumeRunRecording(dir string, g *game.Game) (*RunRecording, error) {
	return resumeRunRecording(dir, g, nil)
}

func resumeRunRecording(dir string, g *game.Game, wrap wrapWriter) (*RunRecording, error) {
	path := filepath.Join(dir, CurrentRecording)
	rec, err := LoadRecording(path)
	if err != nil {
		return nil, err
	}
	if rec.Logic != game.LogicVersion || rec.Seed != g.Run.Seed || rec.End != nil || rec.Last() != g.Hash() ||
		checkContent(g.Data(), rec) != nil {
		return nil, ErrRecordingMismatch
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, err
	}
	r := &RunRecording{Recorder: resumeRecorder(wrap.writer(f), len(rec.Steps)), f: f, dir: dir}
	if err := r.Resume(g.Hash()); err != nil {
		f.Close()
		return nil, err
	}
	return r, nil
}

// Close stops recording and leaves current.rec in place.
func (r *RunRecording) Close() error { return r.f.Close() }

// Finish writes the end line of g's run, which has ended, closes the
// recording and keeps it among the finished ones, dropping the oldest
// beyond KeptRecordings.
func (r *RunRecording) Finish(g *game.Game) error {
	err := r.End(g)
	if cerr := r.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	r.kept, err = archiveCurrent(r.dir)
	return err
}

// Kept returns the path Finish kept the recording under ("" before).
func (r *RunRecording) Kept() string { return r.kept }

// KeepCurrentRecording moves dir's current.rec, if any, among the finished
// recordings, as StartRunRecording does before a new run, so another
// recording can take its place.
func KeepCurrentRecording(dir string) error {
	_, err := archiveCurrent(dir)
	return err
}

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
		if n, ok := finishedNumber(e.Name()); ok {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	return nums, nil
}

// finishedNumber reads n from a file name run-<n>.rec written as
// finishedPath writes it; ok is false for any other name.
func finishedNumber(name string) (int, bool) {
	if !strings.HasPrefix(name, finishedPrefix) || !strings.HasSuffix(name, finishedSuffix) {
		return 0, false
	}
	digits := strings.TrimSuffix(strings.TrimPrefix(name, finishedPrefix), finishedSuffix)
	n, err := strconv.Atoi(digits)
	return n, err == nil && n > 0 && finishedPrefix+strconv.Itoa(n)+finishedSuffix == name
}

// archiveCurrent renames dir's current.rec, if any, to the next free
// finished name (never over a file), which it returns, and removes the oldest finished ones beyond
// KeptRecordings, except those a high-score entry names: a score keeps its
// run's recording while it stands.
func archiveCurrent(dir string) (string, error) {
	cur := filepath.Join(dir, CurrentRecording)
	if _, err := os.Stat(cur); errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	nums, err := finishedNumbers(dir)
	if err != nil {
		return "", err
	}
	kept, next, err := moveToFree(cur, nums, func(n int) string { return finishedPath(dir, n) })
	if err != nil {
		return "", err
	}
	nums = append(nums, next)
	var scored map[string]bool
	for _, n := range nums[:max(len(nums)-KeptRecordings, 0)] {
		if scored == nil {
			scored = scoredRecordings(dir)
		}
		if scored[filepath.Base(finishedPath(dir, n))] {
			continue
		}
		if err := os.Remove(finishedPath(dir, n)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return kept, fmt.Errorf("game: dropping an old recording: %w", err)
		}
	}
	return kept, nil
}
