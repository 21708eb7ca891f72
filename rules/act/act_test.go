package act

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/levelgen"
	"lastpost/rules/vocab"
)

// The action tests build one action by hand on a small road, commit it,
// and read what it changed. The clock stands at now; data is the game's
// own, with the numbers a test pins set to values of its own, so the
// expected figures are written out and do not move with the content.

const now = 1000

type fixture struct {
	w    *ecs.World
	env  *Env
	data assets.Data
	l    *ledger
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	data, err := assets.Load()
	require.NoError(t, err)
	w := ecs.NewWorld(vocab.Schema())
	w.SetSpatial(vocab.SpatialSpec(20, 8))
	f := &fixture{w: w, data: *data, l: &ledger{}}
	f.env = &Env{World: w, Rand: rand.New(rand.NewPCG(1, 2)), Data: &f.data, Clock: func() int { return now }}
	return f
}

// spawn places an entity of kind at p with the components fn adds.
func (f *fixture) spawn(kind vocab.Kind, p geom.Point, fn func(a *ecs.Action, e ecs.Entity)) ecs.Entity {
	a := f.w.NewAction()
	e := a.Spawn()
	vocab.Position.Set(a, e, p)
	vocab.KindOf.Set(a, e, kind)
	if fn != nil {
		fn(a, e)
	}
	f.w.Commit(a)
	return e
}

// van places the van with its tyres, speed and top speed.
func (f *fixture) van(p geom.Point, tyres, speed int) ecs.Entity {
	f.env.Van = f.spawn(vocab.KindVan, p, func(a *ecs.Action, e ecs.Entity) {
		vocab.Player.Add(a, e)
		vocab.Tyres.Set(a, e, vocab.Stat{Cur: tyres, Max: 4})
		vocab.Speed.Set(a, e, speed)
		vocab.TopSpeed.Set(a, e, 4)
	})
	return f.env.Van
}

// do builds t, commits it and its effects, and returns the lines it said.
func (f *fixture) do(t Act) []vocab.Message {
	a := f.w.NewAction()
	Build(f.env, &t, a)
	lines, _ := vocab.Says.Get(a)
	said := append([]vocab.Message(nil), lines.All()...)
	f.w.Commit(a)
	Commit(f.env, f.l, &t)
	return said
}

// ledger records what committing actions did to the run.
type ledger struct {
	tally    Tally
	logged   []vocab.Message
	enlisted []ecs.Entity
	forgot   []ecs.Entity
}

func (l *ledger) Tally() *Tally                      { return &l.tally }
func (l *ledger) Log(m vocab.Message, _ vocab.Chain) { l.logged = append(l.logged, m) }
func (l *ledger) Enlist(e ecs.Entity)                { l.enlisted = append(l.enlisted, e) }
func (l *ledger) Forget(e ecs.Entity)                { l.forgot = append(l.forgot, e) }

// TestMoveTakesLongerOnTheDiagonal pins a step's timing: a straight step
// takes the course's time a cell, a diagonal one that times 1414/1000,
// rounded down.
func TestMoveTakesLongerOnTheDiagonal(t *testing.T) {
	tests := []struct {
		name      string
		dir       geom.Point
		msPerCell int
		wantAt    geom.Point
		wantNext  int
	}{
		{"east", geom.Pt(1, 0), 100, geom.Pt(6, 3), now + 100},
		{"south", geom.Pt(0, 1), 100, geom.Pt(5, 4), now + 100},
		{"south-east", geom.Pt(1, 1), 100, geom.Pt(6, 4), now + 141},
		{"north-west", geom.Pt(-1, -1), 70, geom.Pt(4, 2), now + 98},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			e := f.spawn(vocab.KindBullet, geom.Pt(5, 3), func(a *ecs.Action, e ecs.Entity) {
				vocab.Velocity.Set(a, e, vocab.Course{Line: geom.NewLine(tt.dir), MsPerCell: tt.msPerCell, Moves: 3, Next: now})
			})
			f.do(Move(e))
			assert.Equal(t, tt.wantAt, vocab.Position.Value(f.w, e))
			v, ok := vocab.Velocity.Get(f.w, e)
			require.True(t, ok)
			assert.Equal(t, tt.wantNext, v.Next)
			assert.Equal(t, 2, v.Moves)
		})
	}
}

