package archive

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// The daily road: every player who asks for it on the same UTC day drives
// the same seed, once. Its claim and, once the run is over, its proof live
// in the data folder as daily-DAY.txt; the proofs of every day are
// gathered in DailyScoresName, the daily road's own table. A proof is one
// line that anyone can check offline with -verify: the day, the score, the
// content, the final hash and the commands, compressed.
const (
	// DailyScoresName is the daily road's table in the data folder: one
	// proof line a day, oldest first.
	DailyScoresName = "daily-scores.txt"
	// dailyMagic opens a proof line; dailyVersion numbers its layout.
	dailyMagic   = "lastpost-daily"
	dailyVersion = 1
	// dailyStarted is what a claim holds until its run ends.
	dailyStarted = "started"
	// dayLayout writes a day as the proof does.
	dayLayout = "2006-01-02"
	// maxProofLine bounds what ParseProof reads: a long run's commands
	// compress to a few kilobytes.
	maxProofLine = 1 << 20
)

// DailySeed is the seed of the daily road of day ("2006-01-02"): the date
// as the number YYYYMMDD, so a player can read the day from the seed.
func DailySeed(day string) (uint64, error) {
	t, err := time.Parse(dayLayout, day)
	if err != nil || t.Format(dayLayout) != day {
		return 0, fmt.Errorf("%q is not a day written YYYY-MM-DD", day)
	}
	return uint64(t.Year()*10000 + int(t.Month())*100 + t.Day()), nil
}

// dailyDay is the day whose daily road has seed, if it is one.
func dailyDay(seed uint64) (string, bool) {
	day := fmt.Sprintf("%04d-%02d-%02d", seed/10000, seed/100%100, seed%100)
	s, err := DailySeed(day)
	return day, err == nil && s == seed
}

// DailyPath is where the claim and then the proof of day's road are kept.
func DailyPath(dir, day string) string { return filepath.Join(dir, "daily-"+day+".txt") }

// DailyTakenError says the day's road was driven, or begun, already: one
// recorded attempt a day.
type DailyTakenError struct {
	Day string
	// Proof is the finished run's proof line, "" while it is in progress.
	Proof string
}

// Error says which, and where to find the proof.
func (e *DailyTakenError) Error() string {
	if e.Proof == "" {
		return fmt.Sprintf("the daily road of %s was begun already, and a day has one attempt: a saved attempt goes on with Continue on the title screen, one quit without saving is over", e.Day)
	}
	return fmt.Sprintf("the daily road of %s was driven already, and a day has one attempt; its proof: %s", e.Day, e.Proof)
}

// ClaimDaily begins day's attempt in the data folder dir and returns the
// fresh game of its road. It fails with a *DailyTakenError if the day was
// claimed before: the claim is made before the first command, so quitting
// does not buy a second try.
func ClaimDaily(dir, day string, data *assets.Data) (*game.Game, error) {
	seed, err := DailySeed(day)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	path := DailyPath(dir, day)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		b, rerr := atomicfileRead(path)
		if rerr != nil {
			return nil, rerr
		}
		proof := strings.TrimSpace(string(b))
		if proof == dailyStarted {
			proof = ""
		}
		return nil, &DailyTakenError{Day: day, Proof: proof}
	}
	if err != nil {
		return nil, err
	}
	_, err = io.WriteString(f, dailyStarted+"\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return game.New(data, seed), nil
}

// atomicfileRead reads a small file of the data folder.
func atomicfileRead(path string) ([]byte, error) { return readCapped(path, maxProofLine) }

// Proof is a finished daily run in one line: what it scored, the content
// it was played with, its final state hash and its commands.
type Proof struct {
	Day     string
	Content string // the content digest
	Summary Summary
	Hash    uint64
	Cmds    []game.Command
}

// ProofOf is the proof of g's daily run, over, whose commands were cmds.
func ProofOf(day string, g *game.Game, cmds []game.Command) Proof {
	return Proof{Day: day, Content: g.Data().Content.Digest, Summary: SummaryOf(&g.Run), Hash: g.Hash(), Cmds: cmds}
}

// String writes the proof line.
func (p Proof) String() string {
	var text strings.Builder
	for i, c := range p.Cmds {
		if i > 0 {
			text.WriteByte('\n')
		}
		text.WriteString(c.String())
	}
	var packed bytes.Buffer
	w, _ := flate.NewWriter(&packed, flate.BestCompression)
	_, _ = w.Write([]byte(text.String()))
	_ = w.Close()
	s := p.Summary
	return fmt.Sprintf("%s %d %s content=%s deliveries=%d earned=%d turns=%d cause=%s hash=%s cmds=%s",
		dailyMagic, dailyVersion, p.Day, p.Content, s.Deliveries, s.Earned, s.Turns, s.Cause, hashText(p.Hash),
		base64.RawURLEncoding.EncodeToString(packed.Bytes()))
}

// IsProof reports whether text is a proof line rather than a recording.
func IsProof(text []byte) bool { return bytes.HasPrefix(text, []byte(dailyMagic+" ")) }

