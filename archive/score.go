package archive

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// ScoresName is the high-score table's file name in the data folder.
const ScoresName = "scores.lastpost"

// MaxScores is how many runs the high-score table keeps.
const MaxScores = 10

// ScoresVersion is the format of the high-score file. Version 2 added each
// entry's recording; version 1 tables are still read (their entries have
// none).
const ScoresVersion = 2

// maxScoresSize bounds what LoadScores reads; ten entries take well under
// two kilobytes.
const maxScoresSize = 1 << 20

// maxCount bounds every count in the table, as a save bounds its own: far
// above anything play reaches, so sums cannot overflow.
const maxCount = math.MaxInt32

var scoresFrame = frame{magic: "lastpost-scores", version: ScoresVersion, oldest: 1}

// Summary is what a run achieved, shown when it ends and kept in the
// high-score table.
type Summary struct {
	Deliveries int    `json:"deliveries"`
	Letters    int    `json:"letters"`
	Earned     int    `json:"earned"` // money earned, not what is left
	Kills      int    `json:"kills"`
	Turns      int    `json:"turns"`
	Cause      string `json:"cause"` // what ended the run ("" if it goes on)
	Seed       uint64 `json:"seed"`
	Won        bool   `json:"won"`
	// Recording names the run's finished recording (run-N.rec) in the
	// data folder, kept while the entry stands; "" if it was not recorded.
	Recording string `json:"recording,omitempty"`
}

// SummaryOf sums the run r up.
func SummaryOf(r *game.Run) Summary {
	return Summary{Deliveries: r.Delivery, Letters: r.Letters, Earned: r.Earned, Kills: r.Kills,
		Turns: r.Turns, Cause: r.Cause, Seed: r.Seed, Won: r.Won}
}

// Better reports whether s ranks above o: more deliveries, then more money
// earned, then fewer turns.
func (s Summary) Better(o Summary) bool { return compareScores(s, o) < 0 }

// compareScores orders the best run first.
func compareScores(a, b Summary) int {
	return cmp.Or(cmp.Compare(b.Deliveries, a.Deliveries), cmp.Compare(b.Earned, a.Earned),
		cmp.Compare(a.Turns, b.Turns))
}

// Scores is the high-score table, best first, at most MaxScores long.
type Scores []Summary

// ScoresPath returns where the high-score table lives in the data folder.
func ScoresPath(dir string) string { return filepath.Join(dir, ScoresName) }

// LoadScores reads the high-score table in dir. No file is an empty table.
// A file that cannot be read is moved aside like a damaged save and
// reported as an *UnreadableError, with an empty table.
func LoadScores(dir string) (Scores, error) {
	path := ScoresPath(dir)
	removeStale(path)
	b, err := readCapped(path, maxScoresSize)
	if errors.Is(err, fs.ErrNotExist) {
		return Scores{}, nil
	}
	if err != nil {
		return Scores{}, unreadable(path, err)
	}
	s, err := ParseScores(b)
	if err != nil {
		return Scores{}, setAside(path, err)
	}
	return s, nil
}

// ParseScores reads a high-score file's contents, checking the header, the
// checksum, the order and every entry.
func ParseScores(b []byte) (Scores, error) {
	var s Scores
	if err := scoresFrame.decodeJSON(b, &s); err != nil {
		return nil, err
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("its contents are invalid: %w", err)
	}
	return s, nil
}

// Marshal writes the table as a high-score file.
func (s Scores) Marshal() ([]byte, error) { return scoresFrame.encodeJSON(s) }

func (s Scores) check() error {
	if len(s) > MaxScores {
		return fmt.Errorf("%d entries in a table of %d", len(s), MaxScores)
	}
	for i, e := range s {
		for _, v := range []int{e.Deliveries, e.Letters, e.Earned, e.Kills, e.Turns} {
			if v < 0 || v > maxCount {
				return fmt.Errorf("entry %d: a count of %d", i+1, v)
			}
		}
		if !act.IsCause(e.Cause) {
			return fmt.Errorf("entry %d: unknown cause %q", i+1, e.Cause)
		}
		if _, ok := finishedNumber(e.Recording); e.Recording != "" && !ok {
			return fmt.Errorf("entry %d: %q is not the name of a finished recording", i+1, e.Recording)
		}
		if i > 0 && compareScores(s[i-1], e) > 0 {
			return fmt.Errorf("entry %d ranks above entry %d", i+1, i)
		}
	}
	return nil
}

// Add puts a run into the table, after any equal ones, and trims it to
// MaxScores. It returns the new table and the run's place in it from 0, or
// -1 if it did not make the table.
func (s Scores) Add(e Summary) (Scores, int) {
	at := 0
	for at < len(s) && compareScores(s[at], e) <= 0 {
		at++
	}
	out := slices.Insert(slices.Clone(s), at, e)
	if len(out) > MaxScores {
		out = out[:MaxScores]
	}
	if at >= MaxScores {
		at = -1
	}
	return out, at
}

// AddScore records a finished run in the high-score table in dir, written
// atomically, and returns its place from 0 (-1 if it did not make the top
// MaxScores). If the old table could not be read it was moved aside, the
// run starts a new table, and the error says so.
func AddScore(dir string, e Summary) (int, error) {
	rank, loadErr, err := addScore(dir, e, writeAtomic)
	return rank, errors.Join(loadErr, err)
}

