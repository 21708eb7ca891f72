package archive

import (
	"fmt"

	"lastpost/game"
	"lastpost/rules/act"
)

// KeyframeEvery is how many commands lie between two keyframes of an
// indexed Player: a seek replays at most this many commands after loading
// the keyframe before its target.
const KeyframeEvery = 32

// keyframe is the saved state of the replayed run after some command, with
// the resume lines played by then, so a seek can start from it instead of
// from the seed.
type keyframe struct {
	turn, resumed int
	state         []byte
}

// replayIndex is what Index learns by playing a recording through once: its
// keyframes in turn order and where each delivery's road begins.
type replayIndex struct {
	frames []keyframe
	roads  []int
}

// Index plays the whole recording once in a game of its own and keeps a
// keyframe every KeyframeEvery commands and the command at which each road
// begins, so Seek is quick in both directions and a viewer can mark the
// deliveries. The game being shown is not touched. It fails as Step would on
// a desync; the part indexed before it is kept.
func (p *Player) Index() error {
	q := &Player{data: p.data, rec: p.rec}
	if err := q.restart(); err != nil {
		return err
	}
	ix := &replayIndex{roads: []int{0}}
	p.index = ix
	if err := ix.keep(q); err != nil {
		return err
	}
	for !q.Done() {
		before := q.g.Phase()
		if _, err := q.Step(); err != nil {
			return err
		}
		if before != act.PhaseRoad && q.g.Phase() == act.PhaseRoad {
			ix.roads = append(ix.roads, q.turn)
		}
		if q.turn%KeyframeEvery == 0 {
			if err := ix.keep(q); err != nil {
				return err
			}
		}
	}
	return nil
}

// keep saves q's state as a keyframe.
func (ix *replayIndex) keep(q *Player) error {
	state, err := q.g.MarshalState()
	if err != nil {
		return fmt.Errorf("keyframe at command %d: %w", q.turn, err)
	}
	ix.frames = append(ix.frames, keyframe{turn: q.turn, resumed: q.resumed, state: state})
	return nil
}

// Roads returns the commands at which each road of the run begins (0 for
// the first), in order, once Index has run; nil before.
func (p *Player) Roads() []int {
	if p.index == nil {
		return nil
	}
	return p.index.roads
}

// RoadStart returns the command at which the road holding turn begins.
func (p *Player) RoadStart(turn int) int {
	start := 0
	for _, r := range p.Roads() {
		if r <= turn {
			start = r
		}
	}
	return start
}

// Delivery returns the command to seek to for the road next before (dir < 0)
// or after (dir > 0) the one played now: back from inside a road goes to its
// start, back from its start to the road before. Without a road that way it
// returns the recording's start or end.
func (p *Player) Delivery(dir int) int {
	roads := p.Roads()
	if dir < 0 {
		for i := len(roads) - 1; i >= 0; i-- {
			if roads[i] < p.turn {
				return roads[i]
			}
		}
		return 0
	}
	for _, r := range roads {
		if r > p.turn {
			return r
		}
	}
	return p.Len()
}

// frameBefore returns the last keyframe at or before turn, if indexed.
func (ix *replayIndex) frameBefore(turn int) (keyframe, bool) {
	if ix == nil {
		return keyframe{}, false
	}
	var best keyframe
	found := false
	for _, f := range ix.frames {
		if f.turn > turn {
			break
		}
		best, found = f, true
	}
	return best, found
}

// jump starts the replay again from the keyframe before turn when that is
// nearer than where it stands (or turn is behind it). ok is false when
// there is no keyframe to use.
func (p *Player) jump(turn int) (ok bool, err error) {
	f, found := p.index.frameBefore(turn)
	if !found || (turn >= p.turn && f.turn <= p.turn) {
		return false, nil
	}
	g, err := game.UnmarshalState(p.data, f.state)
	if err != nil {
		return false, fmt.Errorf("keyframe at command %d: %w", f.turn, err)
	}
	if p.setup != nil {
		p.setup(g)
	}
	p.g, p.turn, p.resumed, p.err = g, f.turn, f.resumed, nil
	return true, nil
}
