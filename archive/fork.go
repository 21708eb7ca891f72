package archive

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/recap"
	"lastpost/rules/act"
)

// recFork is the header word of a fork line: "fork <source> <command>".
const recFork = "fork"

// ForksName is the forks' table in the data folder: a fork's score never
// mixes with fresh runs' in the high scores, it is kept here, a line a run.
const ForksName = "forks.txt"

// Fork says where a run taken over in the replay viewer came from: the
// recording it was watched in and the command after which the player took
// the wheel. Its recording keeps the source's commands up to there.
type Fork struct {
	Source string // the source recording's file name
	At     int    // commands kept from the source
}

// forkLine writes a recording's fork line, "" for a fresh run.
func forkLine(f *Fork) string {
	if f == nil {
		return ""
	}
	return fmt.Sprintf("%s %s %d\n", recFork, f.Source, f.At)
}

// forkThenSeed reads the optional fork line, then the seed line, whose
// value it returns.
func (p *recParser) forkThenSeed() (string, error) {
	s, ok, err := p.next()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", p.fail("file ends inside the header: expected %q", recSeed)
	}
	if rest, isFork := strings.CutPrefix(s, recFork+" "); isFork {
		fields := strings.Split(rest, " ")
		at, err := strconv.Atoi(fields[len(fields)-1])
		if len(fields) != 2 || fields[0] == "" || err != nil || at < 0 || strconv.Itoa(at) != fields[1] {
			return "", p.fail("expected \"%s <recording> <command>\", got %q", recFork, s)
		}
		p.rec.Fork = &Fork{Source: fields[0], At: at}
		if s, ok, err = p.next(); err != nil {
			return "", err
		}
		if !ok {
			return "", p.fail("file ends inside the header: expected %q", recSeed)
		}
	}
	v, isSeed := strings.CutPrefix(s, recSeed+" ")
	if !isSeed || v == "" || strings.Contains(v, " ") {
		return "", p.fail("expected %q followed by one value, got %q", recSeed, s)
	}
	return v, nil
}

// ForkOf is the recording a player's run taken over from rec after its
// first at commands starts with: rec's commands up to there, in this
// build's format with data's content, marked as a fork of rec.
func ForkOf(rec *Recording, at int, content *game.Game) *Recording {
	f := *rec
	f.Steps = append([]Step(nil), rec.Steps...)
	f.Resumes = append([]Resume(nil), rec.Resumes...)
	f.Cut(min(max(at, 0), len(rec.Steps)))
	f.Format, f.Bot, f.Content = RecordFormat, 0, content.Data().Content
	f.Fork = &Fork{Source: strings.ReplaceAll(filepath.Base(rec.File), " ", "_"), At: len(f.Steps)}
	return &f
}

// TakeWheel makes g, the game a replay of rec stands in after at commands,
// the run this session plays on: the recording in play (current.rec, any
// other one kept among the finished first) becomes rec's commands up to
// there, marked as a fork, and Started(g) carries it on as it would a
// continued run. The run's score goes to the forks' table, not the high
// scores.
func (s *Session) TakeWheel(rec *Recording, at int, g *game.Game) error {
	if HasSave(s.dir) {
		return errors.New("a saved run waits in the data folder: continue it or give it up before taking the wheel")
	}
	at = min(max(at, 0), len(rec.Steps))
	if at > 0 && rec.Steps[at-1].Hash != g.Hash() || at == 0 && rec.Start != g.Hash() {
		return errors.New("the game does not stand where the recording says")
	}
	if err := KeepCurrentRecording(s.dir); err != nil {
		return err
	}
	if err := writeRecording(s.recordingPath(), ForkOf(rec, at, g)); err != nil {
		return err
	}
	s.loaded = g
	return nil
}

// endFork keeps a finished fork's score in the forks' table.
func (s *Session) endFork(g *game.Game, kept string) error {
	if g.Phase() != act.PhaseOver {
		g.GiveUp()
	}
	e := ForkEntry{Fork: *s.history.Fork, Summary: SummaryOf(&g.Run), Recording: kept}
	return appendLine(filepath.Join(s.dir, ForksName), e.String())
}

// ForkEntry is one line of the forks' table: where the fork came from, how
// its run ended and the recording it was kept as ("" if it was not).
type ForkEntry struct {
	Fork
	// Summary holds the deliveries, earned, turns and cause of the run.
	Summary   Summary
	Recording string
}

// forkFields are the name=value fields of a forks' table line, in order.
var forkFields = []string{"at", "deliveries", "earned", "turns", "cause", "recording"}

// String writes the entry's line of the forks' table. Its fields are
// written as the daily table writes them, name=value, so a count of one
// reads as well as any other and a script can read the table.
func (e ForkEntry) String() string {
	s := e.Summary
	return fmt.Sprintf("%s %s at=%d deliveries=%d earned=%d turns=%d cause=%s recording=%s",
		recFork, e.Source, e.At, s.Deliveries, s.Earned, s.Turns, s.Cause, e.Recording)
}

// ParseForkEntry reads a line of the forks' table strictly; every error
// says what is wrong.
func ParseForkEntry(line string) (ForkEntry, error) {
	fields := strings.Fields(line)
	if len(fields) != 2+len(forkFields) || fields[0] != recFork {
		return ForkEntry{}, fmt.Errorf("not a fork's line: expected %q, the recording and %d fields after it", recFork, len(forkFields))
	}
	e := ForkEntry{Fork: Fork{Source: fields[1]}}
	values := make([]string, len(forkFields))
	for i, key := range forkFields {
		v, ok := strings.CutPrefix(fields[2+i], key+"=")
		if !ok {
			return ForkEntry{}, fmt.Errorf("expected %s=… as field %d, got %q", key, 3+i, fields[2+i])
		}
		values[i] = v
	}
	for i, n := range []*int{&e.At, &e.Summary.Deliveries, &e.Summary.Earned, &e.Summary.Turns} {
		v, err := strconv.Atoi(values[i])
		if err != nil || v < 0 || v > maxCount || strconv.Itoa(v) != values[i] {
			return ForkEntry{}, fmt.Errorf("%s %q is not a count", forkFields[i], values[i])
		}
		*n = v
	}
	e.Summary.Cause, e.Recording = values[4], values[5]
	return e, nil
}

// Forks reads the forks' table in dir, oldest first: nothing when no fork
// has ended. A line that cannot be read is reported with its number, after
// the lines before it.
func Forks(dir string) ([]ForkEntry, error) {
	var out []ForkEntry
	err := readTable(filepath.Join(dir, ForksName), func(line string) error {
		e, err := ParseForkEntry(line)
		if err == nil {
			out = append(out, e)
		}
		return err
	})
	return out, err
}

// endedFork closes a run that took the wheel from a replay: its score is a
// line of the forks table, never a high score (a fork's score never mixes
// with fresh runs'), and its morgue file is written like any run's.
func (s *Session) endedFork(g *game.Game, kept string) {
	if err := s.endFork(g, kept); err != nil {
		s.notify(s.data.Texts.Format(assets.NoticeScoreFailed, "error", unwrapPath(err)))
	}
	path, err := writeMorgue(s.dir, kept, []byte(recap.Morgue(s.data, g, kept)), s.writer())
	if err != nil {
		s.notify(s.data.Texts.Format(assets.NoticeMorgueFailed, "error", unwrapPath(err)))
		return
	}
	s.morgue = path
}

// Forks reads the forks' table of the session's data folder, as Forks does.
func (s *Session) Forks() ([]ForkEntry, error) { return Forks(s.dir) }
