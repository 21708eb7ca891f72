package ui

import (
	"errors"

	"lastpost/game"
	"lastpost/rules"
)

// rewindEvery is how many commands the rewind plays again at most to
// trace the last one: it keeps a new state after that many.
const rewindEvery = 100

// rewind gives the trace pager the rule trace of the last command without
// tracing every command: a traced turn costs several times an untraced
// one (a cascade of blasts ten times), and the trace is read only when
// the player asks. It keeps the run as it stood a few commands ago and the
// commands played since; the last one is played again from there, traced.
// Play is deterministic, so that trace is the one the command made.
type rewind struct {
	// g is the game the state and the commands are of.
	g *game.Game
	// state is g as it stood before cmds, as MarshalState writes it; nil
	// when there is none, and then g traces every command itself.
	state []byte
	cmds  []game.Command
}

// before notes that c is about to be played on g. Before the first
// command of a game, and every rewindEvery commands, it keeps g's state
// and turns g's tracing off; a game whose state cannot be kept (a drawn
// road) traces every command instead.
func (r *rewind) before(g *game.Game, c game.Command) {
	if r.g != g || r.state == nil || len(r.cmds) >= rewindEvery {
		r.g, r.state, r.cmds = g, nil, r.cmds[:0]
		state, err := g.MarshalState()
		if err != nil {
			if g.LastTrace() == nil {
				g.SetTracing(true)
			}
			return
		}
		r.state = state
		g.SetTracing(false)
	}
	r.cmds = append(r.cmds, c)
}

// trace returns the rule trace of the last command played on g, or nil if
// none was: g's own when g traces every command, else that command played
// again, traced, on a copy of g from the state kept before it.
func (r *rewind) trace(g *game.Game) *rules.Trace {
	if t := g.LastTrace(); t != nil {
		return t
	}
	if r.g != g || r.state == nil || len(r.cmds) == 0 {
		return nil
	}
	again, err := game.UnmarshalState(g.Data(), r.state)
	if err != nil {
		return nil
	}
	last := len(r.cmds) - 1
	for _, c := range r.cmds[:last] {
		// A command the game answered with an error but no change (one
		// it does not know, one after the run ended) is answered so
		// again; only a run that broke cannot be played on.
		if _, err := again.Do(c); errors.Is(err, game.ErrBroken) {
			return nil
		}
	}
	again.SetTracing(true)
	if _, err := again.Do(r.cmds[last]); errors.Is(err, game.ErrBroken) {
		return nil
	}
	return again.LastTrace()
}
