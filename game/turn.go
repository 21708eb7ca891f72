package game

import (
	"errors"
	"fmt"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Result says what a command did.
type Result struct {
	// Took is true when the command used a turn (or, at camp, changed
	// something). A refused command takes nothing.
	Took bool
	// Refusal is the reason a command was refused, as the rule that refused
	// it told the log.
	Refusal vocab.Message
}

// ErrRunOver is returned for commands given after the run ended.
var ErrRunOver = errors.New("game: the run is over")

// ErrBroken wraps the error of a turn the rules could not finish. Every
// command after it, and every save, returns it too: the state is half a
// turn, which no further play or saved file should build on.
var ErrBroken = errors.New("game: the run stopped in the middle of a turn")

// Do plays one player command: it becomes the van's action, which the rules
// accept or refuse (with the reason, in the log) like any other. An
// accepted road command lets the rest of the round play out up to the van's
// next turn; a departure lays out the next road. An error means the rules
// broke down (a rule loop), which a replay reports as such; the run is
// then broken and refuses every later command (see ErrBroken).
func (g *Game) Do(c Command) (Result, error) {
	if g.broken != nil {
		return Result{}, g.broken
	}
	r, err := g.do(c)
	if err != nil && !errors.Is(err, ErrRunOver) && !errors.Is(err, errUnknownCommand) {
		g.broken = fmt.Errorf("%w: %w", ErrBroken, err)
		return r, g.broken
	}
	return r, err
}

// errUnknownCommand refuses a command kind the game does not know; it
// changes nothing, so the run is not broken by it.
var errUnknownCommand = errors.New("game: unknown command kind")

// do is Do for a run that is not broken.
func (g *Game) do(c Command) (Result, error) {
	if c.Kind >= cmdCount {
		return Result{}, fmt.Errorf("%w %d", errUnknownCommand, c.Kind)
	}
	before := g.Run.Phase
	if before == act.PhaseOver {
		return Result{}, ErrRunOver
	}
	if g.turnTrace != nil {
		g.turnTrace.Reset()
	}
	g.committed, g.lastSaid = 0, vocab.Message{}
	// Steps are committed quietly (see builder): the engine counts them.
	quiet := g.engine.QuietCommits()
	g.engine.Enqueue(g.commandAct(c).ByDriver())
	if err := g.engine.Resolve(); err != nil {
		return Result{}, err
	}
	if g.committed == 0 && g.engine.QuietCommits() == quiet {
		return Result{Refusal: g.lastSaid}, nil
	}
	if before == act.PhaseRoad && c.Kind != CmdGiveUp {
		g.Run.Turns++
	}
	var err error
	switch after := g.Run.Phase; {
	case before == act.PhaseRoad && after == act.PhaseRoad:
		g.sched.Insert(Task{Kind: TaskActor, E: g.env.Van}, TurnTime)
		err = g.advance()
	case before == act.PhaseCamp && after == act.PhaseRoad:
		err = g.startDelivery()
	}
	return Result{Took: true}, err
}

// commandAct turns a command into the van's action type. It decides
// nothing: a command that cannot be done builds into an action the rules
// refuse, with their reason.
func (g *Game) commandAct(c Command) act.Act {
	v := g.env.Van
	switch c.Kind {
	case CmdAccelerate:
		return act.Accelerate(v)
	case CmdDecelerate:
		return act.Decelerate(v)
	case CmdSteerUp:
		return act.Steer(v, geom.North)
	case CmdSteerDown:
		return act.Steer(v, geom.South)
	case CmdFire:
		return act.FireFrom(&g.env, v, c.Dir)
	case CmdUse:
		return act.UseKit(v, act.Nth(act.Carried(g.world), c.Index))
	case CmdBuy:
		return act.Buy(v, act.Nth(act.OnSale(g.world), c.Index))
	case CmdMount:
		return act.Mount(v, c.Dir, act.Nth(act.Carried(g.world), c.Index))
	case CmdUnmount:
		return act.Unmount(v, c.Dir)
	case CmdDiscard:
		return act.Discard(v, act.Nth(act.Carried(g.world), c.Index))
	case CmdDepart:
		return act.Depart(v)
	case CmdGiveUp:
		return act.GiveUp(v)
	case CmdRetire:
		return act.Retire(v)
	}
	return act.Wait(v)
}

// GiveUp gives the run up, as the give-up command does. Play it through
// Do(Command{Kind: CmdGiveUp}) so recordings keep it; this is for ending a
// run that will not be recorded further (the high-score table's close).
func (g *Game) GiveUp() {
	if g.Run.Phase != act.PhaseOver {
		_, _ = g.Do(Command{Kind: CmdGiveUp})
	}
}

// advance runs the schedule (enemies, physics) until it is the van's turn
// again or the delivery ends.
func (g *Game) advance() error {
	for g.Run.Phase == act.PhaseRoad {
		if vocab.Arrived.Has(g.world, g.env.Van) {
			return g.reachCamp()
		}
		task, _, ok := g.sched.Next()
		if !ok {
			return errors.New("game: the turn schedule ran empty")
		}
		switch {
		case task.Kind == TaskPhysics:
			g.engine.Enqueue(act.PhysicsStep())
			if err := g.engine.Resolve(); err != nil {
				return err
			}
			g.sched.Insert(task, TurnTime)
			g.wakeSeeing()
		case task.E == g.env.Van:
			g.memory.Update(g)
			return nil
		default:
			if err := g.enemyActs(task); err != nil {
				return err
			}
		}
	}
	return nil
}

// reachCamp ends a delivery the van survived: it pulls into the camp, and
// the rules follow with the pay, the patched hull and the shop's stock.
func (g *Game) reachCamp() error {
	g.engine.Enqueue(act.ReachCamp(g.env.Van))
	err := g.engine.Resolve()
	// The road's actors are gone with it; the next road schedules its own.
	g.sched.Reset()
	g.pending.reset()
	g.sleepers.reset(0, nil)
	return err
}

// enemyActs plays one enemy's turn: it decides, and the rules resolve what
// it queued. A turn that queued nothing (a wait no one traces) resolves
// nothing: the queue is empty and, a resolution having run until nothing
// moved, so is every process, so Resolve would only start and stop its
// clock.
func (g *Game) enemyActs(task Task) error {
	if !g.lives(task.E) {
		g.pending.remove(task.E)
		return nil
	}
	// The enemy stays marked pending through its turn, so a turn costs
	// no map write: should it die meanwhile, Forget finds no task of its
	// pending, which changes nothing, and unmarks it.
	switch g.enemyTurn(task.E) {
	case turnAsleep:
		return nil
	case turnQueued:
		if err := g.engine.Resolve(); err != nil {
			return err
		}
		if !g.lives(task.E) {
			g.pending.remove(task.E)
			return nil
		}
	}
	g.sched.Insert(task, TurnTime)
	return nil
}

// lives reports whether e is alive, as World.Alive does. An enemy holds
// the Enemy flag as long as it lives, and that is one read, where Alive
// asks the components of e's page one by one until e holds one; any other
// entity, and a dead one, is asked of Alive.
func (g *Game) lives(e ecs.Entity) bool {
	return vocab.Enemy.In(g.world, e) || g.world.Alive(e)
}
