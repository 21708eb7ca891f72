package book

import (
	"lastpost/rules/act"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
	"lastpost/rules/vocab"
)

// The rule tests build a tiny road, put a few things on it the way the game
// does, build one action by hand and run it through an engine that holds
// only the rule under test, with the trace on. The trace gives the rule's
// verdict and the follow-ons it asked for.

// fxWorld is a small road for one rule's table test.
type fxWorld struct {
	w    *ecs.World
	env  Env
	acid []geom.Point
	// player is the van, once placed: the builders mark its actions, and
	// only its, as the driver's commands.
	player ecs.Entity
}

// fxW and fxH are the size of every test road; the goal is column fxW-1.
const (
	fxW = 12
	fxH = 6
)

func fxNew() *fxWorld {
	f := &fxWorld{w: ecs.NewWorld(vocab.Schema())}
	f.w.SetSpatial(vocab.SpatialSpec(fxW, fxH))
	f.env = Env{GoalX: fxW - 1, Acid: f.isAcid, Data: fxData()}
	return f
}

// fxData is the game's data, loaded once: the rules about the driver's
// commands read prices, kits and the inventory's size from it.
var fxData = sync.OnceValue(func() *assets.Data {
	d, err := assets.Load()
	if err != nil {
		panic(err)
	}
	return d
})

func (f *fxWorld) isAcid(p geom.Point) bool {
	for _, q := range f.acid {
		if q == p {
			return true
		}
	}
	return false
}

// change commits an action built by fn at once, outside any rule.
func (f *fxWorld) change(fn func(a *ecs.Action)) {
	a := f.w.NewAction()
	fn(a)
	f.w.Commit(a)
}

// spawn places a new entity of kind at p with the components fn adds.
func (f *fxWorld) spawn(kind vocab.Kind, p geom.Point, fn func(a *ecs.Action, e ecs.Entity)) ecs.Entity {
	var e ecs.Entity
	f.change(func(a *ecs.Action) {
		e = a.Spawn()
		vocab.Position.Set(a, e, p)
		vocab.KindOf.Set(a, e, kind)
		if fn != nil {
			fn(a, e)
		}
	})
	return e
}

// van places the mail van, standing still, with the game's starting stats.
func (f *fxWorld) van(p geom.Point) ecs.Entity {
	f.player = f.spawn(vocab.KindVan, p, func(a *ecs.Action, e ecs.Entity) {
		vocab.Player.Add(a, e)
		vocab.Vehicle.Add(a, e)
		vocab.Hittable.Add(a, e)
		vocab.HP.Set(a, e, vocab.Stat{Cur: 8, Max: 8})
		vocab.Engine.Set(a, e, vocab.Stat{Cur: 8, Max: 8})
		vocab.Tyres.Set(a, e, vocab.Stat{Cur: 4, Max: 4})
		vocab.Armour.Set(a, e, 1)
		vocab.Speed.Set(a, e, 0)
		vocab.TopSpeed.Set(a, e, 4)
		vocab.Letters.Set(a, e, 0)
	})
	return f.player
}

// enemy places an enemy with hp hit points: one that can be run over, or a
// vehicle driving at speed 1. The rules read flags, never which enemy it
// is, so the kinds are merely the first three of some data's list.
func (f *fxWorld) enemy(kind vocab.Kind, p geom.Point, hp int, runOverable bool) ecs.Entity {
	return f.spawn(kind, p, func(a *ecs.Action, e ecs.Entity) {
		vocab.Enemy.Add(a, e)
		vocab.Hittable.Add(a, e)
		vocab.HP.Set(a, e, vocab.Stat{Cur: hp, Max: hp})
		vocab.Damage.Set(a, e, 1)
		if runOverable {
			vocab.RunOverable.Add(a, e)
			return
		}
		vocab.Vehicle.Add(a, e)
		vocab.Speed.Set(a, e, 1)
		vocab.TopSpeed.Set(a, e, 4)
	})
}