// writeFunc writes a whole file atomically, as writeAtomic does; tests put
// one in that fails as a full disk does.
type writeFunc func(path string, data []byte) error

// addScore is AddScore writing through write; it returns apart why the
// old table could not be read (it was set aside) and why the new one could
// not be written.
func addScore(dir string, e Summary, write writeFunc) (rank int, loadErr, writeErr error) {
	old, loadErr := LoadScores(dir)
	scores, rank := old.Add(e)
	b, err := scores.Marshal()
	if err == nil {
		err = write(ScoresPath(dir), b)
	}
	return rank, loadErr, err
}

// FinishRun closes a run for good (permadeath): a run still going is
// abandoned, its summary goes into the high-score table with the name of its
// finished recording (recording, "" if none), and only then is the save
// removed. The save is removed even if the table could not be written; the
// error reports either failure. It returns the summary and its place in
// the table (-1 if it did not make it).
func FinishRun(dir string, g *game.Game, recording string) (Summary, int, error) {
	if p := g.Phase(); p == act.PhaseRoad || p == act.PhaseCamp {
		g.GiveUp()
	}
	sum := SummaryOf(&g.Run)
	sum.Recording = recording
	rank, loadErr, err := addScore(dir, sum, writeAtomic)
	return sum, rank, errors.Join(loadErr, err, RemoveSave(dir))
}

// ScoreProof says whether a high-score entry's run replays to it.
type ScoreProof int

// The answers of ProveScore.
const (
	ScoreUnrecorded ScoreProof = iota // the entry names no recording
	ScoreProven                       // its recording replays to exactly the entry
	// ScoreUnproven is a recording that is missing, does not replay, ends
	// elsewhere, was played by the bot, or is a run another entry proved.
	ScoreUnproven
	// ScoreTooLong is a recording past the cost bound of a proof
	// (MaxProofCommands, MaxProofResumes): it is not replayed.
	ScoreTooLong
	// ScoreStopped is a proof stopped before its end (the table closed).
	ScoreStopped
)

// The cost bound of a proof: a recording holding more commands or resume
// lines than these is not replayed (ScoreTooLong). Each command replays in
// tens of microseconds and each resume line, a save and a load, in about a
// millisecond, so a proof takes a few seconds at most; the longest runs
// played hold a few thousand commands and a few dozen resumes.
const (
	MaxProofCommands = 50_000
	MaxProofResumes  = 500
)

// maxProofSize bounds the size of a recording a proof reads at all: every
// line at its longest.
const maxProofSize = (MaxProofCommands + MaxProofResumes + 8) * maxRecLine

// runKey names a run as its recording plays it: two recordings with the
// same key are copies of one run.
type runKey struct {
	seed, start, end uint64
}

// Prover proves the entries of one high-score table, in order. Each entry
// must replay to itself within the cost bound, be a player's run (never
// the bot's), and be a run no entry before it proved: ten copies of one
// recording prove one entry, not ten.
type Prover struct {
	dir  string
	data *assets.Data
	seen map[runKey]bool
}

// NewProver starts the proofs of the table in the data folder dir.
func NewProver(dir string, data *assets.Data) *Prover {
	return &Prover{dir: dir, data: data, seen: map[runKey]bool{}}
}

// ProveScore re-simulates the recording of entry e in dir and says whether
// it replays, line by line, to a finished run that sums up to e. A score is
// trusted because its run replays to it: the table itself can be edited.
func ProveScore(dir string, data *assets.Data, e Summary) ScoreProof {
	return NewProver(dir, data).Prove(e, nil)
}

// Prove says whether entry e's recording replays to it, as ProveScore
// does, and whether it is a run of its own. stop, if not nil, is asked
// between commands; once it says true the proof ends with ScoreStopped.
func (pr *Prover) Prove(e Summary, stop func() bool) ScoreProof {
	if e.Recording == "" {
		return ScoreUnrecorded
	}
	if _, ok := finishedNumber(e.Recording); !ok {
		return ScoreUnproven
	}
	path := filepath.Join(pr.dir, e.Recording)
	if st, err := os.Stat(path); err == nil && st.Size() > maxProofSize {
		return ScoreTooLong
	}
	rec, err := LoadRecording(path)
	switch {
	case err != nil || rec.Seed != e.Seed || rec.Bot != 0 || rec.End == nil:
		return ScoreUnproven
	case len(rec.Steps) > MaxProofCommands || len(rec.Resumes) > MaxProofResumes:
		return ScoreTooLong
	}
	key := runKey{seed: rec.Seed, start: rec.Start, end: rec.End.Hash}
	if pr.seen[key] {
		return ScoreUnproven
	}
	p, err := NewPlayer(pr.data, rec, nil)
	if err != nil {
		return ScoreUnproven
	}
	for !p.Done() {
		if stop != nil && stop() {
			return ScoreStopped
		}
		if _, err := p.Step(); err != nil {
			return ScoreUnproven
		}
	}
	if p.CheckEnd(false) != nil {
		return ScoreUnproven
	}
	got := SummaryOf(&p.Game().Run)
	got.Recording = e.Recording
	if got != e {
		return ScoreUnproven
	}
	pr.seen[key] = true
	return ScoreProven
}

// scoredRecordings names the recordings the high-score table in dir keeps.
func scoredRecordings(dir string) map[string]bool {
	table, _ := LoadScores(dir)
	out := map[string]bool{}
	for _, e := range table {
		if e.Recording != "" {
			out[e.Recording] = true
		}
	}
	return out
}
