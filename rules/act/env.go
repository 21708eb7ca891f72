package act

import (
	"fmt"
	"math/rand/v2"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// Env is everything building an action may read: the world, the run's one
// random generator, the game data, the resolution's clock, the van and the
// road. A
// builder may roll the generator (a tyre roll, where damage lands) but
// changes nothing outside the action: committing it is the only way state
// changes.
type Env struct {
	World *ecs.World
	Rand  *rand.Rand
	Data  *assets.Data
	// Van is the player's van, the one entity that lasts the whole run.
	Van ecs.Entity
	// Clock returns the instant of the resolution, in milliseconds.
	Clock func() int
	// Road is the road of the current delivery, which Populate lays out;
	// nil before the first.
	Road *levelgen.Level
	// Stepped, when not nil, is where the builders of steps tell the rule
	// book's scratch of each step they build (see Stepped); nil, they tell
	// nothing and the scratch derives it all.
	Stepped *Stepped
	// Blast is the pattern of the data's barrel blast; nil until the
	// first blast needs it (see blast).
	Blast *Blast
	// gunNames holds the data's guns' names as log lines say them, in
	// the data's order; nil until a line first names a gun (see
	// gunRefName).
	gunNames []string
}

// blast returns the pattern of the data's barrel blast, laid out the first
// time a blast needs it: it is the data's, the same for every blast.
func (env *Env) blast() *Blast {
	if env.Blast == nil {
		env.Blast = NewBlast(&env.Data.Combat.Explosion)
	}
	return env.Blast
}

// Enemy returns the data of enemy kind k. It panics for a kind the data
// does not describe, which the save and asset checks rule out.
func (env *Env) Enemy(k vocab.Kind) *assets.Enemy {
	if e, ok := vocab.EnemyOf(&env.Data.Enemies, k); ok {
		return e
	}
	panic(fmt.Sprintf("act: no enemy data for kind %d", k))
}

// IsEnemy reports whether kind k is one of the data's enemies.
func (env *Env) IsEnemy(k vocab.Kind) bool {
	_, ok := vocab.EnemyOf(&env.Data.Enemies, k)
	return ok
}

// Gun returns the data of gun id. It panics for an unknown gun, which the
// save and asset checks rule out.
func (env *Env) Gun(id string) assets.Gun {
	gun, ok := env.Data.Guns.Get(id)
	if !ok {
		panic(fmt.Sprintf("act: unknown gun %q", id))
	}
	return gun
}

// Visible reports whether the driver can see cell p.
func (env *Env) Visible(p geom.Point) bool {
	vp, ok := vocab.Position.Read(env.World, env.Van)
	r := env.Data.Van.Vision
	return ok && vp.Dist2(p) < r*r
}

// culprit follows a projectile back to whoever fired it.
func (env *Env) culprit(e ecs.Entity) ecs.Entity {
	if s, ok := vocab.Shooter.Read(env.World, e); ok {
		return s
	}
	return e
}

// why is the chain of causes behind what by does to victim: the chain by
// carries if it is a bullet or a shard of fragments, else by itself as the
// first cause; its last step lands on victim.
func (env *Env) why(by, victim ecs.Entity) vocab.Chain {
	w := env.World
	var c vocab.Chain
	sh, ok := vocab.Shard.Read(w, by)
	if ok {
		c = sh.Why
	} else {
		c, ok = vocab.Why.Read(w, by)
	}
	if !ok && by != 0 {
		kind, _ := vocab.KindOf.Read(w, by)
		c = vocab.Chain{}.Then(vocab.Link{By: kind})
	}
	kind, _ := vocab.KindOf.Read(w, victim)
	return c.Struck(kind)
}

// because sets the chain of causes behind the action's log lines, and
// behind a death it brings about.
func because(a *ecs.Action, why vocab.Chain) {
	lines, _ := vocab.Says.Get(a)
	lines.Why = why
	vocab.Says.Set(a, lines)
}

// tell adds log line m to the action with why as the chain of causes
// behind its lines: say and because in one read and one write of the
// action's lines, which are a few hundred bytes to copy each way.
func tell(a *ecs.Action, m vocab.Message, why vocab.Chain) {
	lines, _ := vocab.Says.Get(a)
	lines.Add(m)
	lines.Why = why
	vocab.Says.Set(a, lines)
}

// say adds a log line to the action, told once it is committed.
func say(a *ecs.Action, m vocab.Message) {
	lines, _ := vocab.Says.Get(a)
	lines.Add(m)
	vocab.Says.Set(a, lines)
}

// command marks the action as the driver's own command when it is one, so
// the rules that refuse commands look at it.
func command(t *Act, a *ecs.Action) {
	if t.Driver {
		vocab.Command.Set(a, true)
	}
}
