package ui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// mountOnRoad puts gun on side d of the van in the middle of a delivery, as
// the garage would have.
func mountOnRoad(g *game.Game, d geom.Dir, gun string) {
	w, van := g.World(), g.Van()
	slots := vocab.Guns.Value(w, van)
	slots[vocab.Slot(d)] = gun
	act := w.NewAction()
	vocab.Guns.Set(act, van, slots)
	w.Commit(act)
}

// countCommits wraps the game's listener to count committed actions and
// measure the turn's animation time, laying resolutions end to end as the
// animator does.
func countCommits(g *game.Game, inner game.Listener) (*int, *int) {
	commits, total := new(int), new(int)
	base, last := 0, 0
	seen := func(now int) {
		if now < last {
			base += last
		}
		last = now
		*total = base + now
	}
	g.SetListener(game.Listener{
		Commit:  func(now int) { *commits++; seen(now); inner.Commit(now) },
		Advance: func(now int) { seen(now); inner.Advance(now) },
	})
	return commits, total
}

func TestAnimationDrawsAtMostOneFramePerDisplayFrame(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	h := newHarness(t, 80, 24, Options{Clock: clock})
	g := h.startRun()
	mountOnRoad(g, geom.East, "railgun")
	commits, animMs := countCommits(g, h.app.anim.listener())
	shows := h.app.term.shows

	h.press(h.keyFor(assets.ActionFire), h.keyFor(assets.ActionAccelerate))
	require.Equal(t, 1, g.Run.Turns)

	frames := h.app.anim.frames
	t.Logf("commits %d, animation %d ms, frames %d, slept %v", *commits, *animMs, frames, clock.slept)
	assert.Greater(t, *commits, frames, "never a frame per commit")
	assert.GreaterOrEqual(t, frames, 2, "a railgun burst is animated")
	assert.LessOrEqual(t, frames, *animMs/frameMs+1)
	assert.Equal(t, shows+frames+2, h.app.term.shows, "the frames, plus one show per key")
	assert.LessOrEqual(t, clock.slept, time.Duration(*animMs)*time.Millisecond, "never slower than real time")
	assert.GreaterOrEqual(t, clock.slept, time.Duration(*animMs-2*frameMs)*time.Millisecond, "bullets move at their real speed")
}

// TestAKeyFinishesTheAnimationAndIsObeyed: a key pressed while a turn
// animates ends the animation at once, and then does what it says: a turn
// typed ahead is played, look mode opens.
func TestAKeyFinishesTheAnimationAndIsObeyed(t *testing.T) {
	tests := []struct {
		name  string
		ahead key
		check func(t *testing.T, h *harness, g *game.Game)
	}{
		{"a turn typed ahead is played", runeKey('.'), func(t *testing.T, _ *harness, g *game.Game) {
			assert.Equal(t, 2, g.Run.Turns, "the waiting key played its turn")
		}},
		{"look mode opens", runeKey('x'), func(t *testing.T, h *harness, g *game.Game) {
			assert.Equal(t, 1, g.Run.Turns)
			assert.IsType(t, &lookView{}, h.app.top(), "the waiting key opened look mode")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{now: time.Unix(0, 0)}
			h := newHarness(t, 80, 24, Options{Clock: clock})
			g := h.startRun()
			mountOnRoad(g, geom.East, "railgun")
			h.press(h.keyFor(assets.ActionFire))
			// The key is already waiting when the shot starts to animate.
			h.screen.InjectKey(tt.ahead.k, tt.ahead.r, tt.ahead.mod)
			h.app.top().key(h.app, input{key: h.app.data.Keys.KeysFor(assets.ActionAccelerate)[0]})
			assert.Equal(t, 1, g.Run.Turns)
			assert.Zero(t, h.app.anim.frames, "the animation ended at once")
			assert.Zero(t, clock.slept)
			h.app.pump()
			tt.check(t, h, g)
		})
	}
}

func TestAnimationNeverChangesTheOutcome(t *testing.T) {
	data := loadData(t)
	script := "lllf" + "l" + "kjf" + "l" + "..hf" + "l" + "lllll"
	play := func(opts Options) uint64 {
		h := newHarnessWith(t, data, 80, 24, opts)
		g := h.startRun()
		mountOnRoad(g, geom.East, "railgun")
		mountOnRoad(g, geom.North, "shotgun")
		h.typeKeys(script)
		return g.Hash()
	}
	animated := play(Options{Clock: &fakeClock{now: time.Unix(0, 0)}})
	instant := play(Options{})
	data2 := loadData(t)
	g := game.New(data2, 1)
	mountOnRoad(g, geom.East, "railgun")
	mountOnRoad(g, geom.North, "shotgun")
	for _, c := range []game.Command{
		{Kind: game.CmdAccelerate}, {Kind: game.CmdAccelerate}, {Kind: game.CmdAccelerate},
		{Kind: game.CmdFire, Dir: geom.East}, {Kind: game.CmdSteerUp}, {Kind: game.CmdSteerDown},
		{Kind: game.CmdFire, Dir: geom.East}, {Kind: game.CmdWait}, {Kind: game.CmdWait},
		{Kind: game.CmdDecelerate}, {Kind: game.CmdFire, Dir: geom.East},
		{Kind: game.CmdAccelerate}, {Kind: game.CmdAccelerate}, {Kind: game.CmdAccelerate},
		{Kind: game.CmdAccelerate}, {Kind: game.CmdAccelerate},
	} {
		if g.Phase() != act.PhaseRoad {
			break
		}
		_, err := g.Do(c)
		require.NoError(t, err)
	}
	assert.Equal(t, animated, instant, "animation only watches")
	assert.Equal(t, g.Hash(), instant, "the keys play the same game as the commands")
}