// ParseProof reads a proof line strictly; every error says what is wrong.
func ParseProof(line string) (Proof, error) {
	fields := strings.Fields(line)
	if len(fields) != 10 || fields[0] != dailyMagic {
		return Proof{}, fmt.Errorf("not a daily proof: expected %q and nine fields after it", dailyMagic)
	}
	if fields[1] != strconv.Itoa(dailyVersion) {
		return Proof{}, fmt.Errorf("daily proof version %q is not supported (this build reads %d)", fields[1], dailyVersion)
	}
	p := Proof{Day: fields[2]}
	if _, err := DailySeed(p.Day); err != nil {
		return Proof{}, err
	}
	values := map[string]string{}
	for i, key := range []string{"content", "deliveries", "earned", "turns", "cause", "hash", "cmds"} {
		v, ok := strings.CutPrefix(fields[3+i], key+"=")
		if !ok {
			return Proof{}, fmt.Errorf("daily proof: expected %s=… as field %d, got %q", key, 4+i, fields[3+i])
		}
		values[key] = v
	}
	var err error
	p.Content = values["content"]
	if _, err := parseHash(p.Content); err != nil {
		return Proof{}, fmt.Errorf("daily proof: content: %v", err)
	}
	counts := []*int{&p.Summary.Deliveries, &p.Summary.Earned, &p.Summary.Turns}
	for i, key := range []string{"deliveries", "earned", "turns"} {
		n, err := strconv.Atoi(values[key])
		if err != nil || n < 0 || n > maxCount || strconv.Itoa(n) != values[key] {
			return Proof{}, fmt.Errorf("daily proof: %s %q is not a count", key, values[key])
		}
		*counts[i] = n
	}
	p.Summary.Cause = values["cause"]
	if p.Hash, err = parseHash(values["hash"]); err != nil {
		return Proof{}, fmt.Errorf("daily proof: hash: %v", err)
	}
	if p.Cmds, err = unpackCommands(values["cmds"]); err != nil {
		return Proof{}, fmt.Errorf("daily proof: commands: %v", err)
	}
	return p, nil
}

// unpackCommands reads the compressed commands of a proof, at most
// maxRecSteps of them.
func unpackCommands(s string) ([]game.Command, error) {
	packed, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, errors.New("not base64url")
	}
	r := flate.NewReader(bytes.NewReader(packed))
	defer r.Close()
	text, err := io.ReadAll(io.LimitReader(r, int64(maxRecSteps*maxRecLine)))
	if err != nil {
		return nil, errors.New("not deflate data: " + err.Error())
	}
	if len(text) == 0 {
		return nil, nil
	}
	lines := strings.Split(string(text), "\n")
	if len(lines) > maxRecSteps {
		return nil, fmt.Errorf("more than %d commands", maxRecSteps)
	}
	cmds := make([]game.Command, len(lines))
	for i, l := range lines {
		c, err := game.ParseCommand(l)
		if err != nil || c.String() != l {
			return nil, fmt.Errorf("command %d %q cannot be read", i+1, l)
		}
		cmds[i] = c
	}
	return cmds, nil
}

// VerifyProof plays the proof's commands on its day's road with data and
// checks that the run ends as the proof says: the cause, the score and the
// final state hash. It refuses a proof made with other content by name.
func VerifyProof(data *assets.Data, p Proof) (Verified, error) {
	if p.Content != data.Content.Digest {
		return Verified{}, fmt.Errorf("the daily proof of %s was made with content %s, but this game loaded content %s: "+
			"start it with the same -content files", p.Day, p.Content, data.Content)
	}
	seed, err := DailySeed(p.Day)
	if err != nil {
		return Verified{}, err
	}
	g := game.New(data, seed)
	for i, c := range p.Cmds {
		if g.Phase() == act.PhaseOver {
			return Verified{}, fmt.Errorf("the daily proof of %s: command %d %q comes after the end of the run", p.Day, i+1, c)
		}
		// A game error (a rule loop) happened in the proved run too.
		_, _ = g.Do(c)
	}
	got := ProofOf(p.Day, g, p.Cmds)
	switch {
	case g.Phase() != act.PhaseOver:
		return Verified{}, fmt.Errorf("the daily proof of %s: its %d commands leave the run going", p.Day, len(p.Cmds))
	case got.Summary.Cause != p.Summary.Cause || got.Summary.Deliveries != p.Summary.Deliveries ||
		got.Summary.Earned != p.Summary.Earned || got.Summary.Turns != p.Summary.Turns:
		return Verified{}, fmt.Errorf("the daily proof of %s claims %d deliveries, %d earned, %d turns, %s; its commands play to %d, %d, %d, %s",
			p.Day, p.Summary.Deliveries, p.Summary.Earned, p.Summary.Turns, p.Summary.Cause,
			got.Summary.Deliveries, got.Summary.Earned, got.Summary.Turns, got.Summary.Cause)
	case got.Hash != p.Hash:
		return Verified{}, fmt.Errorf("the daily proof of %s: final hash %s expected, got %s", p.Day, hashText(p.Hash), hashText(got.Hash))
	}
	return Verified{Turns: len(p.Cmds), Hash: got.Hash}, nil
}

