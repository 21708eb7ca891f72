package archive

import (
	"fmt"
	"io"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
)

// VersionError says a recording was made under another logic version, so
// replaying it would prove nothing. Its text reads like a ParseError.
type VersionError struct {
	File     string
	Line     int
	Recorded int
}

// Error names the file and its logic line, and says how to re-bless.
func (e *VersionError) Error() string {
	return fmt.Sprintf("%s:%d: recorded with logic version %d but this build plays version %d: "+
		"re-bless the recording (see testdata/replays/README.md)", e.File, e.Line, e.Recorded, game.LogicVersion)
}

// DesyncError is the first line of a recording the replay disagrees with:
// a state hash that differs, a command recorded as refused that the game
// took (or the other way round), a resume or end line that does not match
// the state replayed so far. Turn 0 is the state before the first command.
type DesyncError struct {
	File      string
	Line      int
	Turn      int
	Want, Got uint64
	// What says what else disagrees; "" means only the hash.
	What string
}

// Error writes the line `lastpost -replay FILE -verify` prints for it,
// starting with the file and line as a compiler would.
func (e *DesyncError) Error() string {
	at := ""
	if e.File != "" {
		at = fmt.Sprintf("%s:%d: ", e.File, e.Line)
	}
	if e.What != "" {
		return fmt.Sprintf("%sdesync at command %d: %s", at, e.Turn, e.What)
	}
	return fmt.Sprintf("%sdesync at command %d: expected %016x, got %016x", at, e.Turn, e.Want, e.Got)
}

// IncompleteError says a recording has no end line: the run was still
// going, or the file was cut. Verify reports it unless asked to accept a run
// in progress.
type IncompleteError struct {
	Turns int
}

// Error writes the line `lastpost -replay FILE -verify` prints for it.
func (e *IncompleteError) Error() string {
	return fmt.Sprintf("incomplete: %d commands, no end", e.Turns)
}

// Player re-plays a recording one turn at a time, checking the state hash
// after every turn. A viewer steps it and draws Game; Verify runs it to the
// end.
type Player struct {
	data  *assets.Data
	rec   *Recording
	setup func(*game.Game)
	g     *game.Game
	turn  int
	// resumed counts the resume lines played, which follow the steps
	// they come after.
	resumed int
	err     error
	// index holds the keyframes Index made; nil until then.
	index *replayIndex
	// spare, if not nil, is a game no longer wanted, whose memory the
	// player's first game is built in (game.NewFrom).
	spare *game.Game
}

