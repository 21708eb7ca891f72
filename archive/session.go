package archive

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"lastpost/assets"
	"lastpost/game"
)

// Session connects one sitting of the game to the data folder: the save,
// the recording of the run being played, the high scores, and what a crash
// report needs. The front end calls its methods as play goes; none of them
// stops play when the disk fails, they note why instead.
type Session struct {
	dir   string
	data  *assets.Data
	trace io.Writer

	game    *game.Game
	loaded  *game.Game // the game Load returned, so Started knows a continued run
	rec     *RunRecording
	recErr  error         // why the run is not (or no longer) recorded
	playing *game.Command // the command resolving now, if any
	last    *game.Command // the last command played
	// replaying is the recording the viewer shows (not a run being played).
	replaying *Recording
	// kept is why the save in the folder could not be read and is still
	// there (it could not be moved aside, or not even opened): it is never
	// overwritten or removed while it stays.
	kept error
	// notices wait for the front end to show them, each once.
	notices []string
	// history is the run's recording as it should be, kept in memory so
	// that a recording that failed to write (a full disk) can be written
	// whole again once the disk has room; nil when it is not known (a
	// continued run whose recording could not be carried on).
	history *Recording
	// recTold reports that the player was told this run is not recorded.
	recTold bool
	// wrap, when set (by tests), stands between the recording and its file.
	wrap wrapWriter
	// readOnly is a data folder the game may not write, told of once.
	readOnly bool
	// write, when set (by tests), writes the high scores and morgue files
	// in place of writeAtomic.
	write writeFunc
	// morgue is the morgue file the run that ended last wrote, "" before
	// one did (or when it could not be written).
	morgue string
}

// Claimed notes the data folder's lock: a folder the game may not write
// is played in all the same, and Check tells the player nothing is saved.
func (s *Session) Claimed(lock *Lock) { s.readOnly = lock.ReadOnly() }

// NewSession starts a sitting with the data folder dir. If trace is not
// nil, the rule trace of every road turn is written to it.
func NewSession(dir string, data *assets.Data, trace io.Writer) *Session {
	return &Session{dir: dir, data: data, trace: trace}
}

// NewReplaySession starts a sitting that watches rec; a crash report then
// names rec as the recording to replay.
func NewReplaySession(dir string, data *assets.Data, rec *Recording) *Session {
	return &Session{dir: dir, data: data, replaying: rec}
}

// HasSave reports whether the data folder holds a save, to offer Continue.
func (s *Session) HasSave() bool { return HasSave(s.dir) }

// Check reads the save and the high scores as the sitting begins, so a
// damaged one is set aside the moment it is first seen, whatever the player
// does next (a new game, -seed, quitting). It returns what to tell the
// player on the title screen, "" if all is well.
func (s *Session) Check() string {
	var notes []string
	if s.readOnly {
		notes = append(notes, s.data.Texts.Format(assets.NoticeReadOnly, "dir", homeShort(s.dir)))
	}
	if HasSave(s.dir) {
		if _, err := LoadFile(s.dir, s.data); err != nil {
			notes = append(notes, s.loadProblem(err))
		}
	}
	if _, err := LoadScores(s.dir); err != nil {
		notes = append(notes, s.scoresProblem(err))
	}
	if !s.readOnly {
		notes = append(notes, s.retryPending()...)
	}
	notes = append(notes, s.notices...)
	s.notices = nil
	return strings.Join(notes, " ")
}

// Notice returns what the session has to tell the player since it was last
// asked (a recording that failed or came back, a table set aside), each
// thing once; "" if nothing.
func (s *Session) Notice() string {
	n := strings.Join(s.notices, " ")
	s.notices = nil
	return n
}

func (s *Session) notify(n string) { s.notices = append(s.notices, n) }

// Save writes g for "save and quit", unless the save in the folder could
// not be read nor moved aside: that one is never overwritten.
func (s *Session) Save(g *game.Game) error {
	if err := s.guardKept(); err != nil {
		return err
	}
	if err := SaveFile(s.dir, g); err != nil {
		return err
	}
	// A recording that failed is written again with the save, so Continue
	// finds the two agreeing.
	s.retryRecording(g)
	return nil
}

