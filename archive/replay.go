package archive

import (
	"fmt"
	"io"

	"lastpost/assets"

	"lastpost/game"
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

// DesyncError is the first turn whose state hash differs from the recorded
// one. Turn 0 is the state before the first command.
type DesyncError struct {
	Turn      int
	Want, Got uint64
}

// Error writes the line `lastpost -replay FILE -verify` prints for it.
func (e *DesyncError) Error() string {
	return fmt.Sprintf("desync at turn %d: expected %016x, got %016x", e.Turn, e.Want, e.Got)
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
	err   error
}

// NewPlayer starts a replay of rec. setup, if not nil, is called on every
// game the player creates (the first one and the fresh one a backward Seek
// makes), so a viewer can set its listener and memory there. It fails with
// a *VersionError for a recording of another logic version and with a
// *DesyncError if the starting state already differs.
func NewPlayer(data *assets.Data, rec *Recording, setup func(*game.Game)) (*Player, error) {
	if rec.Logic != game.LogicVersion {
		return nil, &VersionError{File: rec.File, Line: rec.LogicLine, Recorded: rec.Logic}
	}
	p := &Player{data: data, rec: rec, setup: setup}
	if err := p.restart(); err != nil {
		return nil, err
	}
	return p, nil
}

// restart makes a fresh game from the recording's seed.
func (p *Player) restart() error {
	p.g = game.New(p.data, p.rec.Seed)
	if p.setup != nil {
		p.setup(p.g)
	}
	p.turn = 0
	p.err = nil
	if got := p.g.Hash(); got != p.rec.Start {
		p.err = &DesyncError{Turn: 0, Want: p.rec.Start, Got: got}
	}
	return p.err
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
	st := p.rec.Steps[p.turn]
	// A game error (a rule loop) happened in the recorded run too; only the
	// hash decides whether the replay agrees.
	res, _ := p.g.Do(st.Cmd)
	p.turn++
	if got := p.g.Hash(); got != st.Hash {
		p.err = &DesyncError{Turn: p.turn, Want: st.Hash, Got: got}
	}
	return res, p.err
}

// Seek plays to the given turn (clamped to the recording), starting again
// from the seed when the turn is behind the current one.
func (p *Player) Seek(turn int) error {
	turn = min(max(turn, 0), len(p.rec.Steps))
	if turn < p.turn {
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
func (v Verified) String() string { return fmt.Sprintf("ok: %d turns, hash=%016x", v.Turns, v.Hash) }

// Verify re-simulates rec from its seed and checks the hash after every
// turn. It fails with a *VersionError or the first *DesyncError. If trace is
// not nil, the rule trace of every road turn is written to it.
func Verify(data *assets.Data, rec *Recording, trace io.Writer) (Verified, error) {
	var setup func(*game.Game)
	if trace != nil {
		setup = func(g *game.Game) { g.SetTracing(true) }
	}
	p, err := NewPlayer(data, rec, setup)
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
	return Verified{Turns: p.turn, Hash: p.g.Hash()}, nil
}
