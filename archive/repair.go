package archive

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"

	"lastpost/assets/atomicfile"
	"lastpost/game"
)

// ResumeOrRepair carries on the recording of a continued run. If the run
// was played on past its save and left without saving, or another run was
// started since, its recording is found (current.rec, or the newest
// finished one of its seed that passes through the saved state) and cut
// back to the saved turn first.
func ResumeOrRepair(dir string, g *game.Game) (*RunRecording, error) {
	return resumeOrRepair(dir, g, nil)
}

func resumeOrRepair(dir string, g *game.Game, wrap wrapWriter) (*RunRecording, error) {
	rr, err := resumeRunRecording(dir, g, wrap)
	if err == nil {
		return rr, nil
	}
	if rerr := reviveRecording(dir, g); rerr != nil {
		return nil, fmt.Errorf("%w (%v)", err, rerr)
	}
	return resumeRunRecording(dir, g, wrap)
}

// reviveRecording makes current.rec the recording of g up to its present
// state, keeping whatever current.rec held before among the finished ones
// unless it is g's own.
func reviveRecording(dir string, g *game.Game) error {
	cur := filepath.Join(dir, CurrentRecording)
	finished, err := FinishedRecordings(dir)
	if err != nil {
		return err
	}
	candidates := []string{cur}
	for i := len(finished) - 1; i >= 0; i-- {
		candidates = append(candidates, finished[i])
	}
	for _, path := range candidates {
		rec, err := LoadRecording(path)
		if err != nil || rec.Logic != game.LogicVersion || rec.Seed != g.Run.Seed {
			continue
		}
		n, ok := stepsUpTo(rec, g.Hash())
		if !ok {
			continue
		}
		rec.Cut(n)
		if path != cur {
			if err := KeepCurrentRecording(dir); err != nil {
				return err
			}
		}
		return writeRecording(cur, rec)
	}
	return errors.New("no recording of this run reaches its saved state")
}

// stepsUpTo returns how many of rec's steps lead to the state with hash h:
// the most that end in it (refusals after it change nothing).
func stepsUpTo(rec *Recording, h uint64) (int, bool) {
	for i := len(rec.Steps) - 1; i >= 0; i-- {
		if rec.Steps[i].Hash == h {
			return i + 1, true
		}
	}
	return 0, rec.Start == h
}

// writeRecording replaces path with rec atomically, so a failure leaves the
// old file whole.
func writeRecording(path string, rec *Recording) error {
	var b bytes.Buffer
	if _, err := rec.WriteTo(&b); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, b.Bytes(), 0o644)
}