func (f *fxWorld) zombie(p geom.Point) ecs.Entity { return f.enemy(vocab.EnemyKind(0), p, 2, true) }
func (f *fxWorld) car(p geom.Point) ecs.Entity    { return f.enemy(vocab.EnemyKind(1), p, 5, false) }
func (f *fxWorld) bike(p geom.Point) ecs.Entity   { return f.enemy(vocab.EnemyKind(2), p, 3, false) }

func (f *fxWorld) wreck(p geom.Point) ecs.Entity {
	return f.spawn(vocab.KindWreck, p, func(a *ecs.Action, e ecs.Entity) { vocab.Solid.Add(a, e) })
}

func (f *fxWorld) barrel(p geom.Point) ecs.Entity {
	return f.spawn(vocab.KindBarrel, p, func(a *ecs.Action, e ecs.Entity) {
		vocab.Solid.Add(a, e)
		vocab.Hittable.Add(a, e)
		vocab.Explosive.Add(a, e)
	})
}

func (f *fxWorld) letter(p geom.Point) ecs.Entity {
	return f.spawn(vocab.KindLetter, p, func(a *ecs.Action, e ecs.Entity) { vocab.Letter.Add(a, e) })
}

// bullet places a one-damage bullet fired by shooter, flying east.
func (f *fxWorld) bullet(p geom.Point, shooter ecs.Entity) ecs.Entity {
	return f.spawn(vocab.KindBullet, p, func(a *ecs.Action, e ecs.Entity) {
		vocab.Projectile.Add(a, e)
		vocab.Damage.Set(a, e, 1)
		vocab.Shooter.Set(a, e, shooter)
		vocab.Gun.Set(a, e, "pistol")
		vocab.Velocity.Set(a, e, vocab.Course{Line: geom.NewLine(geom.Pt(1, 0)), MsPerCell: 10, Moves: 6})
	})
}

// fragment places an explosion fragment flying east.
func (f *fxWorld) fragment(p geom.Point) ecs.Entity {
	return f.spawn(vocab.KindFragment, p, func(a *ecs.Action, e ecs.Entity) {
		vocab.Shard.Set(a, e, vocab.Shards{N: 1, Damage: 1})
		vocab.Velocity.Set(a, e, vocab.Course{Line: geom.NewLine(geom.Pt(10, 0)), MsPerCell: 50, Moves: 6})
	})
}

// moving gives e a velocity east, as the physics step does.
func (f *fxWorld) moving(e ecs.Entity) {
	f.change(func(a *ecs.Action) {
		vocab.Velocity.Set(a, e, vocab.Course{Line: geom.NewLine(geom.Pt(1, 0)), MsPerCell: 50, Moves: 2})
	})
}

// actEnv is what the builders read, set up as the game does: the van, once
// placed, is the one whose actions are commands.
func (f *fxWorld) actEnv() *act.Env {
	return &act.Env{World: f.w, Rand: rand.New(rand.NewPCG(1, 2)), Data: f.env.Data, Van: f.player,
		Clock: func() int { return 0 }}
}

// build commits action t at once, built as the game builds it, outside any
// rule.
func (f *fxWorld) build(t act.Act) {
	env := f.actEnv()
	f.change(func(a *ecs.Action) { act.Build(env, &t, a) })
}

// camp drives the van v into a survivor camp, as the game does: the road is
// left behind, the van parks and has the AtCamp flag.
func (f *fxWorld) camp(v ecs.Entity) { f.build(act.ReachCamp(v)) }

// money sets the cash the van v carries.
func (f *fxWorld) money(v ecs.Entity, n int) {
	f.change(func(a *ecs.Action) { vocab.Money.Set(a, v, n) })
}

// carry puts item id (a gun or a consumable) into the van's inventory,
// after what is there.
func (f *fxWorld) carry(id string) ecs.Entity { return f.list(vocab.Item, id) }

// fill carries id until the inventory holds n items.
func (f *fxWorld) fill(id string, n int) {
	for f.w.Count(vocab.Item.ID()) < n {
		f.carry(id)
	}
}

