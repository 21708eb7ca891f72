package book

import (
	"lastpost/rules/act"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules"
	"lastpost/rules/vocab"
)

// TestRefusalsComeFirst runs refused commands through the whole book: the
// refusing rule is the last one consulted, before "moot" and everything
// after it, so the log line that says why is the refusal's only effect. Where
// two refusals apply, the earlier one in the book is the one told.
func TestRefusalsComeFirst(t *testing.T) {
	f := fxNew()
	var refusals []string
	for _, r := range Book(&f.env) {
		if r.Name == "moot" {
			break
		}
		refusals = append(refusals, r.Name)
	}
	require.Len(t, refusals, 10, "the refusals of commands come before moot")

	cases := []struct {
		name string
		rule string
		why  assets.TextID
		// setup returns the command, built as the game builds it.
		setup func(f *fxWorld) act.Act
	}{
		{"firing an empty side", "empty slot", assets.PromptEmptySlot, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			f.zombie(geom.Pt(5, 2))
			return act.FireFrom(f.actEnv(), v, geom.East)
		}},
		{"accelerating at a camp", "command place", assets.PromptNotNow, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			return act.Accelerate(v)
		}},
		{"retiring before the run is won", "retire needs victory", assets.PromptNotWon, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			return act.Retire(v)
		}},
		{"buying on the road, even what is not there", "command place", assets.PromptNotNow, func(f *fxWorld) act.Act {
			return act.Buy(f.van(geom.Pt(3, 2)), 0)
		}},
		{"buying what is not there", "no such thing", assets.PromptNoSuchItem, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			return act.Buy(v, 0)
		}},
		{"using a gun as a kit, on the move", "not a kit", assets.PromptMountAtGarage, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			fxSpeed(f, v, 2)
			return act.UseKit(v, f.carry("pistol"))
		}},
		{"mounting a kit", "not a gun", assets.PromptNotAGun, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			return act.Mount(v, geom.East, f.carry("spare_tyre"))
		}},
		{"changing a tyre on the move", "kit needs standstill", assets.PromptMoving, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			f.stats(v, 8, 3)
			fxSpeed(f, v, 1)
			return act.UseKit(v, f.carry("spare_tyre"))
		}},
		{"a dear gun into a full inventory", "cannot afford", assets.ShopCannotAfford, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			f.fill("pistol", f.env.Data.Van.InventoryCapacity)
			f.money(v, fxPrice("railgun")-1)
			return act.Buy(v, f.offer("railgun"))
		}},
		{"armour no better than the van's", "would do nothing", assets.PromptNoEffect, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			f.camp(v)
			f.money(v, 1000)
			return act.Buy(v, f.offer("armour_1"))
		}},
		{"taking a gun off into a full inventory", "inventory full", assets.ShopInventoryFull, func(f *fxWorld) act.Act {
			v := f.van(geom.Pt(3, 2))
			f.mount(v, geom.West, "pistol")
			f.camp(v)
			f.fill("pistol", f.env.Data.Van.InventoryCapacity)
			return act.Unmount(v, geom.West)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := fxNew()
			cmd := tc.setup(f)
			before := f.w.Hash()
			rec, after := fxBook(t, f, fxBuilt(f, cmd, Reject|Stop))
			names := consulted(rec)
			require.NotEmpty(t, names)
			assert.Equal(t, tc.rule, names[len(names)-1], "the refusal is the last rule consulted: %s", rec)
			assert.Subset(t, refusals, names, "no rule after the refusals is consulted: %s", rec)
			assert.NotContains(t, names, "moot")
			last := rec.Checks[len(rec.Checks)-1]
			assert.Equal(t, Reject|Stop, last.Verdict)
			for _, c := range rec.Checks[:len(rec.Checks)-1] {
				assert.Equal(t, rules.Accept, c.Verdict, "%s lets it through to %s", c.Rule, tc.rule)
			}
			why := act.Say(vocab.Message{ID: tc.why}).String()
			assert.Equal(t, []string{why}, last.FollowOns)
			assert.False(t, rec.Committed)
			assert.Equal(t, []string{why}, after, "the log line is the only thing that follows")
			assert.Equal(t, before, f.w.Hash(), "the world is as it was")
		})
	}

	t.Run("a command the refusals let through goes on to moot and the road's rules", func(t *testing.T) {
		f := fxNew()
		v := f.van(geom.Pt(3, 2))
		f.mount(v, geom.East, "pistol")
		rec, _ := fxBook(t, f, fxBuilt(f, act.FireFrom(f.actEnv(), v, geom.East), Accept))
		names := consulted(rec)
		assert.True(t, rec.Committed, "%s", rec)
		assert.Contains(t, names, "empty slot")
		assert.True(t, slices.Contains(names, "moot"), "moot is consulted after the refusals: %s", rec)
	})
}
