package game

import (
	"errors"
	"fmt"
	"lastpost/assets"

	"lastpost/ecs/geom"
	"lastpost/game/vocab"
)

// Result says what a command did.
type Result struct {
	// Took is true when the command used a turn (or, at camp, changed
	// something). A refused command takes nothing.
	Took bool
	// Refusal is the reason a command was refused, for the log.
	Refusal vocab.Message
}

// ErrRunOver is returned for commands given after the run ended.
var ErrRunOver = errors.New("game: the run is over")

// Do plays one player command. A command that makes no sense where the run
// is (a shop purchase on the road) is refused like any other; an error means
// the rules broke down (a rule loop), which a replay reports as such.
func (g *Game) Do(c Command) (Result, error) {
	if c.Kind >= cmdCount {
		return Result{}, fmt.Errorf("game: unknown command kind %d", c.Kind)
	}
	if c.Kind == CmdAbandon && g.Run.Phase != PhaseOver {
		g.Abandon()
		return Result{Took: true}, nil
	}
	switch g.Run.Phase {
	case PhaseRoad:
		return g.doRoad(c)
	case PhaseCamp:
		return g.doCamp(c)
	}
	return Result{}, ErrRunOver
}

func refuse(id assets.TextID) (Result, error) {
	return Result{Refusal: vocab.Message{ID: id}}, nil
}

// doRoad plays a command during a delivery: it becomes the van's action,
// resolves with everything it sets off, and if anything was committed the
// rest of the round plays out up to the van's next turn.
func (g *Game) doRoad(c Command) (Result, error) {
	act, refusal := g.roadAct(c)
	if refusal != "" {
		g.log.Add(vocab.Message{ID: refusal}, g.Run.Turns)
		return refuse(refusal)
	}
	if g.turnTrace != nil {
		g.turnTrace.Reset()
	}
	g.committed, g.lastSaid = 0, vocab.Message{}
	g.engine.Enqueue(act)
	if err := g.engine.Resolve(); err != nil {
		return Result{}, err
	}
	if g.committed == 0 {
		return Result{Refusal: g.lastSaid}, nil
	}
	g.Run.Turns++
	g.sched.Insert(Task{Kind: TaskActor, E: g.van}, TurnTime)
	if err := g.advance(); err != nil {
		return Result{Took: true}, err
	}
	return Result{Took: true}, nil
}

// roadAct turns a road command into the van's action type, or names why it
// cannot be done (without using the turn).
func (g *Game) roadAct(c Command) (vocab.Act, assets.TextID) {
	v := g.van
	switch c.Kind {
	case CmdWait:
		return vocab.Wait(v), ""
	case CmdAccelerate:
		return vocab.Accelerate(v), ""
	case CmdDecelerate:
		return vocab.Decelerate(v), ""
	case CmdSteerUp:
		return vocab.Steer(v, geom.North), ""
	case CmdSteerDown:
		return vocab.Steer(v, geom.South), ""
	case CmdFire:
		gun := vocab.Guns.Value(g.world, v).Gun(c.Dir)
		if gun == "" {
			return vocab.Act{}, assets.PromptEmptySlot
		}
		return g.fireAct(v, c.Dir, gun), ""
	case CmdUse:
		return g.useAct(c.Index)
	}
	return vocab.Act{}, assets.PromptNotNow
}

// useAct checks an inventory item can be used now and would do something.
func (g *Game) useAct(i int) (vocab.Act, assets.TextID) {
	if i < 0 || i >= len(g.Run.Inventory) {
		return vocab.Act{}, assets.PromptNoSuchItem
	}
	item := g.Run.Inventory[i]
	c, ok := g.data.Shop.Consumable(item)
	if !ok {
		return vocab.Act{}, assets.PromptMountAtGarage
	}
	if vocab.Speed.Value(g.world, g.van) > 0 {
		return vocab.Act{}, assets.PromptMoving
	}
	var stat vocab.Stat
	switch c.Restores {
	case assets.StatEngine:
		stat = vocab.Engine.Value(g.world, g.van)
	default:
		stat = vocab.Tyres.Value(g.world, g.van)
	}
	if stat.Full() {
		return vocab.Act{}, assets.PromptNoEffect
	}
	act := vocab.Repair(g.van, item)
	act.N = i
	return act, ""
}

// advance runs the schedule (enemies, physics) until it is the van's turn
// again or the delivery ends.
func (g *Game) advance() error {
	for g.Run.Phase == PhaseRoad {
		if g.deliveryEnded() {
			return nil
		}
		task, _, ok := g.sched.Next()
		if !ok {
			return errors.New("game: the turn schedule ran empty")
		}
		switch {
		case task.Kind == TaskPhysics:
			g.engine.Enqueue(vocab.PhysicsStep())
			if err := g.engine.Resolve(); err != nil {
				return err
			}
			g.sched.Insert(task, TurnTime)
		case task.E == g.van:
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

func (g *Game) enemyActs(task Task) error {
	if !g.world.Alive(task.E) {
		delete(g.tickets, task.E)
		return nil
	}
	// The map keeps the ticket just taken until the next one replaces it:
	// should the enemy die meanwhile, forget cancels a ticket no longer
	// pending, which changes nothing, and map writes are dear here.
	g.enemyTurn(task.E)
	if err := g.engine.Resolve(); err != nil {
		return err
	}
	if g.world.Alive(task.E) {
		g.tickets[task.E] = g.sched.Insert(task, TurnTime)
	} else {
		delete(g.tickets, task.E)
	}
	return nil
}

// deliveryEnded checks for the van's destruction or arrival and moves the
// run on if either happened.
func (g *Game) deliveryEnded() bool {
	switch {
	case vocab.Dead.Has(g.world, g.van):
		g.endRun(CauseDestroyed)
		return true
	case vocab.Arrived.Has(g.world, g.van):
		g.arrive()
		return true
	}
	return false
}

// The causes that end a run.
const (
	CauseDestroyed = "destroyed" // the van was destroyed
	CauseAbandoned = "abandoned" // the player gave the run up
)

// Abandon gives the run up. It ends like a destruction, with its own cause.
// Play it through Do(Command{Kind: CmdAbandon}) so recordings keep it.
func (g *Game) Abandon() {
	if g.Run.Phase == PhaseRoad {
		g.saveVan()
	}
	g.Run.Phase = PhaseOver
	g.Run.Cause = CauseAbandoned
}

// endRun finishes the run.
func (g *Game) endRun(cause string) {
	g.Run.Phase = PhaseOver
	g.Run.Cause = cause
	g.saveVan()
}

// saveVan copies the van's state out of the world into the campaign.
func (g *Game) saveVan() {
	w, v := g.world, g.van
	g.Run.Van.HP = vocab.HP.Value(w, v)
	g.Run.Van.Engine = vocab.Engine.Value(w, v)
	g.Run.Van.Tyres = vocab.Tyres.Value(w, v)
	g.Run.Van.Armour = vocab.Armour.Value(w, v)
	g.Run.Van.Guns = vocab.Guns.Value(w, v)
}