// offer lays shop offer id out in the camp's shop, after what is there.
func (f *fxWorld) offer(id string) ecs.Entity { return f.list(vocab.Offer, id) }

// list adds a new entity with component c set to id, ranked last among
// those with c.
func (f *fxWorld) list(c ecs.Data[string], id string) ecs.Entity {
	var e ecs.Entity
	rank := f.w.Count(c.ID())
	f.change(func(a *ecs.Action) {
		e = a.Spawn()
		c.Set(a, e, id)
		vocab.Rank.Set(a, e, rank)
	})
	return e
}

// stats sets the engine and tyres of the van v, out of their full values.
func (f *fxWorld) stats(v ecs.Entity, engine, tyres int) {
	f.change(func(a *ecs.Action) {
		vocab.Engine.Set(a, v, vocab.Stat{Cur: engine, Max: vocab.Engine.Value(f.w, v).Max})
		vocab.Tyres.Set(a, v, vocab.Stat{Cur: tyres, Max: vocab.Tyres.Value(f.w, v).Max})
	})
}

// fxPrice is the shop's price of offer id.
func fxPrice(id string) int {
	o, ok := fxData().Shop.Offer(id)
	if !ok {
		panic("no offer " + id)
	}
	return o.Price
}

// mount puts gun on side d of vehicle v.
func (f *fxWorld) mount(v ecs.Entity, d geom.Dir, gun string) {
	f.change(func(a *ecs.Action) {
		guns := vocab.Guns.Value(f.w, v)
		guns[vocab.Slot(d)] = gun
		vocab.Guns.Set(a, v, guns)
	})
}

// fxStep is one hand-built action and what the rule must say about it.
type fxStep struct {
	// act is the action type the rule sees as c.Type (Wait if zero).
	act act.Act
	// build fills the action by hand.
	build func(a *ecs.Action)
	// verdict is the rule's expected answer.
	verdict rules.Verdict
	// follow lists the follow-ons the rule must enqueue, in order.
	follow []act.Act
}

// fxMove is a step that moves e to p, as a velocity step or walk would:
// like the game's builders, it marks the move of anything but a projectile
// as one on the ground.
func fxMove(e ecs.Entity, p geom.Point, v rules.Verdict, follow ...act.Act) fxStep {
	return fxStep{act: act.Move(e), build: func(a *ecs.Action) {
		vocab.Position.Set(a, e, p)
		if !vocab.IsProjectile(a.World(), e) {
			vocab.Ground.Set(a, true)
		}
	}, verdict: v, follow: follow}
}

// fxBuilt is a step built by the game's own builder for t: as in the game,
// a command is the driver's own when, and only when, the van gives it.
func fxBuilt(f *fxWorld, t act.Act, v Verdict, follow ...act.Act) fxStep {
	env := f.actEnv()
	t.Driver = t.E == f.player
	return fxStep{act: t, build: func(a *ecs.Action) { act.Build(env, &t, a) }, verdict: v, follow: follow}
}

// fxRefused is the step of a command the rule refuses: the checking stops
// and the driver is told why, and nothing else happens.
func fxRefused(f *fxWorld, t act.Act, why assets.TextID) fxStep {
	return fxBuilt(f, t, Reject|Stop, act.Say(vocab.Message{ID: why}))
}

// fxCase is one row of a rule's table: it sets up a fresh road and returns
// the step to check.
type fxCase struct {
	name  string
	setup func(f *fxWorld) fxStep
}

// fxRun runs one action through an engine holding only the rule and
// returns the trace.
func fxRun(f *fxWorld, rule Rule, step fxStep, noSkip bool) *rules.Trace {
	return fxRunBook(f, []Rule{rule}, step, noSkip)
}

// fxRunBook runs one action through an engine holding the given rules, with
// the trace on. Only the first action is built from the step; the
// follow-ons run as empty actions, so the trace shows them without them
// changing anything.
func fxRunBook(f *fxWorld, book []Rule, step fxStep, noSkip bool) *rules.Trace {
	trace, _ := fxResolve(f, book, step, noSkip, true)
	return trace
}

