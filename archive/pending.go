package archive

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/recap"
)

// A finished run whose high score or morgue file could not be written (a
// full disk) leaves an empty run-N.pending beside its recording run-N.rec:
// an empty file needs no room for data, and the recording holds the whole
// run, so the next start replays it and writes what is missing.
const pendingSuffix = ".pending"

func pendingPath(dir string, n int) string {
	return filepath.Join(dir, finishedPrefix+strconv.Itoa(n)+pendingSuffix)
}

// markPending leaves the mark of the finished recording named recording.
func markPending(dir, recording string) error {
	n, ok := finishedNumber(recording)
	if !ok {
		return errors.New("the run was not recorded")
	}
	f, err := os.OpenFile(pendingPath(dir, n), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// pendingNumbers lists the numbers of the runs marked pending in dir.
func pendingNumbers(dir string) []int {
	entries, _ := os.ReadDir(dir)
	var nums []int
	for _, e := range entries {
		digits, ok := strings.CutSuffix(e.Name(), pendingSuffix)
		if !ok {
			continue
		}
		if n, ok := finishedNumber(digits + finishedSuffix); ok {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	return nums
}

// endedRun is what a finished run leaves in the data folder beside its
// recording: its high score and its morgue file.
type endedRun struct {
	g    *game.Game
	kept string // its finished recording's name, "" if it was not recorded
}

// writeEnd writes the run's high score (unless table already holds it) and
// morgue file (unless morgue-N.txt is there), and returns why each failed.
// A table that could not be read is told of at once.
func (s *Session) writeEnd(r endedRun, skipMorgue bool) (scoreErr, morgueErr error, morgue []byte) {
	sum := SummaryOf(&r.g.Run)
	sum.Recording = r.kept
	table, _ := LoadScores(s.dir)
	if !slices.Contains(table, sum) {
		var loadErr error
		_, loadErr, scoreErr = addScore(s.dir, sum, s.writer())
		var bad *UnreadableError
		if errors.As(loadErr, &bad) && bad.Path == ScoresPath(s.dir) {
			s.notify(s.scoresProblem(bad))
		}
	}
	if !skipMorgue {
		morgue = []byte(recap.Morgue(s.data, r.g, r.kept))
		var path string
		if path, morgueErr = writeMorgue(s.dir, r.kept, morgue, s.writer()); morgueErr == nil {
			s.morgue = path
		}
	}
	return scoreErr, morgueErr, morgue
}

// writer is how the session writes whole files.
func (s *Session) writer() writeFunc {
	if s.write != nil {
		return s.write
	}
	return writeAtomic
}

// endFailed tells, on the end screen, what a finished run could not
// write, keeps the morgue text in the temp folder if it could not be
// written in the data folder, and marks the run to be written again at
// the next start.
func (s *Session) endFailed(r endedRun, scoreErr, morgueErr error, morgue []byte) {
	if scoreErr != nil {
		s.notify(s.data.Texts.Format(assets.NoticeScoreFailed, "error", unwrapPath(scoreErr)))
	}
	if morgueErr != nil {
		if path, err := copyToTemp(morgue); err == nil {
			s.notify(s.data.Texts.Format(assets.NoticeMorgueCopied, "error", unwrapPath(morgueErr), "path", homeShort(path)))
		} else {
			s.notify(s.data.Texts.Format(assets.NoticeMorgueFailed, "error", unwrapPath(morgueErr)))
		}
	}
	if markPending(s.dir, r.kept) == nil {
		s.notify(s.data.Texts.Get(assets.NoticeRetryAtStart))
	}
}

// copyToTemp writes the morgue text into a new file in the temp folder,
// often another disk than the data folder's.
func copyToTemp(text []byte) (string, error) {
	f, err := os.CreateTemp("", "lastpost-morgue-*.txt")
	if err != nil {
		return "", err
	}
	_, err = f.Write(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// retryPending writes what the runs marked pending could not write when
// they ended, replaying each one's recording (within a proof's cost bound)
// to rebuild its end, and says how that went.
func (s *Session) retryPending() []string {
	var written, failed int
	var lastErr error
	for _, n := range pendingNumbers(s.dir) {
		name := filepath.Base(finishedPath(s.dir, n))
		g, err := s.replayEnded(name)
		if err == nil {
			_, statErr := os.Lstat(MorguePath(s.dir, n))
			var scoreErr, morgueErr error
			scoreErr, morgueErr, _ = s.writeEnd(endedRun{g: g, kept: name}, statErr == nil)
			err = errors.Join(scoreErr, morgueErr)
		}
		if err != nil {
			failed++
			lastErr = err
			continue
		}
		_ = os.Remove(pendingPath(s.dir, n))
		written++
	}
	var notes []string
	if written > 0 {
		notes = append(notes, s.data.Texts.Get(assets.NoticePendingWritten))
	}
	if failed > 0 {
		notes = append(notes, s.data.Texts.Format(assets.NoticePendingFailed, "error", unwrapPath(lastErr)))
	}
	return notes
}

// replayEnded replays the finished recording name to its end line, within
// a proof's cost bound, and returns the game as it ended.
func (s *Session) replayEnded(name string) (*game.Game, error) {
	path := filepath.Join(s.dir, name)
	if st, err := os.Stat(path); err != nil {
		return nil, err
	} else if st.Size() > maxProofSize {
		return nil, errors.New(name + ": too long to replay")
	}
	rec, err := LoadRecording(path)
	if err != nil {
		return nil, err
	}
	if len(rec.Steps) > MaxProofCommands || len(rec.Resumes) > MaxProofResumes {
		return nil, errors.New(name + ": too long to replay")
	}
	p, err := NewPlayer(s.data, rec, nil)
	if err != nil {
		return nil, err
	}
	if err := p.Seek(p.Len()); err != nil {
		return nil, err
	}
	if err := p.CheckEnd(false); err != nil {
		return nil, err
	}
	return p.Game(), nil
}
