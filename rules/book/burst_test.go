package book

import (
	"lastpost/rules/act"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/ecs"
	"lastpost/ecs/geom"
	"lastpost/rules"
	"lastpost/rules/vocab"
)

func TestBurstContinues(t *testing.T) {
	fxTable(t, func(*Env) Rule { return BurstContinues() }, []fxCase{
		{"the next bullet of a burst is queued", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxStep{act: act.Fire(v, geom.East, "machine_gun", 6, 40), build: fxBullet(v), verdict: Accept,
				follow: []act.Act{act.Fire(v, geom.East, "machine_gun", 5, 40)}}
		}},
		{"a shot that fires no bullet ends the burst", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxStep{act: act.Fire(v, geom.East, "machine_gun", 6, 40), verdict: Accept}
		}},
		{"the last bullet ends the burst", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxStep{act: act.Fire(v, geom.East, "machine_gun", 1, 40), build: fxBullet(v), verdict: Accept}
		}},
		{"a shot fired all at once has no continuation", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxStep{act: act.Fire(v, geom.East, "shotgun", 6, 0), build: fxBullet(v), verdict: Accept}
		}},
		{"other actions", func(f *fxWorld) fxStep {
			v := f.van(geom.Pt(3, 2))
			return fxStep{act: act.Act{Kind: act.KindMove, E: v, N: 3, Delay: 5}, verdict: Accept}
		}},
	})
}

// fxBullet builds a shot's bullet as the game's builder does, as far as
// the rule looks: a new entity whose shooter is e.
func fxBullet(e ecs.Entity) func(a *ecs.Action) {
	return func(a *ecs.Action) { vocab.Shooter.Set(a, a.Spawn(), e) }
}

// TestBurstPeriod follows a whole burst: one Fire per period, the count
// going down to one, whatever the rest of the book says about each bullet.
func TestBurstPeriod(t *testing.T) {
	for _, tc := range []struct {
		gun             string
		bullets, period int
	}{{"machine_gun", 6, 40}, {"railgun", 20, 2}, {"odd", 3, 7}} {
		t.Run(tc.gun, func(t *testing.T) {
			f := fxNew()
			v := f.van(geom.Pt(3, 2))
			e := rules.New(f.w, []Rule{BurstContinues()}, rules.Options[act.Act]{
				Describe: act.Act.String,
				// Every shot fires its bullet, as the game's builder does.
				Build: func(t *act.Act, a *ecs.Action) { fxBullet(t.E)(a) },
			})
			e.Trace = &rules.Trace{}
			e.Enqueue(act.Fire(v, geom.East, tc.gun, tc.bullets, tc.period))
			require.NoError(t, e.Resolve())
			trace := e.Trace
			require.Len(t, trace.Records, tc.bullets)
			for i, r := range trace.Records {
				assert.Equal(t, i*tc.period, r.Time, "bullet %d", i)
				assert.Equal(t, act.Fire(v, geom.East, tc.gun, tc.bullets-i, tc.period).String(), r.Action)
			}
		})
	}
}