// TestExplodeSendsFragmentsTheirReach sets a barrel off: it is gone, one
// shard a direction (the three part at once) stands on its cell with one
// fragment, the explosion's damage, the blast as its cause, speed and
// reach (its moves), and the run counts the explosion.
func TestExplodeSendsFragmentsTheirReach(t *testing.T) {
	f := newFixture(t)
	f.data.Combat.Explosion.Range, f.data.Combat.Explosion.Damage, f.data.Combat.Explosion.MsPerCell = 3, 2, 40
	f.data.Combat.Explosion.Directions = [][2]int{{1, 0}, {-1, 0}, {1, 1}}
	f.data.Combat.Explosion.Fragments = 3
	f.van(geom.Pt(2, 3), 4, 0)
	at := geom.Pt(6, 3)
	barrel := f.spawn(vocab.KindBarrel, at, nil)
	said := f.do(Explode(barrel, 0))
	assert.False(t, f.w.Alive(barrel))
	var dirs []geom.Point
	for _, e := range f.w.Spatial().At(at) {
		require.True(t, vocab.Shard.Has(f.w, e))
		v := vocab.Velocity.Value(f.w, e)
		assert.Equal(t, 3, v.Moves, "reach")
		assert.Equal(t, 40, v.MsPerCell)
		assert.Equal(t, now, v.Next)
		blast := vocab.Chain{}.Then(vocab.Link{By: vocab.KindBarrel})
		assert.Equal(t, vocab.Shards{Node: vocab.Shard.Value(f.w, e).Node, N: 1, Damage: 2, Why: blast}, vocab.Shard.Value(f.w, e))
		assert.False(t, vocab.Damage.Has(f.w, e), "a shard carries its damage in its Shard")
		assert.False(t, vocab.Why.Has(f.w, e), "a shard carries its chain of causes in its Shard")
		dirs = append(dirs, v.Line.Step())
	}
	assert.ElementsMatch(t, []geom.Point{geom.Pt(1, 0), geom.Pt(-1, 0), geom.Pt(1, 1)}, dirs)
	assert.Equal(t, []vocab.Message{{ID: assets.MsgBarrelExplodes}}, said, "the driver sees it")
	assert.Equal(t, 1, f.l.tally.Explosions)
}

// TestAcidRollsForATyre pins the roll: a tyre goes when the generator's
// next number below 100 is under the chance, and only then.
func TestAcidRollsForATyre(t *testing.T) {
	roll := rand.New(rand.NewPCG(1, 2)).IntN(100) // the fixture's first roll
	tests := []struct {
		name      string
		tyres     int
		chance    int
		wantTyres int
		wantSaid  []vocab.Message
	}{
		{"the roll equals the chance", 4, roll, 4, nil},
		{"the roll is under the chance", 4, roll + 1, 3, []vocab.Message{{ID: assets.MsgAcidTyre}}},
		{"always", 1, 100, 0, []vocab.Message{{ID: assets.MsgAcidTyre}}},
		{"never", 4, 0, 4, nil},
		{"no tyre left", 0, 100, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.data.Van.AcidTyreChance = tt.chance
			van := f.van(geom.Pt(2, 3), tt.tyres, 1)
			said := f.do(Acid(van))
			assert.Equal(t, tt.wantTyres, vocab.Tyres.Value(f.w, van).Cur)
			assert.Equal(t, tt.wantSaid, said)
		})
	}
}

