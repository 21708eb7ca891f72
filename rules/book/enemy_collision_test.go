package book

import (
	"lastpost/rules/act"
	"testing"

	"lastpost/ecs/geom"
)

func TestEnemyCollision(t *testing.T) {
	fxTable(t, func(*Env) Rule { return EnemyCollision() }, []fxCase{
		{"zombies do not share a cell", func(f *fxWorld) fxStep {
			z := f.zombie(geom.Pt(3, 2))
			f.zombie(geom.Pt(4, 2))
			return fxMove(z, geom.Pt(4, 2), Reject|Stop)
		}},
		{"a zombie cannot walk into a car", func(f *fxWorld) fxStep {
			z := f.zombie(geom.Pt(3, 2))
			f.car(geom.Pt(4, 2))
			return fxMove(z, geom.Pt(4, 2), Reject|Stop)
		}},
		{"a moving car stops behind a bike", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(3, 2))
			f.bike(geom.Pt(4, 2))
			f.moving(c)
			return fxMove(c, geom.Pt(4, 2), Reject|Stop, act.Stop(c))
		}},
		{"a car drives over a zombie", func(f *fxWorld) fxStep {
			c := f.car(geom.Pt(3, 2))
			f.zombie(geom.Pt(4, 2))
			return fxMove(c, geom.Pt(4, 2), Accept)
		}},
		{"a bike changes lane onto a zombie", func(f *fxWorld) fxStep {
			b := f.bike(geom.Pt(3, 2))
			f.zombie(geom.Pt(3, 3))
			return fxMove(b, geom.Pt(3, 3), Accept)
		}},
		{"the van is not an enemy", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			f.car(geom.Pt(4, 2))
			return fxMove(v, geom.Pt(4, 2), Accept)
		}},
		{"an enemy alone", func(f *fxWorld) fxStep {
			z := f.zombie(geom.Pt(3, 2))
			return fxMove(z, geom.Pt(4, 2), Accept)
		}},
	})
}
