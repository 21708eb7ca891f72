package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// fxDamage is a step that sets e's hit points to cur, naming by as the
// cause, as the damage builders do.
func fxDamage(e, by ecs.Entity, cur, max int, v Verdict, follow ...act.Act) fxStep {
	return fxStep{act: act.Damage(e, 1, by), verdict: v, follow: follow, build: func(a *ecs.Action) {
		vocab.HP.Set(a, e, vocab.Stat{Cur: cur, Max: max})
		vocab.Cause.Set(a, by)
	}}
}

func TestDeath(t *testing.T) {
	fxTable(t, func(*Env) Rule { return Death() }, []fxCase{
		{"a zombie's last hit point", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(1, 2))
			z := f.zombie(geom.Pt(4, 2))
			return fxDamage(z, v, 0, 2, Accept, act.Die(z, v))
		}},
		{"a wounded zombie lives on", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(1, 2))
			z := f.zombie(geom.Pt(4, 2))
			return fxDamage(z, v, 1, 2, Accept)
		}},
		{"the van is destroyed", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(1, 2))
			c := f.car(geom.Pt(2, 2))
			return fxDamage(v, c, 0, 8, Accept, act.Die(v, c))
		}},
		{"the dead do not die twice", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(1, 2))
			c := f.car(geom.Pt(4, 2))
			f.change(func(a *ecs.Action) { vocab.HP.Set(a, c, vocab.Stat{Cur: 0, Max: 5}) })
			return fxDamage(c, v, 0, 5, Accept)
		}},
		{"no cause named", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(4, 2))
			return fxStep{act: act.Damage(c, 5, 0), verdict: Accept, follow: []act.Act{act.Die(c, 0)},
				build: func(a *ecs.Action) { vocab.HP.Set(a, c, vocab.Stat{Cur: -2, Max: 5}) }}
		}},
		{"something born with no hit points is not a death", func(f *fxWorld) fxStep {
			return fxStep{act: act.Wait(0), verdict: Accept, build: func(a *ecs.Action) {
				e := a.Spawn()
				vocab.HP.Set(a, e, vocab.Stat{Cur: 0, Max: 3})
			}}
		}},
		{"a move is not a wound", func(f *fxWorld) fxStep {
			z := f.zombie(geom.Pt(4, 2))
			return fxMove(z, geom.Pt(5, 2), Accept)
		}},
	})
}
