package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/assets/config"
	"lastpost/ecs/geom"
)

// withConfig loads a config file holding text (none if text is empty) from
// a fresh folder and returns it with its path.
func withConfig(t *testing.T, data *assets.Data, text string) (*config.Config, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lastpost", config.FileName)
	if text != "" {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	cfg, err := config.Load(path, data)
	require.NoError(t, err)
	return &cfg, path
}

// controlsHarness opens the controls screen from the title, with the
// config file holding text.
func controlsHarness(t *testing.T, text string) (*harness, string) {
	t.Helper()
	data := loadData(t)
	cfg, path := withConfig(t, data, text)
	h := newHarnessWith(t, data, 80, 24, Options{Config: cfg})
	h.selectItem(h.app.text(assets.TitleControls))
	h.controls()
	return h, path
}

// controls returns the controls screen, which must be on top.
func (h *harness) controls() *controlsView {
	h.t.Helper()
	c, ok := h.app.top().(*controlsView)
	require.True(h.t, ok, "the controls screen is not open:\n%s", h.text())
	return c
}

// selectAction moves the controls screen's selection to action.
func (h *harness) selectAction(act assets.Action) {
	h.t.Helper()
	c := h.controls()
	for range len(c.rows(h.app)) {
		if c.rows(h.app)[c.sel].action == act {
			return
		}
		h.press(keyDown)
	}
	h.t.Fatalf("no row for %s:\n%s", act, h.text())
}

// bindKey adds key k to action act through the screen.
func (h *harness) bindKey(act assets.Action, k key) {
	h.t.Helper()
	h.selectAction(act)
	h.press(keyEnter)
	require.True(h.t, h.controls().capture, "waiting for the key")
	h.press(k)
}

// savedConfig reads the config file back.
func savedConfig(t *testing.T, path string) config.Config {
	t.Helper()
	cfg, err := config.Load(path, loadData(t))
	require.NoError(t, err)
	require.True(t, cfg.Found, "the file was written")
	return cfg
}

func keyNamed(t *testing.T, name string) assets.Key {
	t.Helper()
	k, err := assets.ParseKey(name)
	require.NoError(t, err)
	return k
}

func TestControlsListEveryActionWithItsKeys(t *testing.T) {
	h, _ := controlsHarness(t, "")
	c := h.controls()
	var listed []assets.Action
	for _, r := range c.rows(h.app) {
		if r.action != "" {
			listed = append(listed, r.action)
		}
	}
	var all []assets.Action
	for _, s := range controlSections {
		for _, b := range h.app.data.Keys.Context(s.ctx) {
			all = append(all, b.Action)
		}
	}
	assert.Equal(t, all, listed)
	assert.Equal(t, assets.ActionSteerUp, c.rows(h.app)[c.sel].action, "the first action is selected")
	h.contains(h.app.text(assets.HelpFor(assets.ActionSteerUp)), "Up, k")
	// The list scrolls to show the last row.
	h.press(key{k: tcell.KeyEnd})
	h.contains(h.app.text(assets.ControlsRestore), h.app.text(assets.HelpFor(assets.ActionReplayQuit)))
}

func TestControlsShowTheFirstHeadingAfterWrapping(t *testing.T) {
	tests := []struct {
		name string
		// back brings the cursor from the bottom of the list to its top.
		back []key
	}{
		{"down past the end", []key{keyDown}},
		{"home", []key{{k: tcell.KeyHome}}},
		{"up all the way", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := controlsHarness(t, "")
			c := h.controls()
			heading := h.app.text(controlSections[0].heading)
			h.press(keyUp) // wraps to the bottom
			h.lacks(heading)
			back := tt.back
			if back == nil {
				for range c.rows(h.app) {
					back = append(back, keyUp)
				}
			}
			for _, k := range back {
				h.press(k)
				if c.rows(h.app)[c.sel].action == assets.ActionSteerUp {
					break
				}
			}
			require.Equal(t, assets.ActionSteerUp, c.rows(h.app)[c.sel].action)
			assert.Equal(t, heading, strings.TrimSpace(strings.Split(h.text(), "\n")[2]), "the heading heads the list")
		})
	}
}

func TestABoundKeyWorksAtOnceAndIsSaved(t *testing.T) {
	h, path := controlsHarness(t, "")
	h.bindKey(assets.ActionFire, runeKey('g'))
	h.contains(h.app.text(assets.ControlsAdded, "key", "g"), "f, g")
	want := []assets.Key{keyNamed(t, "f"), keyNamed(t, "g")}
	assert.Equal(t, want, h.app.data.Keys.KeysFor(assets.ActionFire))
	assert.Equal(t, want, savedConfig(t, path).Keys.KeysFor(assets.ActionFire))

	h.press(keyEsc)
	g := h.startRun()
	mountOnRoad(g, geom.East, "railgun")
	h.press(runeKey('g'))
	h.contains(h.app.text(assets.PromptFireDirection))
}

