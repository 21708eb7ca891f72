// Package game is Last Post's turn loop and campaign. It turns player
// commands and the AI's orders into action types (rules/act), hands them to
// the rule engine (rules) with the rule book (rules/book), and keeps what a
// run needs beyond the entities: the random generator, the turn schedule,
// the road, the run's tally and the message log. Between deliveries the van,
// its guns, its inventory and the camp shop's stock are entities of the same
// world, and every camp command is an action through the same rules.
//
// All randomness comes from one seeded PCG generator carried in the Game, and
// nothing reads the clock, so a seed plus the recorded commands reproduces a
// run exactly; Hash digests the whole state after every turn for replays.
package game

import (
	"math/rand/v2"

	"lastpost/ai"
	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/game/sched"
	"lastpost/levelgen"
	"lastpost/rules"
	"lastpost/rules/act"
	"lastpost/rules/book"
	"lastpost/rules/vocab"
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

// Game is one run of Last Post.
type Game struct {
	data *assets.Data
	pcg  *rand.PCG
	rng  *rand.Rand

	// Run is the run's seed and tally.
	Run Run

	level     *levelgen.Level
	levelHash uint64
	// gen makes the roads from data's tables (see generator).
	gen    *levelgen.Generator
	world  *ecs.World
	engine *rules.Engine[act.Act]
	// env is what building an action reads; its Van is the one entity
	// that lasts the whole run.
	env     act.Env
	book    book.Env
	sched   sched.Schedule[Task]
	pending marks // enemies with a task in sched or taking their turn; see Forget
	// sleepers are the enemies out of the schedule until the van comes
	// near; derived from the state, never saved.
	sleepers sleepers
	// placingRoad is set while populate places a new road's things: an
	// enemy enlisted then may sleep from the start (sleepsFromTheStart).
	placingRoad bool

	// levelSeed and levelDifficulty regenerate the road when a save is
	// loaded: generation is pure, so the road itself is not saved.
	levelSeed       uint64
	levelDifficulty int
	// drawn is true from a drawn road (NewOnDrawnRoad) until the van
	// leaves for a generated one: such a run cannot be saved.
	drawn bool
	// broken holds the error of a turn the rules could not finish (a rule
	// loop stopped by the action limit). Such a turn is cut off midway:
	// a barrel struck but not yet gone off, a move without its follow-ons.
	// The run refuses to go on or be saved from there.
	broken error
	// levelHashed says levelHash is the road's digest.
	levelHashed bool

	log       Log
	memory    Memory
	sight     sight
	path      ai.Pathfinder
	view      ai.Map
	committed int
	lastSaid  vocab.Message
	turnTrace *rules.Trace
	listener  Listener
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

// New starts a run with the given seed: the van is outfitted, the first
// delivery is generated and the van waits for its first command.
func New(data *assets.Data, seed uint64) *Game {
	g := newGame(data, seed)
	// As in any turn, a rule loop while the enemies first move would be a
	// bug; the run then simply waits at the van's turn.
	_ = g.startDelivery()
	return g
}

// NewFrom starts a run as New does, to the same state and the same
// hashes, but built in the memory old has grown (its world's stores and
// spatial index, the memory of the road, the log, the schedule and the
// other buffers a road fills), so a caller that plays runs one after
// another does not allocate each afresh. Nothing of old's run carries over
// but that memory. old is emptied and must not be used afterwards, nor
// anything it returned (its world, its log); a nil old makes NewFrom New.
func NewFrom(old *Game, data *assets.Data, seed uint64) *Game {
	g := newGameFrom(old, data, seed)
	// As in New.
	_ = g.startDelivery()
	return g
}

// newGame makes a run with its van outfitted, before its first road.
func newGame(data *assets.Data, seed uint64) *Game { return newGameFrom(nil, data, seed) }

// newGameFrom is newGame in old's memory (see NewFrom), or in new memory
// when old is nil.
func newGameFrom(old *Game, data *assets.Data, seed uint64) *Game {
	g := &Game{data: data, Run: Run{Seed: seed}}
	if old != nil {
		g.adopt(old)
	}
	g.pcg = rand.NewPCG(seed, seed^0x6c617374706f7374)
	g.rng = rand.New(g.pcg)
	g.log.Limit = data.Display.LogHistory
	g.makeEngine()
	// The run's first action makes the van; nothing else has an id yet,
	// so an error here would be a broken rule book.
	g.engine.Enqueue(act.Outfit())
	g.resolveQuietly()
	g.env.Van = g.world.LastEntity()
	return g
}

// adopt takes the memory of old, a game no longer wanted, for g, a game
// being made: each buffer empty, as a new game's is, or as a new road
// leaves it (setLevel resets the rest before any is read). Only storage
// moves; every value that says something of old's run (its entities, rng,
// tally, schedule, log, memory, pending marks, sleepers, road) stays
// behind, and old is zeroed so that any later use of it fails at once
// instead of sharing storage with g.
func (g *Game) adopt(old *Game) {
	g.world = old.world.Recycle()
	g.log = Log{Entries: old.log.Entries[:0], sums: old.log.sums[:0]}
	g.memory = Memory{Seen: old.memory.Seen[:0], Kinds: old.memory.Kinds[:0]}
	// The disc depends on the radius alone; still is laid out per road.
	g.sight = sight{radius: old.sight.radius, halves: old.sight.halves, rowHalves: old.sight.rowHalves, still: old.sight.still[:0]}
	// A pathfinder's results depend on its search alone, not on the
	// searches before: a run keeps one from road to road.
	g.path = old.path
	g.sched = old.sched
	g.sched.Reset()
	g.pending = old.pending
	g.pending.reset()
	// A road is a function of its seed, its difficulty and the tables:
	// the generator's tables must be this game's.
	if old.data == g.data {
		g.gen = old.gen
		g.env.Blast = old.env.Blast
	}
	g.sleepers = sleepers{sights: old.sleepers.sights[:0], sightOf: old.sleepers.sightOf[:0], woken: old.sleepers.woken[:0]}
	*old = Game{}
}

// makeEngine makes the run's world, unless adopt gave it a recycled one,
// and its rule engine. Both last the whole run: roads come and go as
// entities.
func (g *Game) makeEngine() {
	if g.world == nil {
		g.world = ecs.NewWorld(vocab.Schema())
	}
	// A blast's pattern is the data's: one adopted with the data is kept,
	// else it is laid out now, not in the middle of the first blast.
	blast := g.env.Blast
	if blast == nil {
		blast = act.NewBlast(&g.data.Combat.Explosion)
	}
	g.env = act.Env{World: g.world, Rand: g.rng, Data: g.data, Blast: blast}
	g.book = book.Env{Data: g.data, Acid: g.Acid, Won: func() bool { return g.Run.Won }}
	g.setEngine(false)
}

// setEngine gives the run a new rule engine over its world, between
// turns. consultAll makes it ask every rule of every action (the engine's
// NoSkip), which must play exactly the same: tests compare the two.
func (g *Game) setEngine(consultAll bool) { g.setEngineBuilding(consultAll, builder(g)) }

// builder returns the engine's Build for g: a Move, most actions of a
// cascade, goes to its builder at once, the other kinds through
// act.Build's search for theirs. A Move means nothing beyond its change
// set (act.Commit passes it by), nor do most kinds of a quiet turn (a
// Wait, the physics, a lane change, an enemy's walk: act's
// CommitsNothing), so they are committed quietly, without the commit
// hook, unless a front end hears every commit; the turn still counts them
// (see do). It is kept out of line so that its closure is compiled once,
// as itself, with BuildMove inlined into it.
//
//go:noinline
func builder(g *Game) func(*act.Act, *ecs.Action) {
	env := &g.env
	return func(t *act.Act, a *ecs.Action) {
		if t.Kind == act.KindMove {
			if g.listener.Commit == nil {
				g.engine.CommitQuietly()
			}
			act.BuildMove(env, t, a)
			return
		}
		if t.Kind.CommitsNothing() && g.listener.Commit == nil {
			g.engine.CommitQuietly()
		}
		act.Build(env, t, a)
	}
}

// setEngineBuilding is setEngine with build as the engine's Build, which
// must build every action type as act.Build does.
func (g *Game) setEngineBuilding(consultAll bool, build func(*act.Act, *ecs.Action)) {
	// The builders tell the scratch of each step they build, which it
	// would otherwise find again in the action.
	scratch := book.NewScratch(&g.book)
	g.env.Stepped = scratch.Stepped()
	g.engine = rules.New(g.world, book.Book(&g.book), rules.Options[act.Act]{
		Build:    build,
		Describe: act.Act.String,
		Name:     func(t act.Act) string { return act.NameWords(&g.env, t) },
		Subject:  book.Subject,
		Scratch:  scratch,
		NoSkip:   consultAll,
	})
	g.env.Clock = g.engine.Now
	g.engine.AddProcess(velocity{g})
	// What a committed action means beyond its change set, and the front
	// end told: a closure, not the method value of a method, whose wrapper
	// would be one more call for every action committed.
	g.engine.OnCommit = func(t *act.Act, now int) {
		// A log line alone is not a turn: a refused command explains
		// itself without using the turn. Counted before the commit's
		// call, t need not be kept across it.
		if t.Kind != act.KindSay {
			g.committed++
		}
		act.Commit(&g.env, ledger{g}, t)
		if g.listener.Commit != nil {
			g.listener.Commit(now)
		}
	}
	g.engine.OnAdvance = g.onAdvance
	g.engine.Trace = g.turnTrace
}

// Data returns the game's assets.
func (g *Game) Data() *assets.Data { return g.data }

// World returns the entities of the run: the van, what it carries, and the
// current road or camp.
func (g *Game) World() *ecs.World { return g.world }

// Level returns the current delivery's road.
func (g *Game) Level() *levelgen.Level { return g.level }

// Van returns the van's entity.
func (g *Game) Van() ecs.Entity { return g.env.Van }

// Log returns the message log.
func (g *Game) Log() *Log { return &g.log }

// Memory returns what the driver has seen of the current road.
func (g *Game) Memory() *Memory { return &g.memory }

// Phase returns where the run is.
func (g *Game) Phase() act.Phase { return g.Run.Phase }

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
	return g.level.Terrain[p.Y*g.level.W+p.X] == levelgen.Acid
}

// Money returns the money the van carries.
func (g *Game) Money() int { return vocab.Money.Value(g.world, g.env.Van) }

// Inventory returns the ids of the items the van carries, in order.
func (g *Game) Inventory() []string { return ids(g.world, act.Carried(g.world), vocab.Item) }

// Stock returns the offer ids on sale at the camp, in order (none on the
// road).
func (g *Game) Stock() []string { return ids(g.world, act.OnSale(g.world), vocab.Offer) }

// Price returns what the offer id costs the van as it stands: a repair
// priced per point costs the points it would put back.
func (g *Game) Price(id string) int {
	o, _ := g.data.Shop.Offer(id)
	return act.PriceOf(g.world, g.env.Van, o)
}

// Needless reports whether buying the offer id would change nothing for
// the van as it stands (a repair of a whole part, armour no better than
// its own), so the rules would refuse it.
func (g *Game) Needless(id string) bool {
	o, _ := g.data.Shop.Offer(id)
	return act.Needless(g.world, g.env.Van, o)
}

// ids reads the id component c of each entity.
func ids(w *ecs.World, ents []ecs.Entity, c ecs.Data[string]) []string {
	out := make([]string, len(ents))
	for i, e := range ents {
		out[i] = c.Value(w, e)
	}
	return out
}

// VanState returns the van's condition and guns.
func (g *Game) VanState() VanState {
	w, v := g.world, g.env.Van
	return VanState{HP: vocab.HP.Value(w, v), Engine: vocab.Engine.Value(w, v), Tyres: vocab.Tyres.Value(w, v),
		Armour: vocab.Armour.Value(w, v), Guns: vocab.Guns.Value(w, v)}
}

// resolveQuietly resolves the queue without the front end's hooks: what it
// runs (making the van, laying out a road) is no sight to animate. The
// rule book and the action limit make an error impossible here short of a
// broken build, which a panic reports.
func (g *Game) resolveQuietly() {
	l := g.listener
	g.listener = Listener{}
	defer func() { g.listener = l }()
	if err := g.engine.Resolve(); err != nil {
		panic(err)
	}
}
