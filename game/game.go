// Package game is Last Post's turn loop and campaign. It turns player
// commands and the AI's orders into action types, hands them to the rule
// engine (rules) with the rule book (rules/book), and keeps everything a run
// needs beyond the entities: the random generator, the turn schedule, the
// campaign (money, camp, shop, garage) and the message log.
//
// All randomness comes from one seeded PCG generator carried in the Game, and
// nothing reads the clock, so a seed plus the recorded commands reproduces a
// run exactly; Hash digests the whole state after every turn for replays.
package game

import (
	"fmt"
	"math/rand/v2"

	"lastpost/ai"
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/game/sched"
	"lastpost/game/vocab"
	"lastpost/levelgen"
	"lastpost/rules"
	"lastpost/rules/book"
)

// TurnTime is the length of a round in schedule units. Everyone acts once
// per round: enemies at offset 1, the van at 2, physics at 3.
const TurnTime = 16

// The offsets within a round.
const (
	offsetEnemy   = 1
	offsetVan     = 2
	offsetPhysics = 3
)

// TaskKind says whose turn a schedule entry is.
type TaskKind uint8

// The kinds of task.
const (
	TaskActor   TaskKind = iota // an entity's turn (the van or an enemy)
	TaskPhysics                 // the round's physics step
)

// Task is one entry of the turn schedule.
type Task struct {
	Kind TaskKind   `json:"kind"`
	E    ecs.Entity `json:"e,omitempty"`
}

// Phase says where the run is.
type Phase uint8

// The phases of a run.
const (
	PhaseRoad Phase = iota // driving a delivery
	PhaseCamp              // between deliveries, at a survivor camp
	PhaseOver              // the van is destroyed
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case PhaseRoad:
		return "road"
	case PhaseCamp:
		return "camp"
	}
	return "over"
}

// Game is one run of Last Post.
type Game struct {
	data *assets.Data
	pcg  *rand.PCG
	rng  *rand.Rand

	// Run is the campaign state that outlives a delivery.
	Run Run

	level     *levelgen.Level
	levelHash uint64
	world     *ecs.World
	engine    *rules.Engine[vocab.Act]
	env       book.Env
	sched     sched.Schedule[Task]
	van       ecs.Entity
	tickets   map[ecs.Entity]sched.Ticket
	acid      []bool

	// levelSeed and levelDifficulty regenerate the road when a save is
	// loaded: generation is pure, so the road itself is not saved.
	levelSeed       uint64
	levelDifficulty int

	log       Log
	memory    Memory
	path      ai.Pathfinder
	view      ai.Map
	occupied  func(geom.Point) bool
	committed int
	lastSaid  vocab.Message
	turnTrace *rules.Trace
	listener  Listener
	// enemies caches the assets entry of each enemy kind.
	enemies [vocab.KindBloodstain + 1]*assets.Enemy
}

// Listener hears the engine as a turn resolves, so a front end can animate
// without the game knowing any screen. Any field may be nil.
type Listener struct {
	// Commit is called after every committed action, with the instant of
	// the resolution in milliseconds.
	Commit func(now int)
	// Advance is called when a resolution's clock moves to a later instant.
	Advance func(now int)
}

// New starts a run with the given seed: the first delivery is generated and
// the van waits for its first command.
func New(data *assets.Data, seed uint64) *Game {
	g := &Game{data: data}
	g.pcg = rand.NewPCG(seed, seed^0x6c617374706f7374)
	g.rng = rand.New(g.pcg)
	g.Run = newRun(data, seed)
	g.log.Limit = data.Display.LogHistory
	g.startDelivery()
	return g
}

// Data returns the game's assets.
func (g *Game) Data() *assets.Data { return g.data }

// World returns the entities of the current delivery.
func (g *Game) World() *ecs.World { return g.world }

// Level returns the current delivery's road.
func (g *Game) Level() *levelgen.Level { return g.level }

// Van returns the van's entity.
func (g *Game) Van() ecs.Entity { return g.van }

// Log returns the message log.
func (g *Game) Log() *Log { return &g.log }

// Memory returns what the driver has seen of the current road.
func (g *Game) Memory() *Memory { return &g.memory }

// Phase returns where the run is.
func (g *Game) Phase() Phase { return g.Run.Phase }

// SetListener sets the hooks a front end uses to animate.
func (g *Game) SetListener(l Listener) { g.listener = l }

// SetTracing turns the rule trace of each turn on or off. When on,
// LastTrace returns the records of the most recent turn.
func (g *Game) SetTracing(on bool) {
	if on {
		g.turnTrace = &rules.Trace{}
	} else {
		g.turnTrace = nil
	}
	g.engine.Trace = g.turnTrace
}

// LastTrace returns the rule trace of the last turn, or nil when tracing is
// off.
func (g *Game) LastTrace() *rules.Trace { return g.turnTrace }

// Rules lists the rule book in checking order.
func (g *Game) Rules() []string { return g.engine.Book() }

// Acid reports whether cell p of the current road is acid.
func (g *Game) Acid(p geom.Point) bool {
	if !p.In(g.level.W, g.level.H) {
		return false
	}
	return g.acid[p.Y*g.level.W+p.X]
}

func (g *Game) gun(id string) assets.Gun {
	gun, ok := g.data.Guns.Get(id)
	if !ok {
		panic(fmt.Sprintf("game: unknown gun %q", id))
	}
	return gun
}

// enemy returns the data of enemy kind k. Every enemy turn asks, so the
// entries are found once per game and kept by kind.
func (g *Game) enemy(k vocab.Kind) *assets.Enemy {
	if int(k) < len(g.enemies) && g.enemies[k] != nil {
		return g.enemies[k]
	}
	list := g.data.Enemies.List
	for i := range list {
		if list[i].ID == k.String() {
			if int(k) < len(g.enemies) {
				g.enemies[k] = &list[i]
			}
			return &list[i]
		}
	}
	panic(fmt.Sprintf("game: no enemy data for %q", k))
}
