package game

import (
	"fmt"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// CheckInvariants reports the first way the state is inconsistent, between
// turns: the spatial index agrees with the stores; nothing is left in
// flight; no two blockers (solids, enemies, the van) share a cell; every
// living enemy holds exactly one place in the turn schedule or sleeps once
// in the bucket of its column (see sleepers) without the van in sight,
// physics one,
// and the van none while it waits for its command; stats stay in range.
// Soak tests call it after every turn.
func (g *Game) CheckInvariants() error {
	if g.Run.Phase != act.PhaseRoad {
		return g.checkRun()
	}
	w := g.world
	if err := w.Spatial().Check(w); err != nil {
		return err
	}
	if n := vocab.ProjectileCount(w); n > 0 {
		return fmt.Errorf("%d projectiles still in flight between turns", n)
	}
	if n := w.Count(vocab.Velocity.ID()); n > 0 {
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
	if err := g.checkMemory(); err != nil {
		return err
	}
	return g.checkRun()
}

// checkMemory reports a cell in the driver's sight that the memory holds
// other than a fresh read of it would: the memory reads only what changed,
// and this is what proves it missed nothing. It holds once the van's turn
// has come (the memory is updated then), which is when soak tests ask.
func (g *Game) checkMemory() error {
	m, s := &g.memory, &g.sight
	if !s.viewed {
		return nil
	}
	top, bottom := s.rows(s.center, m.H)
	for y := top; y <= bottom; y++ {
		first, last := s.span(s.center, y)
		for x := max(first, 0); x <= min(last, m.W-1); x++ {
			p := geom.Pt(x, y)
			if seen, k := m.At(p); !seen || k != g.topStill(p) {
				return fmt.Errorf("memory of cell %v: %v (seen %v), a fresh look says %v", p, k, seen, g.topStill(p))
			}
		}
	}
	return nil
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
	if places[g.env.Van] != 0 {
		return fmt.Errorf("the van holds %d places in the schedule while it waits for a command", places[g.env.Van])
	}
	asleep := 0
	for _, e := range vocab.Enemy.Entities(g.world) {
		n := g.sleepsInColumn(e)
		switch {
		case n > 1:
			return fmt.Errorf("enemy #%d sleeps %d times in the bucket of its column", e, n)
		case n == 1 && places[e] != 0:
			return fmt.Errorf("enemy #%d sleeps but holds %d places in the schedule", e, places[e])
		case n == 1:
			asleep++
			if g.pending.has(e) {
				return fmt.Errorf("sleeping enemy #%d is marked pending", e)
			}
			if g.seesVan(e, vocab.Position.Value(g.world, e)) {
				return fmt.Errorf("sleeping enemy #%d has the van in sight", e)
			}
			continue
		}
		if places[e] != 1 {
			return fmt.Errorf("enemy #%d holds %d places in the schedule", e, places[e])
		}
		if !g.pending.has(e) {
			return fmt.Errorf("enemy #%d holds a place in the schedule but is not marked pending", e)
		}
	}
	for _, sight := range g.sleepers.sights {
		n := 0
		for _, col := range sight.cols {
			n += len(col)
		}
		if n != sight.n {
			return fmt.Errorf("the sleepers of vision %d count %d but their buckets hold %d", sight.vision, sight.n, n)
		}
	}
	if len(places)+asleep != len(vocab.Enemy.Entities(g.world)) {
		return fmt.Errorf("the schedule holds %d actors and %d sleep but %d enemies live",
			len(places), asleep, len(vocab.Enemy.Entities(g.world)))
	}
	return nil
}

// sleepsInColumn counts the times enemy e is in a sleepers' bucket of
// the column it stands in, with the row it stands on.
func (g *Game) sleepsInColumn(e ecs.Entity) int {
	pos, ok := vocab.Position.Get(g.world, e)
	n := 0
	for _, sight := range g.sleepers.sights {
		if !ok || pos.X < 0 || pos.X >= len(sight.cols) {
			continue
		}
		for _, s := range sight.cols[pos.X] {
			if s.e == e && s.y == pos.Y {
				n++
			}
		}
	}
	return n
}

func (g *Game) checkVan() error {
	w, v := g.world, g.env.Van
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

// checkRun checks what lasts the whole run: the van's money and stats,
// the inventory's size, and at a camp that no road is left and the shop
// holds no more than it may.
func (g *Game) checkRun() error {
	w, v := g.world, g.env.Van
	if m := vocab.Money.Value(w, v); m < 0 {
		return fmt.Errorf("money %d below zero", m)
	}
	if n := w.Count(vocab.Item.ID()); n > g.data.Van.InventoryCapacity {
		return fmt.Errorf("%d items in an inventory of %d", n, g.data.Van.InventoryCapacity)
	}
	if a := vocab.Armour.Value(w, v); a < 0 || a > g.data.Van.MaxArmour {
		return fmt.Errorf("armour %d outside 0..%d", a, g.data.Van.MaxArmour)
	}
	for _, s := range []vocab.Stat{vocab.HP.Value(w, v), vocab.Engine.Value(w, v), vocab.Tyres.Value(w, v)} {
		if err := statInRange("van stat", s); err != nil {
			return err
		}
	}
	if g.Run.Phase != act.PhaseCamp {
		return nil
	}
	if n := w.Count(vocab.Position.ID()); n > 0 {
		return fmt.Errorf("%d things left on the road at a camp", n)
	}
	if n := w.Count(vocab.Offer.ID()); n > g.data.Shop.StockMax {
		return fmt.Errorf("%d offers in a shop of at most %d", n, g.data.Shop.StockMax)
	}
	return nil
}

func statInRange(name string, s vocab.Stat) error {
	if s.Cur < 0 || s.Cur > s.Max {
		return fmt.Errorf("%s %d outside 0..%d", name, s.Cur, s.Max)
	}
	return nil
}