// Camp autosaves g on its arrival at a camp. A failure leaves the last
// save in place, which is all a player can be offered then. A run that is
// not being recorded is recorded again from here, if its recording can be
// rebuilt.
func (s *Session) Camp(g *game.Game) {
	if err := s.Save(g); err != nil && s.kept != nil {
		s.notify(err.Error())
	}
}

// guardKept returns why the save must not be overwritten, or nil. A save
// the player has since moved away no longer needs guarding.
func (s *Session) guardKept() error {
	if s.kept == nil {
		return nil
	}
	if _, err := os.Lstat(SavePath(s.dir)); errors.Is(err, fs.ErrNotExist) {
		s.kept = nil
		return nil
	}
	return errors.New(s.data.Texts.Format(assets.NoticeSaveKept, "path", homeShort(SavePath(s.dir))))
}

// Load reads the save for Continue. A save that cannot be read is reported
// in a line for the title screen.
func (s *Session) Load() (*game.Game, error) {
	g, err := LoadFile(s.dir, s.data)
	if err == nil {
		s.loaded = g
		return g, nil
	}
	return nil, errors.New(s.loadProblem(err))
}

// loadProblem words a save that could not be loaded for the title screen,
// and notes a save left in place so that nothing overwrites it.
func (s *Session) loadProblem(err error) string {
	var bad *UnreadableError
	if errors.As(err, &bad) && bad.MovedTo != "" {
		return s.data.Texts.Format(assets.TitleSaveUnreadable, "reason", bad.Reason, "path", homeShort(bad.MovedTo))
	}
	s.kept = err
	if errors.As(err, &bad) {
		return s.data.Texts.Format(assets.TitleSaveStuck, "reason", bad.Reason, "path", homeShort(bad.Path),
			"error", unwrapPath(bad.MoveErr))
	}
	return s.data.Texts.Format(assets.TitleLoadFailed, "error", err)
}

// scoresProblem words a high-score table that could not be read.
func (s *Session) scoresProblem(err error) string {
	var bad *UnreadableError
	if errors.As(err, &bad) && bad.MovedTo != "" {
		return s.data.Texts.Format(assets.NoticeScoresUnreadable, "reason", bad.Reason, "path", homeShort(bad.MovedTo))
	}
	return err.Error()
}

// unwrapPath drops the operation and paths of a file system error, which
// the message around it names already, to keep it to one short line.
func unwrapPath(err error) error {
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// homeShort writes path with the home folder as ~, to fit a line.
func homeShort(path string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" || !strings.HasPrefix(path, home+string(filepath.Separator)) {
		return path
	}
	return "~" + path[len(home):]
}

// Started begins recording a run: a fresh one from its first turn, a
// continued one by carrying on its recording. If that fails the player is
// told, and the next camp tries again.
func (s *Session) Started(g *game.Game) {
	s.stopRecording()
	s.game, s.last, s.playing = g, nil, nil
	s.recTold, s.morgue = false, ""
	if g == s.loaded {
		s.rec, s.recErr = resumeOrRepair(s.dir, g, s.wrap)
		s.history = nil
		if s.recErr == nil {
			if rec, err := LoadRecording(s.recordingPath()); err == nil {
				s.history = rec
			}
		}
	} else {
		s.history = &Recording{Format: RecordFormat, Logic: game.LogicVersion, Content: g.Data().Content,
			Seed: g.Run.Seed, Start: g.Hash()}
		s.rec, s.recErr = startRunRecording(s.dir, g, s.wrap)
	}
	s.loaded = nil
	if s.recErr != nil {
		s.recordingFailed()
	}
}

// Playing notes the command about to resolve, so a crash can name it.
func (s *Session) Playing(_ *game.Game, c game.Command) { s.playing = &c }