// NewPlayer starts a replay of rec. setup, if not nil, is called on every
// game the player creates (the first one and the fresh one a backward Seek
// makes), so a viewer can set its listener and memory there. It fails with
// a *VersionError for a recording of another logic version, a
// *ContentError for one made with other play data, and with a
// *DesyncError if the starting state already differs.
func NewPlayer(data *assets.Data, rec *Recording, setup func(*game.Game)) (*Player, error) {
	p, err := newPlayer(data, rec, setup, nil)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// newPlayer is NewPlayer with a game no longer wanted, spare, to build
// the first game in; nil makes it afresh. It returns no player, and leaves
// spare whole, when it refuses the recording before making a game; once
// it has made one it returns the player, with the desync of a starting
// state that differs, and spare is used up.
func newPlayer(data *assets.Data, rec *Recording, setup func(*game.Game), spare *game.Game) (*Player, error) {
	if rec.Logic != game.LogicVersion {
		return nil, &VersionError{File: rec.File, Line: rec.LogicLine, Recorded: rec.Logic}
	}
	if err := checkContent(data, rec); err != nil {
		return nil, err
	}
	p := &Player{data: data, rec: rec, setup: setup, spare: spare}
	return p, p.restart()
}

// restart makes a fresh game from the recording's seed, in the spare
// game's memory the first time if the player was given one. A backward
// Seek's restart makes its game afresh: a viewer may still hold the game
// it replaces.
func (p *Player) restart() error {
	p.g, p.spare = game.NewFrom(p.spare, p.data, p.rec.Seed), nil
	if p.setup != nil {
		p.setup(p.g)
	}
	p.turn, p.resumed = 0, 0
	p.err = nil
	if got := p.g.Hash(); got != p.rec.Start {
		p.err = p.desync(p.rec.StartLine, p.rec.Start, got, "")
		return p.err
	}
	p.err = p.resumes()
	return p.err
}

func (p *Player) desync(line int, want, got uint64, what string) *DesyncError {
	return &DesyncError{File: p.rec.File, Line: line, Turn: p.turn, Want: want, Got: got, What: what}
}

// resumes plays the resume lines that follow the turns played so far: the
// game goes through a save and a load, as the recorded run did, and the
// state it comes back with must be the one the line names and the one
// replayed so far.
func (p *Player) resumes() error {
	for ; p.resumed < len(p.rec.Resumes) && p.rec.Resumes[p.resumed].After == p.turn; p.resumed++ {
		if err := p.resume(p.rec.Resumes[p.resumed]); err != nil {
			return err
		}
	}
	return nil
}

// resume plays one resume line r, which must come after the turns played
// so far.
func (p *Player) resume(r Resume) error {
	before := p.g.Hash()
	if before != r.Hash {
		return p.desync(r.Line, r.Hash, before, fmt.Sprintf(
			"the run was resumed from a save with hash %016x, but the state replayed so far has %016x", r.Hash, before))
	}
	body, err := p.g.MarshalState()
	if err != nil {
		return p.desync(r.Line, r.Hash, before, "the state cannot be saved: "+err.Error())
	}
	g, err := game.UnmarshalState(p.data, body)
	if err != nil {
		return p.desync(r.Line, r.Hash, before, "the saved state cannot be loaded: "+err.Error())
	}
	if got := g.Hash(); got != before {
		return p.desync(r.Line, r.Hash, got, fmt.Sprintf(
			"the state loaded from the save has hash %016x, not the saved %016x", got, before))
	}
	p.g = g
	if p.setup != nil {
		p.setup(p.g)
	}
	return nil
}

// Game returns the game being replayed. A backward Seek replaces it.
func (p *Player) Game() *game.Game { return p.g }

// Recording returns what is being replayed.
func (p *Player) Recording() *Recording { return p.rec }

// Turn returns how many recorded turns have been played.
func (p *Player) Turn() int { return p.turn }

// Len returns how many turns the recording holds.
func (p *Player) Len() int { return len(p.rec.Steps) }

// Done reports whether every turn has been played.
func (p *Player) Done() bool { return p.turn >= len(p.rec.Steps) }

// Err returns the desync that stopped the replay, if any.
func (p *Player) Err() error { return p.err }

// Peek returns the next step to be played; ok is false at the end.
func (p *Player) Peek() (Step, bool) {
	if p.Done() {
		return Step{}, false
	}
	return p.rec.Steps[p.turn], true
}

// Step plays the next recorded command and checks the state hash after it,
// returning what the command did. It returns a *DesyncError on a mismatch,
// and keeps returning it after. Stepping past the end does nothing.
func (p *Player) Step() (game.Result, error) {
	if p.err != nil || p.Done() {
		return game.Result{}, p.err
	}
	return p.play(p.rec.Steps[p.turn])
}

// play plays st, the step after the turns played so far, as Step does.
func (p *Player) play(st Step) (game.Result, error) {
	if p.err != nil {
		return game.Result{}, p.err
	}
	if p.g.Phase() == act.PhaseOver {
		p.turn++
		p.err = p.desync(st.Line, st.Hash, p.g.Hash(), fmt.Sprintf("%q comes after the end of the run", st.Cmd))
		return game.Result{}, p.err
	}
	// A game error (a rule loop) happened in the recorded run too; the
	// hash and the refusal decide whether the replay agrees.
	res, _ := p.g.Do(st.Cmd)
	p.turn++
	got := p.g.Hash()
	switch {
	case st.Refused && res.Took:
		p.err = p.desync(st.Line, st.Hash, got, fmt.Sprintf("%q is recorded as refused, but the game took it", st.Cmd))
	case !st.Refused && !res.Took:
		p.err = p.desync(st.Line, st.Hash, got, fmt.Sprintf("%q is recorded as taken, but the game refused it", st.Cmd))
	case got != st.Hash:
		p.err = p.desync(st.Line, st.Hash, got, "")
	default:
		p.err = p.resumes()
	}
	return res, p.err
}

// CheckEnd checks, once every turn has been played, that the recording's
// end line says how the replayed run ended and its final hash. A recording
// without one fails with an *IncompleteError unless partial is set.
func (p *Player) CheckEnd(partial bool) error {
	if p.err != nil {
		return p.err
	}
	e := p.rec.End
	if e == nil {
		if partial {
			return nil
		}
		return &IncompleteError{Turns: p.turn}
	}
	got := p.g.Hash()
	if cause := EndCause(p.g); cause != e.Cause {
		return p.desync(e.Line, e.Hash, got, fmt.Sprintf("the recording ends %q, but the replayed run is %q", e.Cause, cause))
	}
	if got != e.Hash {
		return p.desync(e.Line, e.Hash, got, "")
	}
	if e.Cause == EndCapped && !capApplies(p.rec, p.turn) {
		return p.desync(e.Line, e.Hash, got, fmt.Sprintf(
			"the recording ends %q, but only a run the bot played to its limit of %d commands is capped",
			EndCapped, game.DefaultAutoplayTurns))
	}
	return nil
}

// capApplies reports whether a recording of turns commands may end
// "capped": only the bot stops a run short, at its turn limit. Anything
// else that stops short is a run still in progress.
func capApplies(rec *Recording, turns int) bool {
	return rec.Bot != 0 && turns == game.DefaultAutoplayTurns
}

// Seek plays to the given turn (clamped to the recording), from the
// keyframe before it when Index has made one nearer than the current turn,
// else starting again from the seed when the turn is behind the current one.
func (p *Player) Seek(turn int) error {
	turn = min(max(turn, 0), len(p.rec.Steps))
	jumped, err := p.jump(turn)
	if err != nil {
		return err
	}
	if !jumped && turn < p.turn {
		if err := p.restart(); err != nil {
			return err
		}
	}
	for p.turn < turn {
		if _, err := p.Step(); err != nil {
			return err
		}
	}
	return p.err
}

// Verified is the outcome of a replay that agreed with its recording.
type Verified struct {
	Turns int
	Hash  uint64 // state hash after the last turn
}

// String writes the verdict as `lastpost -replay FILE -verify` prints it.
func (v Verified) String() string { return fmt.Sprintf("ok: %d commands, hash=%016x", v.Turns, v.Hash) }

// Verify re-simulates rec from its seed and checks every line: the hash and
// the refusal after every turn, every resume line and the end line. It fails
// with a *VersionError, the first *DesyncError, or an *IncompleteError for a
// recording without an end line. If trace is not nil, the rule trace of
// every road turn is written to it.
func Verify(data *assets.Data, rec *Recording, trace io.Writer) (Verified, error) {
	return NewVerifier(data).Verify(rec, trace)
}

// VerifyPartial is Verify for a run that may still be going (a current.rec):
// a missing end line is no failure.
func VerifyPartial(data *assets.Data, rec *Recording, trace io.Writer) (Verified, error) {
	return NewVerifier(data).VerifyPartial(rec, trace)
}

// Verifier verifies recordings one after another as Verify does, each
// replay's game built in the memory of the game the replay before ended
// with (game.NewFrom), so a batch of recordings does not allocate a world,
// a spatial index and the rest for each. The verdicts are Verify's. A
// Verifier keeps a game: it is for one goroutine at a time.
type Verifier struct {
	data *assets.Data
	last *game.Game
}

// NewVerifier returns a Verifier for the given play data.
func NewVerifier(data *assets.Data) *Verifier { return &Verifier{data: data} }

// Verify verifies rec as Verify does.
func (v *Verifier) Verify(rec *Recording, trace io.Writer) (Verified, error) {
	return v.verify(rec, trace, false)
}

// VerifyPartial verifies rec as VerifyPartial does.
func (v *Verifier) VerifyPartial(rec *Recording, trace io.Writer) (Verified, error) {
	return v.verify(rec, trace, true)
}

func (v *Verifier) verify(rec *Recording, trace io.Writer, partial bool) (Verified, error) {
	var setup func(*game.Game)
	if trace != nil {
		setup = func(g *game.Game) { g.SetTracing(true) }
	}
	p, err := newPlayer(v.data, rec, setup, v.last)
	if p == nil {
		// Refused before any game was made: the spare is still whole.
		return Verified{}, err
	}
	// The player's last game (a resume replaces the first), whatever the
	// verdict, is the next replay's memory: nothing holds it once this
	// returns.
	defer func() { v.last = p.g }()
	if err != nil {
		return Verified{}, err
	}
	for !p.Done() {
		st, _ := p.Peek()
		res, err := p.Step()
		if err != nil {
			return Verified{}, err
		}
		if trace != nil {
			WriteTrace(trace, p.g, st.Cmd, res)
		}
	}
	if err := p.CheckEnd(partial); err != nil {
		return Verified{}, err
	}
	return Verified{Turns: p.turn, Hash: p.g.Hash()}, nil
}

// VerifyFile verifies the recording at path as Verify does, or as
// VerifyPartial does when partial: a run in progress may lack its end line.
// It plays each line as it reads it and holds none of them, so a long
// recording costs no more memory than a short one. A file that cannot be
// read still fails with its *ParseError even when a desync comes first:
// reading goes on to the end after play stops.
func VerifyFile(path string, partial bool, data *assets.Data, trace io.Writer) (Verified, error) {
	rec := &Recording{File: path}
	v := &streamVerifier{data: data, trace: trace}
	if err := streamRecording(path, rec, v); err != nil {
		return Verified{}, err
	}
	if v.err == nil {
		v.err = v.p.CheckEnd(partial)
	}
	if v.err != nil {
		return Verified{}, v.err
	}
	return Verified{Turns: v.p.turn, Hash: v.p.g.Hash()}, nil
}

// streamVerifier is the recSink that plays each line of a recording as it
// is read. Play stops at the first disagreement, which err keeps.
type streamVerifier struct {
	data  *assets.Data
	trace io.Writer
	p     *Player
	err   error
}

func (v *streamVerifier) begin(rec *Recording) {
	var setup func(*game.Game)
	if v.trace != nil {
		setup = func(g *game.Game) { g.SetTracing(true) }
	}
	v.p, v.err = NewPlayer(v.data, rec, setup)
}

func (v *streamVerifier) step(st Step) {
	if v.err != nil {
		return
	}
	res, err := v.p.play(st)
	if err != nil {
		v.err = err
		return
	}
	if v.trace != nil {
		WriteTrace(v.trace, v.p.g, st.Cmd, res)
	}
}

func (v *streamVerifier) resume(r Resume) {
	if v.err != nil {
		return
	}
	v.err = v.p.resume(r)
	v.p.err = v.err
}
