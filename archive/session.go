package archive

import (
	"errors"
	"fmt"
	"io"
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
}

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

// Save writes g for "save and quit".
func (s *Session) Save(g *game.Game) error { return SaveFile(s.dir, g) }

// Camp autosaves g on its arrival at a camp. A failure leaves the last
// save in place, which is all a player can be offered then.
func (s *Session) Camp(g *game.Game) { _ = SaveFile(s.dir, g) }

// Load reads the save for Continue. A save that cannot be read is reported
// in a line for the title screen.
func (s *Session) Load() (*game.Game, error) {
	g, err := LoadFile(s.dir, s.data)
	if err == nil {
		s.loaded = g
		return g, nil
	}
	var bad *UnreadableError
	switch {
	case errors.As(err, &bad) && bad.MovedTo != "":
		return nil, errors.New(s.data.Texts.Format(assets.TitleSaveUnreadable,
			"reason", bad.Reason, "path", homeShort(bad.MovedTo)))
	case errors.As(err, &bad):
		return nil, errors.New(s.data.Texts.Format(assets.TitleSaveStuck,
			"reason", bad.Reason, "path", homeShort(bad.Path)))
	}
	return nil, errors.New(s.data.Texts.Format(assets.TitleLoadFailed, "error", err))
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
// continued one by carrying on its recording.
func (s *Session) Started(g *game.Game) {
	s.stopRecording()
	s.game, s.last, s.playing = g, nil, nil
	if g == s.loaded {
		s.rec, s.recErr = ResumeOrRepair(s.dir, g)
	} else {
		s.rec, s.recErr = StartRunRecording(s.dir, g)
	}
	s.loaded = nil
}

// Playing notes the command about to resolve, so a crash can name it.
func (s *Session) Playing(_ *game.Game, c game.Command) { s.playing = &c }

// Played records a command with its outcome, and its rule trace if asked.
// A recording that fails is dropped (the crash report says why) rather
// than stopping play.
func (s *Session) Played(g *game.Game, c game.Command, r game.Result) {
	s.playing, s.last = nil, &c
	if s.trace != nil {
		WriteTrace(s.trace, g, c, r)
	}
	if s.rec == nil {
		return
	}
	if err := s.rec.Record(c, r.Took, g.Hash()); err != nil {
		s.recErr = err
		s.stopRecording()
	}
}

// Ended closes a finished run for good: recording closed with its end line
// and kept among the finished ones, high score naming it, no save.
func (s *Session) Ended(g *game.Game) {
	kept := ""
	if s.rec != nil {
		if err := s.rec.Finish(g); err != nil {
			s.recErr = err
		} else if s.rec.Kept() != "" {
			kept = filepath.Base(s.rec.Kept())
		}
		s.rec = nil
	}
	_, _, _ = FinishRun(s.dir, g, kept)
}

// HighScores lists the table in the data folder; one that cannot be read
// was moved aside and shows as empty.
func (s *Session) HighScores() Scores {
	table, _ := LoadScores(s.dir)
	return table
}

// ProveScore re-simulates entry e's recording, as ProveScore does.
func (s *Session) ProveScore(e Summary) ScoreProof { return ProveScore(s.dir, s.data, e) }

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