// TestSpeedStaysWithinItsLimits accelerates and brakes the van at and
// between its limits: it is told when there is nothing to change.
func TestSpeedStaysWithinItsLimits(t *testing.T) {
	tests := []struct {
		name  string
		act   func(ecs.Entity) Act
		speed int
		want  int
		said  []vocab.Message
	}{
		{"accelerate", Accelerate, 2, 3, nil},
		{"accelerate at the top", Accelerate, 4, 4, []vocab.Message{{ID: assets.MsgTopSpeed}}},
		{"brake", Decelerate, 2, 1, nil},
		{"brake when stopped", Decelerate, 0, 0, []vocab.Message{{ID: assets.MsgAlreadyStopped}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			van := f.van(geom.Pt(2, 3), 4, tt.speed)
			said := f.do(tt.act(van).ByDriver())
			assert.Equal(t, tt.want, vocab.Speed.Value(f.w, van))
			assert.Equal(t, tt.said, said)
		})
	}
}

// TestTheRunEndsWithItsCause commits the actions that end a run and checks
// the cause each records.
func TestTheRunEndsWithItsCause(t *testing.T) {
	tests := []struct {
		name string
		act  func(ecs.Entity) Act
		want string
	}{
		{"given up", GiveUp, "abandoned"},
		{"stranded", func(e ecs.Entity) Act { return Strand(e, assets.MsgStranded) }, "stranded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			van := f.van(geom.Pt(2, 3), 4, 0)
			f.do(tt.act(van))
			assert.Equal(t, PhaseOver, f.l.tally.Phase)
			assert.Equal(t, tt.want, f.l.tally.Cause)
		})
	}
}

// TestDamageTakesHitPoints takes hit points from a barrel, never below
// none, and leaves a spent one alone.
func TestDamageTakesHitPoints(t *testing.T) {
	tests := []struct {
		name      string
		hp, n     int
		wantHP    int
		wantTouch bool
	}{
		{"a scratch", 5, 3, 2, true},
		{"more than it has", 5, 9, 0, true},
		{"already spent", 0, 2, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			barrel := f.spawn(vocab.KindBarrel, geom.Pt(6, 3), func(a *ecs.Action, e ecs.Entity) {
				vocab.HP.Set(a, e, vocab.Stat{Cur: tt.hp, Max: 5})
			})
			a := f.w.NewAction()
			damage := Damage(barrel, tt.n, 0)
			Build(f.env, &damage, a)
			assert.Equal(t, !tt.wantTouch, a.Empty())
			f.w.Commit(a)
			assert.Equal(t, vocab.Stat{Cur: tt.wantHP, Max: 5}, vocab.HP.Value(f.w, barrel))
		})
	}
}

// TestCommitsTellTheRun checks the kinds whose commit is their point: a
// removed actor leaves the schedule, a said line reaches the log and
// changes no entity, and the camp's pay is counted.
func TestCommitsTellTheRun(t *testing.T) {
	t.Run("destroy", func(t *testing.T) {
		f := newFixture(t)
		bullet := f.spawn(vocab.KindBullet, geom.Pt(6, 3), nil)
		f.do(Destroy(bullet))
		assert.False(t, f.w.Alive(bullet))
		assert.Equal(t, []ecs.Entity{bullet}, f.l.forgot)
	})
	t.Run("say", func(t *testing.T) {
		f := newFixture(t)
		m := vocab.Message{ID: assets.MsgTopSpeed}
		a := f.w.NewAction()
		say := Say(m)
		Build(f.env, &say, a)
		assert.True(t, a.Empty(), "a said line changes no entity")
		Commit(f.env, f.l, &say)
		assert.Equal(t, []vocab.Message{m}, f.l.logged)
	})
	t.Run("pay", func(t *testing.T) {
		f := newFixture(t)
		van := f.van(geom.Pt(2, 3), 4, 0)
		f.do(Pay(van, 1)) // an earlier delivery's pay stands in the tally
		pay := f.data.Campaign.Pay(3)
		require.Positive(t, pay)
		said := f.do(Pay(van, 3))
		assert.Equal(t, f.data.Campaign.Pay(1)+pay, vocab.Money.Value(f.w, van))
		assert.Equal(t, 0, vocab.Letters.Value(f.w, van))
		assert.Equal(t, []vocab.Message{{ID: assets.MsgArrived, N: pay}}, said)
		assert.Equal(t, 4, f.l.tally.Letters)
		assert.Equal(t, f.data.Campaign.Pay(1)+pay, f.l.tally.Earned)
		assert.Equal(t, pay, f.l.tally.LastPay)
	})
}