func TestAKeyTakenInTheSameContextIsRefused(t *testing.T) {
	h, path := controlsHarness(t, "")
	h.bindKey(assets.ActionFire, runeKey('t'))
	h.contains(h.app.text(assets.ControlsTaken, "key", "t", "other", h.app.text(assets.HelpFor(assets.ActionMessageLog))))
	assert.Equal(t, []assets.Key{keyNamed(t, "f")}, h.app.data.Keys.KeysFor(assets.ActionFire))
	assert.NoFileExists(t, path, "nothing changed, nothing written")

	h.bindKey(assets.ActionFire, runeKey('f'))
	h.contains(h.app.text(assets.ControlsSame, "key", "f"))

	// Up is a menu key too, but menus are another context.
	h.bindKey(assets.ActionFire, keyUp)
	h.contains(h.app.text(assets.ControlsTaken, "key", "Up", "other", h.app.text(assets.HelpFor(assets.ActionSteerUp))))
	h.bindKey(assets.ActionReplayStep, runeKey('f'))
	h.contains(h.app.text(assets.ControlsAdded, "key", "f"))
}

func TestCancelAndUnbindableKeysLeaveTheKeysAlone(t *testing.T) {
	h, path := controlsHarness(t, "")
	before := h.app.data.Keys
	h.bindKey(assets.ActionLook, keyEsc)
	h.contains(h.app.text(assets.PromptCancelled))
	assert.False(t, h.controls().capture)
	h.bindKey(assets.ActionLook, key{k: tcell.KeyPgUp})
	h.contains(h.app.text(assets.ControlsUnbindable))
	assert.Equal(t, before, h.app.data.Keys)
	assert.NoFileExists(t, path)
	_, open := h.app.top().(*controlsView)
	assert.True(t, open, "cancelling the key does not close the screen")
}

func TestDeleteTakesTheLastKeyAwayButNeverTheOnlyOne(t *testing.T) {
	h, path := controlsHarness(t, "")
	h.selectAction(assets.ActionSteerUp)
	h.press(key{k: tcell.KeyDelete})
	h.contains(h.app.text(assets.ControlsRemoved, "key", "k"))
	assert.Equal(t, []assets.Key{{Special: assets.SpecialUp}}, h.app.data.Keys.KeysFor(assets.ActionSteerUp))
	assert.Equal(t, []assets.Key{{Special: assets.SpecialUp}}, savedConfig(t, path).Keys.KeysFor(assets.ActionSteerUp))
	h.press(key{k: tcell.KeyBackspace2})
	h.contains(h.app.text(assets.ControlsLastKey))
	assert.Len(t, h.app.data.Keys.KeysFor(assets.ActionSteerUp), 1)
}

func TestAnActionHoldsAtMostEightKeys(t *testing.T) {
	h, _ := controlsHarness(t, "")
	for _, r := range "abcdefg" {
		h.bindKey(assets.ActionReplayStep, runeKey(r))
	}
	require.Len(t, h.app.data.Keys.KeysFor(assets.ActionReplayStep), maxKeysPerAction)
	h.bindKey(assets.ActionReplayStep, runeKey('o'))
	h.contains(h.app.text(assets.ControlsFull, "count", maxKeysPerAction))
}

func TestRestoringTheDefaultsKeepsTheOtherSettings(t *testing.T) {
	const file = "# my settings\n[colours]\npalette = \"16\"\n\n[keys.gameplay]\nfire = [\"f\", \"F\"]\n\n# quieter\n[play]\nconfirm_give_up = false\n"
	h, path := controlsHarness(t, file)
	assert.Len(t, h.app.data.Keys.KeysFor(assets.ActionFire), 2, "the file's keys are in force")
	h.press(key{k: tcell.KeyEnd}, keyEnter)
	h.contains(h.app.text(assets.ControlsRestored))
	assert.Equal(t, h.app.base.Keys, h.app.data.Keys)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "# my settings\n[colours]\npalette = \"16\"\n\n# quieter\n[play]\nconfirm_give_up = false\n", string(b))
	saved := savedConfig(t, path)
	assert.Equal(t, config.Palette16, saved.Palette)
	assert.False(t, saved.ConfirmGiveUp)
}

func TestMenuKeysRebindTheControlsScreenItself(t *testing.T) {
	h, _ := controlsHarness(t, "")
	h.bindKey(assets.ActionMenuDown, runeKey('s'))
	c := h.controls()
	before := c.sel
	h.press(runeKey('s'))
	assert.Equal(t, c.step(h.app, before, 1), c.sel, "the new menu key moves the selection")
}

func TestAFailedSaveKeepsTheKeysAndSaysSo(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	cfg, err := config.Load(dir, data) // a folder where the file should be
	require.Error(t, err)
	cfg = config.Default(data)
	cfg.Path = dir
	h := newHarnessWith(t, data, 80, 24, Options{Config: &cfg})
	h.selectItem(h.app.text(assets.TitleControls))
	h.bindKey(assets.ActionLook, runeKey('v'))
	assert.Contains(t, h.controls().notice, h.app.text(assets.ControlsSaveFailed, "error", "")[:20])
	assert.Contains(t, h.app.data.Keys.KeysFor(assets.ActionLook), keyNamed(t, "v"))
}