// fxResolve is fxRunBook with the trace on or off (rules with Subjects are
// skipped only while no trace is kept); it also returns the actions
// committed, in order.
func fxResolve(f *fxWorld, book []Rule, step fxStep, noSkip, traced bool) (*rules.Trace, []string) {
	// The skipping runs read the move the scratch derives once per action,
	// the others derive it at each asking: the two must agree.
	var scratch rules.Scratch[act.Act]
	if !noSkip {
		scratch = NewScratch(&f.env)
	}
	return fxResolveOn(f, book, step, scratch, noSkip, traced)
}

// fxResolveOn is fxResolve with the engine's scratch given.
func fxResolveOn(f *fxWorld, book []Rule, step fxStep, scratch rules.Scratch[act.Act], noSkip, traced bool) (*rules.Trace, []string) {
	built := false
	e := rules.New(f.w, book, rules.Options[act.Act]{
		Describe: act.Act.String,
		NoSkip:   noSkip,
		Subject:  Subject,
		Scratch:  scratch,
		Build: func(_ *act.Act, a *ecs.Action) {
			if !built && step.build != nil {
				step.build(a)
			}
			built = true
		},
	})
	if traced {
		e.Trace = &rules.Trace{}
	}
	var committed []string
	e.OnCommit = func(t *act.Act, _ int) { committed = append(committed, t.String()) }
	e.Enqueue(step.act)
	if err := e.Resolve(); err != nil {
		panic(err)
	}
	return e.Trace, committed
}

// fxUntracedSkipsChangeNothing runs the case untraced, once consulting
// every rule and once letting the engine skip by concerns and Subjects,
// and requires the same world after both.
func fxUntracedSkipsChangeNothing(t *testing.T, mk func(env *Env) Rule, tc fxCase) {
	t.Helper()
	var hashes [2]uint64
	var committed [2][]string
	for i, noSkip := range []bool{true, false} {
		f := fxNew()
		step := tc.setup(f)
		_, committed[i] = fxResolve(f, []Rule{mk(&f.env)}, step, noSkip, false)
		hashes[i] = f.w.Hash()
	}
	assert.Equal(t, hashes[0], hashes[1], "untraced, skipping (Subjects included) changed the outcome")
	assert.Equal(t, committed[0], committed[1], "untraced, skipping (Subjects included) changed what was committed")
}

// fxTable checks every case twice: once with the rule consulted for every
// action, once letting the engine skip it when the action touches none of
// its concerns. Skipping must never change the outcome, so a rule may be
// skipped only where it would have accepted in silence.
func fxTable(t *testing.T, mk func(env *Env) Rule, cases []fxCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, noSkip := range []bool{true, false} {
				f := fxNew()
				step := tc.setup(f)
				rule := mk(&f.env)
				before := f.w.Hash()
				trace := fxRun(f, rule, step, noSkip)
				require.NotEmpty(t, trace.Records)
				first := trace.Records[0]
				want := make([]string, len(step.follow))
				for i, a := range step.follow {
					want[i] = a.String()
				}
				if len(first.Checks) == 0 {
					require.False(t, noSkip, "a rule must be consulted when skipping is off")
					assert.Equal(t, rules.Accept, step.verdict, "skipped, but the rule should have said %v", step.verdict)
					assert.Empty(t, want, "skipped, but the rule should have enqueued follow-ons")
					continue
				}
				c := first.Checks[0]
				assert.Equal(t, rule.Name, c.Rule)
				assert.Equal(t, step.verdict, c.Verdict, "verdict (noSkip=%v): %s", noSkip, first)
				assert.Equal(t, want, nilIfEmpty(c.FollowOns), "follow-ons (noSkip=%v): %s", noSkip, first)
				assert.Equal(t, !step.verdict.Rejected(), first.Committed)
				if step.verdict.Rejected() {
					assert.Equal(t, before, f.w.Hash(), "a refused action leaves the world as it was")
				}
			}
			fxUntracedSkipsChangeNothing(t, mk, tc)
		})
	}
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return []string{}
	}
	return s
}