// endDaily writes the proof of g's run, over, when it is the daily road
// claimed in the data folder and not yet proved: in the day's file, in
// place of the claim, and at the end of the daily table. history holds
// its commands.
func (s *Session) endDaily(g *game.Game, history *Recording) {
	day, ok := dailyDay(g.Run.Seed)
	if !ok || history == nil || history.Fork != nil || g.Phase() != act.PhaseOver {
		return
	}
	path := DailyPath(s.dir, day)
	b, err := atomicfileRead(path)
	if err != nil || strings.TrimSpace(string(b)) != dailyStarted {
		return
	}
	cmds := make([]game.Command, len(history.Steps))
	for i, st := range history.Steps {
		cmds[i] = st.Cmd
	}
	line := ProofOf(day, g, cmds).String()
	if err := writeAtomic(path, []byte(line+"\n")); err != nil {
		s.notify(s.data.Texts.Format(assets.NoticeDailyFailed, "error", unwrapPath(err)))
		return
	}
	if err := appendLine(filepath.Join(s.dir, DailyScoresName), line); err != nil {
		s.notify(s.data.Texts.Format(assets.NoticeDailyFailed, "error", unwrapPath(err)))
		return
	}
	s.notify(s.data.Texts.Format(assets.NoticeDailyProved, "path", homeShort(path)))
}

// DailyDay is the day of the daily road g plays, when g is the attempt
// claimed in the data folder and not yet over; "" for any other run (a
// fork of a daily road included, whose end proves nothing).
func (s *Session) DailyDay(g *game.Game) string {
	day, ok := dailyDay(g.Run.Seed)
	if !ok || g.Phase() == act.PhaseOver || s.history != nil && s.history.Fork != nil {
		return ""
	}
	b, err := atomicfileRead(DailyPath(s.dir, day))
	if err != nil || strings.TrimSpace(string(b)) != dailyStarted {
		return ""
	}
	return day
}

// appendLine adds a line at the end of the file at path, made if need be.
func appendLine(path, line string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = io.WriteString(f, line+"\n")
	if serr := f.Sync(); err == nil {
		err = serr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// DailyScores reads the daily table in dir: one proof a day, in the order
// they were driven. A line that is not a proof is reported with its number.
func DailyScores(dir string) ([]Proof, error) {
	var proofs []Proof
	err := readTable(filepath.Join(dir, DailyScoresName), func(line string) error {
		p, err := ParseProof(line)
		if err == nil {
			proofs = append(proofs, p)
		}
		return err
	})
	return proofs, err
}

// readTable calls parse on each line of the text table at path, blank
// lines skipped, and stops at the first line it refuses, which the error
// names by file and number. A table not there yet reads as empty.
func readTable(path string, parse func(line string) error) error {
	b, err := readCapped(path, maxProofLine*16)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if line == "" {
			continue
		}
		if err := parse(line); err != nil {
			return fmt.Errorf("%s:%d: %v", filepath.Base(path), i+1, err)
		}
	}
	return nil
}

// ProveDaily replays proofs in order, as the high-score table proves its
// rows, and calls report with each one's verdict: ScoreProven when it
// plays to what it claims, ScoreUnproven when not (or made with other
// content), ScoreTooLong past MaxProofCommands. It returns early once stop
// (if not nil) says true. It only reads its arguments and the data, so it
// may run in a goroutine of its own.
func (s *Session) ProveDaily(proofs []Proof, stop func() bool, report func(i int, p ScoreProof)) {
	for i, p := range proofs {
		if stop != nil && stop() {
			return
		}
		report(i, proveDaily(s.data, p))
	}
}

// proveDaily is the verdict on one daily proof.
func proveDaily(data *assets.Data, p Proof) ScoreProof {
	if len(p.Cmds) > MaxProofCommands {
		return ScoreTooLong
	}
	if _, err := VerifyProof(data, p); err != nil {
		return ScoreUnproven
	}
	return ScoreProven
}

// LoadProof reads the file at path when it holds a daily proof line; ok is
// false, with no error, when it holds something else (a recording).
func LoadProof(path string) (p Proof, ok bool, err error) {
	b, err := readCapped(path, maxProofLine)
	if err != nil || !IsProof(b) {
		return Proof{}, false, nil
	}
	p, err = ParseProof(strings.TrimSpace(string(b)))
	if err != nil {
		return Proof{}, true, fmt.Errorf("%s: %w", path, err)
	}
	return p, true, nil
}

// Verdict words a verified proof as -verify prints it.
func (p Proof) Verdict(v Verified) string {
	return fmt.Sprintf("ok: the daily road of %s, %d deliveries, %d earned, %d turns, %s; %d commands, hash=%s",
		p.Day, p.Summary.Deliveries, p.Summary.Earned, p.Summary.Turns, p.Summary.Cause, v.Turns, hashText(v.Hash))
}

// DailyScores reads the daily table of the session's data folder, as
// DailyScores does, replaying nothing.
func (s *Session) DailyScores() ([]Proof, error) { return DailyScores(s.dir) }