// TestPopulatePlacesWhatSpawnsWould checks that a road populated by one
// action ends as the same world, with the same enemies enlisted in the same
// order, as the road placed one Spawn at a time in the order it lists them.
func TestPopulatePlacesWhatSpawnsWould(t *testing.T) {
	for _, difficulty := range []int{0, 5, 9} {
		one, each := newFixture(t), newFixture(t)
		road := levelgen.Generate(42, difficulty, one.data.LevelGen)
		require.NotEmpty(t, road.Spawns)
		for _, f := range []*fixture{one, each} {
			f.w.SetSpatial(vocab.SpatialSpec(road.W, road.H))
			f.van(road.Start, 4, 1)
			f.env.Road = road
		}
		one.do(Populate(road))
		for _, s := range road.Spawns {
			each.do(Spawn(road.ThingID(s), s.At))
		}
		assert.Equal(t, each.w.Hash(), one.w.Hash(), "difficulty %d", difficulty)
		assert.Equal(t, each.l.enlisted, one.l.enlisted, "difficulty %d", difficulty)
		assert.Len(t, vocab.Position.Entities(one.w), len(road.Spawns)+1, "difficulty %d", difficulty)
		assert.NotEmpty(t, one.l.enlisted, "difficulty %d", difficulty)
	}
}

// TestLaneClearsTheSteeringOnlyWhereItIs compares a lane change with the
// plain way of building it (the step, then the steering removed whether
// there or not): the same world after either, the steering always gone,
// and Steering untouched by the action where there was none to clear.
func TestLaneClearsTheSteeringOnlyWhereItIs(t *testing.T) {
	for _, held := range []bool{false, true} {
		for _, d := range []geom.Dir{geom.North, geom.South} {
			fast, plain := newFixture(t), newFixture(t)
			for _, f := range []*fixture{fast, plain} {
				van := f.van(geom.Pt(3, 4), 4, 1)
				if held {
					a := f.w.NewAction()
					vocab.Steering.Set(a, van, d)
					f.w.Commit(a)
				}
			}
			van := fast.env.Van
			a := fast.w.NewAction()
			lane := Lane(van, d)
			Build(fast.env, &lane, a)
			assert.Equal(t, held, a.Mask().Has(vocab.Steering.ID()), "held=%v: the action touches Steering only to clear one", held)
			fast.w.Commit(a)

			b := plain.w.NewAction()
			step(plain.env, &lane, d.Vec(), b)
			vocab.Steering.Remove(b, van)
			plain.w.Commit(b)

			for _, f := range []*fixture{fast, plain} {
				p, _ := vocab.Position.Get(f.w, van)
				assert.Equal(t, geom.Pt(3, 4).Add(d.Vec()), p, "held=%v dir=%v", held, d)
				assert.False(t, vocab.Steering.Has(f.w, van), "held=%v dir=%v: the steering is cleared", held, d)
			}
			assert.Equal(t, plain.w.Hash(), fast.w.Hash(), "held=%v dir=%v: the same world either way", held, d)
		}
	}
}

// TestFillingInInPlaceMakesTheConstructorsAction checks the in-place
// forms a process uses on the zero action type EnqueueNew hands out make
// exactly the action the constructors make.
func TestFillingInInPlaceMakesTheConstructorsAction(t *testing.T) {
	e := ecs.Entity(7)
	for _, tc := range []struct {
		name string
		fill func(*Act, ecs.Entity)
		want Act
	}{
		{"move", MoveIn, Move(e)},
		{"last step", LastStepIn, LastStep(e)},
		{"walk", func(t *Act, e ecs.Entity) { WalkIn(t, e, geom.West) }, Walk(e, geom.West)},
		{"notice", func(t *Act, e ecs.Entity) { NoticeIn(t, e, geom.Pt(3, -4)) }, Notice(e, geom.Pt(3, -4))},
	} {
		var got Act
		tc.fill(&got, e)
		assert.Equal(t, tc.want, got, tc.name)
	}
}