func TestThePauseMenuOpensTheControls(t *testing.T) {
	h, _ := controlsHarness(t, "")
	h.press(keyEsc)
	h.startRun()
	h.press(keyEsc)
	h.selectItem(h.app.text(assets.PauseControls))
	h.controls()
	h.press(keyEsc)
	h.contains(h.app.text(assets.PauseTitle))
}

func TestGivingUpAsksOnlyIfTheConfigSays(t *testing.T) {
	for _, ask := range []bool{true, false} {
		data := loadData(t)
		cfg := config.Default(data)
		cfg.ConfirmGiveUp = ask
		h := newHarnessWith(t, data, 80, 24, Options{Config: &cfg})
		g := h.startRun()
		h.press(keyEsc)
		h.selectItem(h.app.text(assets.PauseGiveUp))
		if ask {
			h.contains(h.app.text(assets.PauseGiveUpConfirm))
			h.selectItem(h.app.text(assets.MenuYes))
		}
		assert.Equal(t, "abandoned", g.Run.Cause, "confirm_give_up=%v", ask)
	}
}

func TestTheConfigSetsPaletteLogAndColours(t *testing.T) {
	data := loadData(t)
	cfg, _ := withConfig(t, data, "[colours]\npalette = \"mono\"\n[colours.role.van]\nmono = \"underline\"\n[display]\nlog_lines = 7\n")
	h := newHarnessWith(t, data, 80, 24, Options{Config: cfg})
	assert.Equal(t, DepthMono, h.app.pal.Depth, "the config wins over the terminal's 256 colours")
	assert.True(t, h.app.pal.Pen(assets.RoleVan).Underline)
	h.startRun()
	assert.Equal(t, 7, h.app.playLayout(&h.app.grid).logLines)
	assert.Equal(t, 4, data.Display.LogLines, "the data given is left as it was")

	for _, tc := range []struct {
		p    config.Palette
		want Depth
	}{{config.Palette256, Depth256}, {config.Palette16, Depth16}, {config.Palette8, Depth8}, {config.PaletteAuto, DepthMono}} {
		assert.Equal(t, tc.want, depthFor(tc.p, 256, true), "%s under NO_COLOR", tc.p)
	}
}

func TestAnimationSpeedScalesTheWait(t *testing.T) {
	slept := func(text string) (time.Duration, int) {
		data := loadData(t)
		cfg, _ := withConfig(t, data, text)
		clock := &fakeClock{now: time.Unix(0, 0)}
		h := newHarnessWith(t, data, 80, 24, Options{Config: cfg, Clock: clock})
		g := h.startRun()
		mountOnRoad(g, geom.East, "railgun")
		h.press(h.keyFor(assets.ActionFire), h.keyFor(assets.ActionAccelerate))
		require.Equal(t, 1, g.Run.Turns)
		return clock.slept, h.app.anim.frames
	}
	real, realFrames := slept("")
	fast, _ := slept("[animation]\nspeed = 2\n")
	slow, slowFrames := slept("[animation]\nspeed = 0.5\n")
	instant, instantFrames := slept("[animation]\nspeed = \"instant\"\n")
	require.Positive(t, real)
	assert.InDelta(t, float64(real)/2, float64(fast), float64(2*frameMs*time.Millisecond))
	assert.InDelta(t, float64(real)*2, float64(slow), float64(2*frameMs*time.Millisecond))
	assert.GreaterOrEqual(t, slowFrames, realFrames, "slower play shows more frames")
	assert.Zero(t, instant)
	assert.Zero(t, instantFrames)
}

func TestTheControlsScreenFitsAnySize(t *testing.T) {
	h, _ := controlsHarness(t, "")
	for _, size := range [][2]int{{300, 100}, {80, 24}, {1, 1}, {81, 25}, {200, 30}} {
		h.resize(size[0], size[1])
		h.press(key{k: tcell.KeyEnd}, keyUp, keyEnter, keyEsc)
		h.controls()
	}
	h.resize(80, 24)
	h.contains(h.app.text(assets.ControlsTitle))
}

// TestEveryControlsRowFitsEightyColumns: the controls screen draws each
// action on one line, its keys and its help text, so with the default keys
// every line must end inside 80 columns, the last column left blank, or the
// end of its help is cut off.
func TestEveryControlsRowFitsEightyColumns(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	a := h.app
	c := newControls(a)
	for _, r := range c.rows(a) {
		if r.action == "" {
			continue
		}
		var g Grid
		g.Resize(80, 1)
		c.drawRow(a, &g, 0, r, false)
		last := g.At(g.W-1, 0).R
		assert.Contains(t, []rune{0, ' '}, last, "%s: %q is cut at 80 columns", r.action, g.Row(0))
	}
}