// Played records a command with its outcome, and its rule trace if asked.
// A recording that fails is dropped rather than stopping play: the player
// is told once, and the next camp writes it again whole.
func (s *Session) Played(g *game.Game, c game.Command, r game.Result) {
	s.playing, s.last = nil, &c
	if s.trace != nil {
		WriteTrace(s.trace, g, c, r)
	}
	hash := g.Hash()
	if s.history != nil {
		s.history.Steps = append(s.history.Steps, Step{Cmd: c, Hash: hash, Refused: !r.Took})
	}
	if s.rec == nil {
		return
	}
	if err := s.rec.Record(c, r.Took, hash); err != nil {
		s.recErr = err
		s.stopRecording()
		s.recordingFailed()
	}
}

// recordingFailed tells the player, once a run, that it is not recorded.
func (s *Session) recordingFailed() {
	if s.recTold {
		return
	}
	s.recTold = true
	s.notify(s.data.Texts.Format(assets.NoticeRecordingFailed, "error", unwrapPath(s.recErr)))
}

// retryRecording records g again if its recording had failed: the run's
// history is written whole in place of current.rec (or, without one, the
// recording is repaired as Continue does), and recording goes on from
// there. A failure again stays quiet; the player was told already.
func (s *Session) retryRecording(g *game.Game) {
	if s.rec != nil || s.recErr == nil || g != s.game {
		return
	}
	var err error
	if s.history != nil && s.history.Last() == g.Hash() {
		err = s.rewriteRecording()
		if err == nil {
			s.rec, err = resumeRunRecording(s.dir, g, s.wrap)
		}
	} else {
		s.rec, err = resumeOrRepair(s.dir, g, s.wrap)
	}
	if err != nil {
		s.recErr = err
		return
	}
	s.recErr, s.recTold = nil, false
	s.notify(s.data.Texts.Get(assets.NoticeRecordingBack))
}

// rewriteRecording writes the run's history as current.rec, atomically.
// What current.rec held is kept among the finished recordings first,
// unless it is this run's own broken start (empty, or of its seed and
// start), so no other run's recording is lost.
func (s *Session) rewriteRecording() error {
	cur := s.recordingPath()
	if st, err := os.Stat(cur); err == nil && st.Size() > 0 {
		rec, err := LoadRecording(cur)
		if err != nil || rec.Seed != s.history.Seed || rec.Start != s.history.Start {
			if err := KeepCurrentRecording(s.dir); err != nil {
				return err
			}
		}
	}
	return writeRecording(cur, s.history)
}

// Ended closes a finished run for good: the recording closed with its end
// line and kept among the finished ones, the high score naming it, the
// morgue file (morgue-N.txt, numbered as the recording) written, no save.
// A save that must not be overwritten is not removed either. What cannot
// be written (a full disk) is told at once, for the end screen, and the
// run is marked so the next start writes it from the recording.
func (s *Session) Ended(g *game.Game) {
	s.retryRecording(g)
	kept := ""
	if s.rec != nil {
		if err := s.rec.Finish(g); err != nil {
			s.recErr = err
		} else if s.rec.Kept() != "" {
			kept = filepath.Base(s.rec.Kept())
		}
		s.rec = nil
	}
	if s.guardKept() == nil {
		// Permadeath: the save goes even if what follows fails.
		_ = RemoveSave(s.dir)
	}
	if s.history != nil && s.history.Fork != nil {
		s.endedFork(g, kept)
	} else {
		r := endedRun{g: g, kept: kept}
		scoreErr, morgueErr, morgue := s.writeEnd(r, false)
		if scoreErr != nil || morgueErr != nil {
			s.endFailed(r, scoreErr, morgueErr, morgue)
		}
	}
	s.endDaily(g, s.history)
}

// Morgue is the path of the morgue file the run that ended last wrote in
// the data folder, the home folder written as ~, or "" if it wrote none
// there (the end screen then tells why).
func (s *Session) Morgue() string {
	if s.morgue == "" {
		return ""
	}
	return homeShort(s.morgue)
}

