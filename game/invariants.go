package game

import (
	"fmt"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/game/vocab"
)

// CheckInvariants reports the first way the state is inconsistent, between
// turns: the spatial index agrees with the stores; nothing is left in
// flight; no two blockers (solids, enemies, the van) share a cell; every
// living enemy holds exactly one place in the turn schedule, physics one,
// and the van none while it waits for its command; stats stay in range.
// Soak tests call it after every turn.
func (g *Game) CheckInvariants() error {
	if g.Run.Phase != PhaseRoad {
		return g.checkRun()
	}
	w := g.world
	if err := w.Spatial().Check(w); err != nil {
		return err
	}
	if n := w.Count(vocab.Projectile.ID()); n > 0 {
		return fmt.Errorf("%d projectiles still in flight between turns", n)
	}
	if n := w.Count(vocab.Moving.ID()); n > 0 {
		return fmt.Errorf("%d entities still moving between turns", n)
	}
	if err := g.checkCells(); err != nil {
		return err
	}
	if err := g.checkSchedule(); err != nil {
		return err
	}
	if err := g.checkVan(); err != nil {
		return err
	}
	return g.checkRun()
}

func (g *Game) checkCells() error {
	w := g.world
	for y := range g.level.H {
		for x := range g.level.W {
			blockers := 0
			p := ecs.Entity(0)
			for _, e := range w.Spatial().At(geom.Pt(x, y)) {
				if vocab.Solid.Has(w, e) || vocab.Enemy.Has(w, e) || vocab.Player.Has(w, e) {
					blockers++
					p = e
				}
			}
			if blockers > 1 {
				return fmt.Errorf("cell %d,%d holds %d blockers (last #%d)", x, y, blockers, p)
			}
		}
	}
	return nil
}

func (g *Game) checkSchedule() error {
	places := map[ecs.Entity]int{}
	physics := 0
	for _, entry := range g.sched.Pending() {
		if entry.Value.Kind == TaskPhysics {
			physics++
			continue
		}
		places[entry.Value.E]++
	}
	if physics != 1 {
		return fmt.Errorf("physics holds %d places in the schedule", physics)
	}
	if places[g.van] != 0 {
		return fmt.Errorf("the van holds %d places in the schedule while it waits for a command", places[g.van])
	}
	for _, e := range vocab.Enemy.Entities(g.world) {
		if places[e] != 1 {
			return fmt.Errorf("enemy #%d holds %d places in the schedule", e, places[e])
		}
		if t, ok := g.tickets[e]; !ok || t == 0 {
			return fmt.Errorf("enemy #%d has no ticket", e)
		}
	}
	if len(places) != len(vocab.Enemy.Entities(g.world)) {
		return fmt.Errorf("the schedule holds %d actors but %d enemies live", len(places), len(vocab.Enemy.Entities(g.world)))
	}
	return nil
}

func (g *Game) checkVan() error {
	w, v := g.world, g.van
	if err := statInRange("hp", vocab.HP.Value(w, v)); err != nil {
		return err
	}
	if err := statInRange("engine", vocab.Engine.Value(w, v)); err != nil {
		return err
	}
	if err := statInRange("tyres", vocab.Tyres.Value(w, v)); err != nil {
		return err
	}
	if a := vocab.Armour.Value(w, v); a < 0 || a > g.data.Van.MaxArmour {
		return fmt.Errorf("armour %d outside 0..%d", a, g.data.Van.MaxArmour)
	}
	top := vocab.TopSpeed.Value(w, v)
	if want := g.data.Van.MaxSpeed(vocab.Engine.Value(w, v).Cur); top != want {
		return fmt.Errorf("top speed %d, the engine allows %d", top, want)
	}
	if s := vocab.Speed.Value(w, v); s < 0 || s > top {
		return fmt.Errorf("speed %d outside 0..%d", s, top)
	}
	for _, e := range vocab.Enemy.Entities(w) {
		if hp := vocab.HP.Value(w, e); hp.Cur <= 0 || hp.Cur > hp.Max {
			return fmt.Errorf("enemy #%d alive with hp %d/%d", e, hp.Cur, hp.Max)
		}
	}
	return nil
}

func (g *Game) checkRun() error {
	r := &g.Run
	switch {
	case r.Money < 0:
		return fmt.Errorf("money %d below zero", r.Money)
	case len(r.Inventory) > g.data.Van.InventoryCapacity:
		return fmt.Errorf("%d items in an inventory of %d", len(r.Inventory), g.data.Van.InventoryCapacity)
	case r.Van.Armour < 0 || r.Van.Armour > g.data.Van.MaxArmour:
		return fmt.Errorf("carried armour %d outside 0..%d", r.Van.Armour, g.data.Van.MaxArmour)
	}
	for _, s := range []vocab.Stat{r.Van.HP, r.Van.Engine, r.Van.Tyres} {
		if err := statInRange("carried stat", s); err != nil {
			return err
		}
	}
	return nil
}

func statInRange(name string, s vocab.Stat) error {
	if s.Cur < 0 || s.Cur > s.Max {
		return fmt.Errorf("%s %d outside 0..%d", name, s.Cur, s.Max)
	}
	return nil
}
