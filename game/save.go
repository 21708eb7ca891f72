package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/game/sched"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// SaveVersion is the save format this build writes and reads. Bump it
// whenever the body's meaning changes (a new component, a new field that
// matters to play), so an old build refuses a newer save instead of
// misreading it.
//
// Version 3 puts a line naming the content before the state (the archive
// writes and reads it); version 2 saves, without it, are still read.
const SaveVersion = 3

// maxSavedEntity bounds the entity allocator a save may carry. A delivery
// spawns a few thousand entities; the bound keeps a hostile file from making
// the sparse indexes allocate gigabytes.
const maxSavedEntity = 1 << 24

// saveBody is everything a run needs to carry on exactly as it would have.
// The road is not saved: it is regenerated from its seed and difficulty.
// The pending marks are not saved either: they are the schedule's actor
// entries;
// nor are the sleepers: the living enemies the schedule leaves out.
type saveBody struct {
	Run      Run                  `json:"run"`
	RNG      []byte               `json:"rng"`
	Level    savedLevel           `json:"level"`
	World    json.RawMessage      `json:"world"`
	Van      ecs.Entity           `json:"van"`
	Schedule sched.Snapshot[Task] `json:"schedule"`
	Log      Log                  `json:"log"`
	Memory   savedMemory          `json:"memory"`
}

type savedLevel struct {
	Seed       uint64 `json:"seed"`
	Difficulty int    `json:"difficulty"`
}

// savedMemory keeps one byte per cell: 0 for never seen, else the kind
// last seen there plus one. On is read and ignored: saves before the memory
// was always kept said whether it was.
type savedMemory struct {
	On    bool   `json:"on,omitempty"`
	Cells []byte `json:"cells"`
}

// MarshalState writes the whole state of the run in JSON: the body of a
// save, which the caller frames. UnmarshalState reads it back. A run on
// a drawn road is refused until the van leaves for a generated one, and a
// broken run (ErrBroken) is refused for good.
func (g *Game) MarshalState() ([]byte, error) {
	if g.drawn {
		return nil, errDrawnRoad
	}
	if g.broken != nil {
		return nil, g.broken
	}
	rng, err := g.pcg.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("game: saving the random generator: %w", err)
	}
	world, err := g.world.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("game: saving the world: %w", err)
	}
	b, err := json.Marshal(saveBody{
		Run:      g.Run,
		RNG:      rng,
		Level:    savedLevel{Seed: g.levelSeed, Difficulty: g.levelDifficulty},
		World:    world,
		Van:      g.env.Van,
		Schedule: g.sched.Snapshot(),
		Log:      g.log,
		Memory:   g.memory.save(),
	})
	if err != nil {
		return nil, fmt.Errorf("game: saving: %w", err)
	}
	return b, nil
}

// UnmarshalState rebuilds a run from a body written by MarshalState. It
// checks every field (entity ids, the schedule, money, item and gun ids, the
// inventory's size, stats...) and returns an error saying what is wrong, in
// one line, instead of a run that could misbehave. It never panics on bad
// input.
func UnmarshalState(data *assets.Data, body []byte) (*Game, error) {
	var s saveBody
	if err := decodeStrict(body, &s); err != nil {
		return nil, fmt.Errorf("its contents cannot be read: %w", err)
	}
	g, err := s.restore(data)
	if err != nil {
		return nil, fmt.Errorf("its contents are invalid: %w", err)
	}
	return g, nil
}

// restore builds the game in the saved state, checking as it goes.
func (s *saveBody) restore(data *assets.Data) (*Game, error) {
	g := &Game{data: data, Run: s.Run}
	if err := g.checkSavedRun(); err != nil {
		return nil, err
	}
	g.pcg = &rand.PCG{}
	if err := g.pcg.UnmarshalBinary(s.RNG); err != nil {
		return nil, fmt.Errorf("random generator: %w", err)
	}
	g.rng = rand.New(g.pcg)
	g.makeEngine()
	if err := g.restoreLevel(s.Level); err != nil {
		return nil, err
	}
	if err := g.restoreWorld(s.World, s.Van); err != nil {
		return nil, err
	}
	if err := g.restoreSchedule(s.Schedule); err != nil {
		return nil, err
	}
	if err := g.restoreLog(s.Log); err != nil {
		return nil, err
	}
	if err := g.memory.restore(s.Memory, &data.Enemies); err != nil {
		return nil, err
	}
	if err := g.checkSavedWorld(); err != nil {
		return nil, err
	}
	return g, nil
}