// HighScores lists the table in the data folder; one that cannot be read
// was moved aside, shows as empty, and is told of once.
func (s *Session) HighScores() Scores {
	table, err := LoadScores(s.dir)
	if err != nil {
		s.notify(s.scoresProblem(err))
	}
	return table
}

// ProveScore re-simulates entry e's recording, as ProveScore does.
func (s *Session) ProveScore(e Summary) ScoreProof { return ProveScore(s.dir, s.data, e) }

// ProveScores proves table's entries in order, as a Prover does, and calls
// report with each entry's proof as it is known; it returns early once
// stop (if not nil) says true. It only reads the data folder and the
// data, so it may run in a goroutine of its own beside play: what it finds
// changes only the marks the high-score screen shows.
func (s *Session) ProveScores(table Scores, stop func() bool, report func(i int, p ScoreProof)) {
	pr := NewProver(s.dir, s.data)
	for i, e := range table {
		if stop != nil && stop() {
			return
		}
		report(i, pr.Prove(e, stop))
	}
}

// stopRecording closes the recording, leaving current.rec to be continued.
func (s *Session) stopRecording() {
	if s.rec == nil {
		return
	}
	if err := s.rec.Close(); err != nil && s.recErr == nil {
		s.recErr = err
	}
	s.rec = nil
}

// Close ends the session: a run still open keeps its recording in place,
// so Continue carries it on.
func (s *Session) Close() { s.stopRecording() }

// recordingPath is the file holding the recording of what is being played.
func (s *Session) recordingPath() string {
	if s.replaying != nil {
		return s.replaying.File
	}
	return filepath.Join(s.dir, CurrentRecording)
}

// Crashed handles a panic that ended play or a replay, with the terminal
// already restored: it closes the recording, writes a crash report with a
// copy of the recording into the data folder (or the temp folder) and says
// on stderr where it is. value and stack are the panic's; version is the
// program's.
func (s *Session) Crashed(value any, stack []byte, version string, stderr io.Writer) {
	s.stopRecording()
	rep := s.report(value, stack, version)
	path, err := WriteCrashReport(s.crashDirs(), rep, s.recordingToCopy())
	if err != nil {
		fmt.Fprintln(stderr, s.data.Texts.Format(assets.CLICrashUnwritten, "error", err, "panic", value))
		fmt.Fprintf(stderr, "%s", stack)
		return
	}
	recording := rep.Recording
	if recording == "" {
		recording = path
	}
	fmt.Fprintln(stderr, s.data.Texts.Format(assets.CLICrashed, "report", path, "recording", recording))
}

// report gathers what the session knows about the crash.
func (s *Session) report(value any, stack []byte, version string) *CrashReport {
	rep := &CrashReport{Version: version, When: time.Now(), Panic: fmt.Sprint(value), Stack: stack}
	if s.replaying != nil {
		// The viewer crashed: the recording it showed is the one to replay.
		rep.Recording = s.replaying.File
		rep.RecordedTurns = len(s.replaying.Steps)
		return rep
	}
	if s.game != nil {
		rep.HasRun = true
		rep.Seed, rep.Turn, rep.Phase = s.game.Run.Seed, s.game.Run.Turns, s.game.Phase().String()
	}
	if s.playing != nil {
		rep.Playing = s.playing.String()
	}
	if s.last != nil {
		rep.Last = s.last.String()
	}
	if s.recErr != nil {
		rep.NoRecording = s.recErr.Error()
	}
	return rep
}

// recordingToCopy is the recording a crash report keeps a copy of: the
// run's current.rec, if the run was being recorded. A replay names its own
// file instead.
func (s *Session) recordingToCopy() string {
	if s.replaying != nil || s.game == nil || s.recErr != nil {
		return ""
	}
	return s.recordingPath()
}

// crashDirs are where a crash report may go, in order of preference.
func (s *Session) crashDirs() []string {
	var dirs []string
	if s.dir != "" {
		dirs = append(dirs, s.dir)
	}
	return append(dirs, os.TempDir())
}