// restoreLevel regenerates the road. Its difficulty is the deliveries done
// when it was generated: as many as now on the road, one less at a camp,
// where Delivery has already counted it.
func (g *Game) restoreLevel(l savedLevel) error {
	// A run given up at a camp ends with either count, hence the slack.
	d := g.Run.Delivery
	ok := l.Difficulty == d-1 && g.Run.Phase != act.PhaseRoad || l.Difficulty == d && g.Run.Phase != act.PhaseCamp
	if !ok {
		return fmt.Errorf("the road's difficulty %d does not match %d deliveries in phase %s",
			l.Difficulty, g.Run.Delivery, g.Run.Phase)
	}
	g.levelSeed, g.levelDifficulty = l.Seed, l.Difficulty
	g.setLevel(g.generator().Generate(l.Seed, l.Difficulty))
	return nil
}

// restoreWorld fills the fresh world setLevel made; the spatial index is
// rebuilt by Restore.
func (g *Game) restoreWorld(raw json.RawMessage, van ecs.Entity) error {
	if len(raw) == 0 || string(raw) == "null" {
		return errors.New("world: missing")
	}
	var head struct {
		Next ecs.Entity `json:"next"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return fmt.Errorf("world: %w", err)
	}
	if head.Next > maxSavedEntity {
		return fmt.Errorf("world: entity allocator at %d, beyond %d", head.Next, maxSavedEntity)
	}
	if err := g.world.Restore(raw); err != nil {
		return err
	}
	g.env.Van = van
	return nil
}

// restoreSchedule restores the turn schedule and derives the pending
// marks from it: every enemy with a pending turn is marked.
func (g *Game) restoreSchedule(snap sched.Snapshot[Task]) error {
	for _, e := range snap.Entries {
		switch {
		case e.Value.Kind == TaskPhysics && e.Value.E == 0:
		case e.Value.Kind == TaskActor && e.Value.E != 0 && e.Value.E <= g.world.LastEntity():
			if e.Value.E != g.env.Van {
				g.pending.add(e.Value.E)
			}
		default:
			return fmt.Errorf("schedule: bad task %+v", e.Value)
		}
	}
	return g.sched.Restore(snap)
}

func (g *Game) restoreLog(l Log) error {
	switch {
	case l.Limit < 1 || l.Limit > g.data.Display.LogHistory:
		// A limit of 0 would keep every message for ever, and a save
		// could then grow with every turn: the game writes its own.
		return fmt.Errorf("log: limit %d outside 1..%d", l.Limit, g.data.Display.LogHistory)
	case len(l.Entries) > l.Limit:
		return fmt.Errorf("log: %d entries over its limit of %d", len(l.Entries), l.Limit)
	}
	for i, e := range l.Entries {
		switch {
		case !g.data.Texts.Has(e.Msg.ID):
			return fmt.Errorf("log entry %d: unknown text %q", i, e.Msg.ID)
		case e.Count < 1:
			return fmt.Errorf("log entry %d: count %d", i, e.Count)
		case e.Turn < 0 || e.Turn > g.Run.Turns:
			return fmt.Errorf("log entry %d: turn %d outside 0..%d", i, e.Turn, g.Run.Turns)
		}
		if err := g.checkChain(e.Why); err != nil {
			return fmt.Errorf("log entry %d: %w", i, err)
		}
	}
	g.log = l
	g.log.rehash()
	return nil
}

// checkChain checks a log line's chain of causes names only kinds and
// guns the data knows.
func (g *Game) checkChain(c vocab.Chain) error {
	for j, l := range c.Links() {
		if _, ok := vocab.KindID(&g.data.Enemies, l.By); !ok && l.By != vocab.KindNone {
			return fmt.Errorf("cause %d: unknown kind %d", j, l.By)
		}
		if _, ok := vocab.KindID(&g.data.Enemies, l.Hit); !ok && l.Hit != vocab.KindNone {
			return fmt.Errorf("cause %d: unknown kind %d", j, l.Hit)
		}
		if int(l.Gun) > len(g.data.Guns.List) {
			return fmt.Errorf("cause %d: gun %d, but there are %d guns", j, l.Gun, len(g.data.Guns.List))
		}
	}
	return nil
}

// save packs the memory one byte per cell.
func (m *Memory) save() savedMemory {
	cells := make([]byte, len(m.Seen))
	for i, seen := range m.Seen {
		if seen {
			cells[i] = byte(m.Kinds[i]) + 1
		}
	}
	return savedMemory{Cells: cells}
}

// restore unpacks a saved memory into one already sized for the road.
func (m *Memory) restore(s savedMemory, enemies *assets.Enemies) error {
	if len(s.Cells) != len(m.Seen) {
		return fmt.Errorf("memory: %d cells for a road of %d", len(s.Cells), len(m.Seen))
	}
	for i, c := range s.Cells {
		if c == 0 {
			continue
		}
		k := vocab.Kind(c - 1)
		if _, known := vocab.KindID(enemies, k); !known {
			return fmt.Errorf("memory: unknown kind %d in cell %d", k, i)
		}
		m.set(i, k)
	}
	return nil
}

// decodeStrict reads exactly one JSON value with no unknown fields: a save
// edited by hand must not lose what the game does not know.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("there is more after the end of the data")
	}
	return nil
}
