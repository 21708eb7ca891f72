package ui

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/rules"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

var speedRe = regexp.MustCompile(`Spd (\d+)/(\d+)`)

// shownSpeed reads the speed off the status line.
func (h *harness) shownSpeed() int {
	h.t.Helper()
	m := speedRe.FindStringSubmatch(h.text())
	require.NotNil(h.t, m, "no speed on screen:\n%s", h.text())
	n, _ := strconv.Atoi(m[1])
	return n
}

func TestTitleOffersTheRunAndNoContinueWithoutSave(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	a := h.app
	h.contains(a.text(assets.TitleName), a.text(assets.TitleNewGame), a.text(assets.TitleControls),
		a.text(assets.TitleHighScores), a.text(assets.TitleQuit))
	h.lacks(a.text(assets.TitleContinue))
}

func TestNewRunDrivesAndTheStatusLineFollows(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	h.contains(h.app.text(assets.MsgDeliveryStarts, "n", 1))
	start := h.shownSpeed()
	require.Equal(t, vocab.Speed.Value(g.World(), g.Van()), start)

	h.press(h.keyFor(assets.ActionAccelerate))
	assert.Equal(t, start+1, h.shownSpeed(), "accelerating shows on the status line")
	assert.Equal(t, 1, g.Run.Turns)

	h.press(keyRight) // the arrow key is bound too
	assert.Equal(t, start+2, h.shownSpeed())
	van, _ := vanAt(g)
	assert.Positive(t, van.X, "the van drove east")
}

func TestContinueLoadsTheSaveOrSaysWhyNot(t *testing.T) {
	data := loadData(t)
	saved := game.New(data, 42)
	loadErr := error(nil)
	hooks := Hooks{
		HasSave: func() bool { return true },
		Load:    func() (*game.Game, error) { return saved, loadErr },
	}
	h := newHarnessWith(t, data, 80, 24, Options{Hooks: hooks, Notice: "old save moved aside"})
	h.contains(h.app.text(assets.TitleContinue), "old save moved aside")

	loadErr = errors.New("save is damaged")
	h.selectItem(h.app.text(assets.TitleContinue))
	h.contains("save is damaged")
	assert.Nil(t, h.app.game)

	loadErr = nil
	h.selectItem(h.app.text(assets.TitleContinue))
	assert.Same(t, saved, h.app.game)
	h.contains("Spd ")
}

func TestHelpListsTheLiveBindings(t *testing.T) {
	data := loadData(t)
	// Rebind fire to g: the help screen must show the binding in force.
	for i, b := range data.Keys.Gameplay {
		if b.Action == assets.ActionFire {
			data.Keys.Gameplay[i].Keys = []assets.Key{{Rune: 'g'}}
		}
	}
	h := newHarnessWith(t, data, 80, 24, Options{})
	h.startRun()
	h.press(h.keyFor(assets.ActionHelp))
	a := h.app
	h.contains(a.text(assets.HelpTitle), a.text(assets.HelpOnRoad), a.text(assets.HelpInMenus))
	for _, c := range []assets.Context{assets.ContextGameplay, assets.ContextMenu} {
		for _, b := range data.Keys.Context(c) {
			h.contains(pad(data.Keys.Describe(b.Action, ", "), 14) + " " + a.text(assets.HelpFor(b.Action)))
		}
	}
	h.contains("g              " + a.text(assets.HelpFire))
	h.lacks("f              ")
	h.press(keyEsc)
	h.lacks(a.text(assets.HelpTitle))
	h.contains("Spd ")
}

// nearest returns the visible cell nearest the van whose top kind is k.
func nearest(g *game.Game, k vocab.Kind, vision int) (geom.Point, bool) {
	van, _ := vanAt(g)
	best, found := geom.Point{}, false
	level := g.Level()
	for y := range level.H {
		for x := range level.W {
			p := geom.Pt(x, y)
			if p.Dist2(van) >= vision*vision || g.TopKind(p) != k {
				continue
			}
			if !found || p.Manhattan(van) < best.Manhattan(van) {
				best, found = p, true
			}
		}
	}
	return best, found
}

// lookText is the look description under the status line, its wrapped
// lines joined again.
func (h *harness) lookText() string {
	rows := strings.Split(h.text(), "\n")
	l := h.app.playLayout(&h.app.grid)
	return strings.Join(rows[l.logY:l.logY+l.logLines-1], " ")
}

// moveCursor presses the driving keys that take the look cursor from one
// cell to another.
func (h *harness) moveCursor(from, to geom.Point) {
	for ; from.X < to.X; from.X++ {
		h.press(h.keyFor(assets.ActionAccelerate))
	}
	for ; from.X > to.X; from.X-- {
		h.press(h.keyFor(assets.ActionDecelerate))
	}
	for ; from.Y < to.Y; from.Y++ {
		h.press(h.keyFor(assets.ActionSteerDown))
	}
	for ; from.Y > to.Y; from.Y-- {
		h.press(h.keyFor(assets.ActionSteerUp))
	}
}

func TestLookDescribesWhatIsUnderTheCursor(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	a := h.app
	walker := firstEnemy(t, a.data, "a walker", walks)
	g := h.startDrawn(drawn(walker, "W", roadWith("..@...#...0.......W")...)...)
	turns := g.Run.Turns
	h.press(h.keyFor(assets.ActionLook))
	h.contains(a.text(assets.LookTitle)+": "+a.text(assets.LookVan), a.text(assets.LookHint, "cancel", "Esc"))

	van, _ := vanAt(g)
	walkers := vocab.KindNamed(&a.data.Enemies, walker.ID)
	for _, k := range []vocab.Kind{walkers, vocab.KindWreck, vocab.KindBarrel} {
		p, ok := nearest(g, k, a.data.Van.Vision)
		require.True(t, ok, "the drawn road shows a %v", k)
		h.moveCursor(van, p)
		want, _ := a.kindText(k)
		if k == walkers {
			want = a.describeEnemy(p, k)
			assert.Contains(t, want, fmt.Sprintf("Health %d of %d", walker.HP, walker.HP))
		}
		assert.Contains(t, h.lookText(), want)
		h.moveCursor(p, van)
	}
	h.press(keyEsc)
	h.lacks(a.text(assets.LookTitle) + ":")
	assert.Equal(t, turns, g.Run.Turns, "looking takes no time")
}

func TestLookAtUnseenAndRememberedCells(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	a := h.app
	van, _ := vanAt(g)
	far := geom.Pt(g.Level().W-1, van.Y)
	assert.Equal(t, a.text(assets.LookUnseen), a.describe(far))
	// Drive on until the start is out of sight; it is then remembered.
	for i := 0; i < 40 && g.Phase() == act.PhaseRoad; i++ {
		now, _ := vanAt(g)
		if now.Dist2(van) >= a.data.Van.Vision*a.data.Van.Vision {
			break
		}
		h.press(h.keyFor(assets.ActionAccelerate))
	}
	require.Equal(t, act.PhaseRoad, g.Phase())
	seen, _ := g.Memory().At(van)
	require.True(t, seen)
	assert.Contains(t, a.describe(van), a.text(assets.LookRemembered, "what", ""))
}

func TestPauseMenuResumesAndSaves(t *testing.T) {
	saved := 0
	var saveErr error
	hooks := Hooks{Save: func(*game.Game) error { saved++; return saveErr }}
	h := newHarness(t, 80, 24, Options{Hooks: hooks})
	g := h.startRun()
	a := h.app
	h.press(keyEsc)
	h.contains(a.text(assets.PauseTitle), a.text(assets.PauseResume), a.text(assets.PauseSaveQuit),
		a.text(assets.PauseGiveUp), a.text(assets.PauseQuit), a.text(assets.TitleSeed, "seed", g.Run.Seed))
	h.press(keyEnter) // resume
	h.lacks(a.text(assets.PauseTitle))

	h.press(keyEsc)
	saveErr = errors.New("disk full")
	h.selectItem(a.text(assets.PauseSaveQuit))
	h.contains("disk full")
	assert.False(t, a.quit, "a failed save keeps the game open")

	saveErr = nil
	h.selectItem(a.text(assets.PauseSaveQuit))
	assert.Equal(t, 2, saved)
	assert.True(t, a.quit)
}

func TestQuitWithoutSavingAsksFirst(t *testing.T) {
	saved := 0
	h := newHarness(t, 80, 24, Options{Hooks: Hooks{Save: func(*game.Game) error { saved++; return nil }}})
	h.startRun()
	a := h.app
	h.press(keyEsc)
	h.selectItem(a.text(assets.PauseQuit))
	h.contains(a.text(assets.PauseQuitConfirm))
	assert.False(t, a.quit, "the question comes first")

	h.selectItem(a.text(assets.MenuNo))
	h.lacks(a.text(assets.PauseQuitConfirm))
	h.contains(a.text(assets.PauseTitle))
	assert.False(t, a.quit)

	h.selectItem(a.text(assets.PauseQuit))
	h.selectItem(a.text(assets.MenuYes))
	assert.True(t, a.quit)
	assert.Zero(t, saved, "quitting without saving saves nothing")
}

func TestGivingUpShowsTheSummaryThenTheTitle(t *testing.T) {
	ended := 0
	h := newHarness(t, 80, 24, Options{Hooks: Hooks{Ended: func(*game.Game) { ended++ }}})
	g := h.startRun()
	a := h.app
	h.press(keyEsc)
	h.selectItem(a.text(assets.PauseGiveUp))
	h.contains(a.text(assets.PauseGiveUpConfirm))
	h.selectItem(a.text(assets.MenuNo))
	h.contains(a.text(assets.PauseTitle))
	h.selectItem(a.text(assets.PauseGiveUp))
	h.selectItem(a.text(assets.MenuYes))

	assert.Equal(t, act.PhaseOver, g.Phase())
	assert.Equal(t, 1, ended)
	h.contains(a.text(assets.EndAbandonedTitle), a.text(assets.EndSummaryTitle), a.text(assets.EndCauseAbandoned),
		a.text(assets.EndSeed), fmt.Sprint(g.Run.Seed))
	h.press(h.keyFor(assets.ActionWait)) // a road key does not dismiss the summary
	h.contains(a.text(assets.EndSummaryTitle))
	h.press(keyEnter)
	h.contains(a.text(assets.TitleNewGame))
	assert.Nil(t, a.game)
}

func TestMessageLogPager(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	h.startRun()
	a := h.app
	for i := range 30 {
		h.app.game.Log().Add(vocab.Message{ID: assets.MsgTopSpeed}, i+1)
	}
	h.app.game.Log().Add(vocab.Message{ID: assets.MsgAlreadyStopped}, 40)
	for _, open := range []key{runeKey('t'), keyCtrlP} {
		h.press(open)
		h.contains(a.text(assets.LogTitle), a.text(assets.MsgAlreadyStopped))
		h.press(key{k: tcell.KeyHome})
		h.contains(a.text(assets.MsgDeliveryStarts, "n", 1))
		h.press(keyEsc)
		h.lacks(a.text(assets.LogTitle))
	}
}

func TestTracePagerShowsTheLastTurn(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	h.startRun()
	a := h.app
	h.press(runeKey('T'))
	h.contains(a.text(assets.TraceTitle), a.text(assets.TraceEmpty))
	h.press(keyEsc)
	h.press(h.keyFor(assets.ActionWait))
	h.press(runeKey('T'))
	h.contains(a.text(assets.TraceTitle), a.text(assets.TraceDecidedIntro, "key", "Tab"))
	h.lacks("| committed")
	h.press(keyTab)
	h.contains("Wait(#", "| committed")
	h.press(keyTab)
	h.lacks("| committed")
}

func TestTracePagerTellsTheDecisions(t *testing.T) {
	rec := rules.Record{Time: 50, Action: "Move(#1)"}
	tests := []struct {
		name  string
		check rules.Consulted
		want  string // "" for no line
	}{
		{"an accept says nothing", rules.Consulted{Rule: "moot", Verdict: rules.Accept}, ""},
		{"a refusal in player words", rules.Consulted{Rule: "collision", Verdict: rules.Reject | rules.Stop},
			"50ms Move(#1) refused, no more rules asked. Something solid is in the way."},
		{"a refusal that goes on", rules.Consulted{Rule: "bump attack", Verdict: rules.Reject},
			"50ms Move(#1) refused. An enemy moving into the van claws or rams it instead."},
		{"a follow-on", rules.Consulted{Rule: "motion ends", Verdict: rules.Accept, FollowOns: []string{"Stop(#1)"}},
			"50ms Move(#1) allowed, then Stop(#1). Its moves for the round run out."},
		{"a rule without words keeps its name", rules.Consulted{Rule: "new rule", Verdict: rules.Accept | rules.Stop},
			"50ms Move(#1) allowed, no more rules asked. new rule."},
	}
	h := newHarness(t, 80, 24, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := h.app.decision(rec, tt.check)
			assert.Equal(t, tt.want != "", ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestFirePromptClosesOnAnEmptySideAndCancelsForFree(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	a := h.app
	fire := h.keyFor(assets.ActionFire)
	h.press(fire)
	h.contains(a.text(assets.PromptFireDirection))
	h.press(h.keyFor(assets.ActionSteerUp)) // north: nothing mounted there
	h.contains(a.text(assets.PromptEmptySlot))
	h.lacks(a.text(assets.PromptFireDirection))
	assert.Equal(t, 0, g.Run.Turns)

	h.press(fire)
	h.press(keyEsc)
	h.contains(a.text(assets.PromptCancelled))
	h.lacks(a.text(assets.PauseTitle))
	assert.Equal(t, 0, g.Run.Turns, "cancelling costs no turn")

	h.press(fire, h.keyFor(assets.ActionAccelerate)) // the pistol faces east
	assert.Equal(t, 1, g.Run.Turns)
	h.lacks(a.text(assets.PromptFireDirection))
}

// TestKeysAfterTheFirePromptAreObeyed: neither a refused side nor a key that
// is not a side leaves the prompt open to swallow what the player types
// next; the key becomes its own command, as it would without the prompt.
func TestKeysAfterTheFirePromptAreObeyed(t *testing.T) {
	tests := []struct {
		name string
		aim  []assets.Action // pressed after the fire key
		then assets.Action
		want []game.Command
	}{
		{"a wait after an empty side", []assets.Action{assets.ActionSteerUp}, assets.ActionWait,
			[]game.Command{{Kind: game.CmdFire, Dir: geom.North}, {Kind: game.CmdWait}}},
		{"an acceleration after an empty side", []assets.Action{assets.ActionSteerDown}, assets.ActionAccelerate,
			[]game.Command{{Kind: game.CmdFire, Dir: geom.South}, {Kind: game.CmdAccelerate}}},
		{"a wait instead of a side", nil, assets.ActionWait,
			[]game.Command{{Kind: game.CmdWait}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var played []game.Command
			h := newHarness(t, 80, 24, Options{Hooks: Hooks{Played: func(_ *game.Game, c game.Command, _ game.Result) {
				played = append(played, c)
			}}})
			g := h.startRun()
			h.press(h.keyFor(assets.ActionFire))
			for _, act := range tt.aim {
				h.press(h.keyFor(act))
			}
			require.Equal(t, 0, g.Run.Turns, "no shot fired")
			h.press(h.keyFor(tt.then))
			assert.Equal(t, tt.want, played)
			assert.Equal(t, 1, g.Run.Turns, "the key after the prompt is obeyed")
			h.lacks(h.app.text(assets.PromptFireDirection))
		})
	}
}

func TestFieldInventoryUsesItemsAndExplainsGuns(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	a := h.app
	carry(g, "shotgun", "spare_tyre")
	h.press(h.keyFor(assets.ActionInventory))
	h.contains(a.text(assets.InventoryTitle, "count", 2, "capacity", a.data.Van.InventoryCapacity), "Shotgun", "Spare tyre")
	h.selectItem("Shotgun")
	h.contains(a.text(assets.PromptMountAtGarage))
	h.selectItem("Spare tyre")
	// The van rolls at the start, so the tyre is refused, not lost.
	h.contains(a.text(assets.PromptMoving))
	assert.Len(t, g.Inventory(), 2)
	h.press(keyEsc)
	h.contains("Spd ")
	assert.Equal(t, 0, g.Run.Turns)
}

func TestTooSmallNoticeUntilResizedBack(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	notice := h.app.text(assets.ScreenTooSmall, "width", 80, "height", 24)
	h.resize(60, 20)
	h.contains(notice)
	lines := regexp.MustCompile(`(?m)^( *)` + regexp.QuoteMeta(notice) + `$`).FindStringSubmatch(h.text())
	require.NotNil(t, lines)
	assert.InDelta(t, (60-len(notice))/2, len(lines[1]), 1, "the notice is centred")
	h.press(h.keyFor(assets.ActionAccelerate))
	assert.Equal(t, 0, g.Run.Turns, "keys do nothing behind the notice")
	h.resize(80, 24)
	h.lacks(notice)
	h.contains("Spd ")
	h.resize(79, 30)
	h.contains(notice)
	h.resize(120, 40)
	h.contains("Spd ")
}

func TestAnySizeDrawsWithoutPanic(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	h.startRun()
	h.press(h.keyFor(assets.ActionAccelerate))
	views := map[string]func(){
		"road":  func() {},
		"pause": func() { h.press(keyEsc) },
		"look":  func() { h.press(h.keyFor(assets.ActionLook)) },
		"help":  func() { h.press(h.keyFor(assets.ActionHelp)) },
		"log":   func() { h.press(runeKey('t')) },
		"trace": func() { h.press(runeKey('T')) },
		"inv":   func() { h.press(h.keyFor(assets.ActionInventory)) },
	}
	sizes := [][2]int{{1, 1}, {2, 1}, {1, 2}, {79, 23}, {80, 24}, {81, 25}, {200, 60}, {300, 100}, {300, 24}, {80, 100}}
	for name, open := range views {
		h.resize(80, 24)
		open()
		for _, s := range sizes {
			require.NotPanics(t, func() { h.resize(s[0], s[1]) }, "%s at %dx%d", name, s[0], s[1])
		}
		h.resize(80, 24)
		for len(h.app.views) > 1 {
			h.app.pop()
		}
	}
}

func TestInputMapsTerminalKeys(t *testing.T) {
	tests := []struct {
		ev   *tcell.EventKey
		want string
		ok   bool
	}{
		{tcell.NewEventKey(tcell.KeyRune, 'l', tcell.ModNone), "l", true},
		{tcell.NewEventKey(tcell.KeyRune, 'T', tcell.ModNone), "T", true},
		{tcell.NewEventKey(tcell.KeyRune, ' ', tcell.ModNone), "Space", true},
		{tcell.NewEventKey(tcell.KeyCtrlP, 'p', tcell.ModCtrl), "Ctrl-P", true},
		{tcell.NewEventKey(tcell.KeyRune, 0x10, tcell.ModNone), "Ctrl-P", true},
		{tcell.NewEventKey(tcell.KeyEscape, 0, tcell.ModNone), "Esc", true},
		{tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone), "Enter", true},
		{tcell.NewEventKey(tcell.KeyUp, 0, tcell.ModNone), "Up", true},
		{tcell.NewEventKey(tcell.KeyLeft, 0, tcell.ModShift), "Left", true},
		{tcell.NewEventKey(tcell.KeyRune, 'x', tcell.ModAlt), "", false},
		{tcell.NewEventKey(tcell.KeyF1, 0, tcell.ModNone), "", false},
	}
	for _, tt := range tests {
		in, ok := inputOf(tt.ev)
		assert.Equal(t, tt.ok, ok, tt.ev.Name())
		if ok {
			assert.Equal(t, tt.want, in.key.String(), tt.ev.Name())
		}
	}
	in, ok := inputOf(tcell.NewEventKey(tcell.KeyPgDn, 0, tcell.ModNone))
	assert.True(t, ok)
	assert.Equal(t, navPageDown, in.nav)
}

func TestDepthAndPalette(t *testing.T) {
	tests := []struct {
		colors  int
		noColor bool
		want    Depth
	}{
		{0, false, DepthMono}, {2, false, DepthMono}, {8, false, Depth8}, {16, false, Depth16},
		{88, false, Depth16}, {256, false, Depth256}, {1 << 24, false, Depth256}, {256, true, DepthMono},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, DepthFor(tt.colors, tt.noColor), "%d colours, no colour %v", tt.colors, tt.noColor)
	}
	colours := loadData(t).Colours
	for _, r := range assets.Roles {
		c := colours.Role(r)
		mono := NewPalette(colours, DepthMono).Pen(r)
		assert.Equal(t, tcell.ColorDefault, mono.FG, "%s: no colour in monochrome", r)
		assert.Equal(t, tcell.ColorDefault, mono.BG, "%s", r)
		eight := NewPalette(colours, Depth8).Pen(r)
		assert.Equal(t, tcell.PaletteColor(int(c.Fallback.Dark())), eight.FG, "%s", r)
		assert.Equal(t, c.Fallback.Bright(), eight.Attr&tcell.AttrBold != 0, "%s: bright colours become bold", r)
		sixteen := NewPalette(colours, Depth16).Pen(r)
		assert.Equal(t, tcell.PaletteColor(int(c.Fallback)), sixteen.FG, "%s", r)
		full := NewPalette(colours, Depth256).Pen(r)
		assert.Equal(t, tcell.PaletteColor(c.FG), full.FG, "%s", r)
		assert.Equal(t, c.BG == assets.NoColour, full.BG == tcell.ColorDefault, "%s", r)
	}
	// Roles that differ only by colour stay apart in monochrome by attribute.
	mono := NewPalette(colours, DepthMono)
	assert.NotEqual(t, mono.Style(assets.RoleSelected), mono.Style(assets.RoleText))
	assert.NotEqual(t, mono.Style(assets.RoleRemembered), mono.Style(assets.RoleRoad))
}

func TestNoColorGivesMonochrome(t *testing.T) {
	h := newHarness(t, 80, 24, Options{NoColor: true})
	h.startRun()
	cells, _, _ := h.screen.GetContents()
	for _, c := range cells {
		fg, bg, _ := c.Style.Decompose()
		require.Equal(t, tcell.ColorDefault, fg)
		require.Equal(t, tcell.ColorDefault, bg)
	}
}

func TestWrap(t *testing.T) {
	tests := []struct {
		text  string
		width int
		want  []string
	}{
		{"", 10, []string{""}},
		{"one two three", 7, []string{"one two", "three"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"a\nb c", 10, []string{"a", "b c"}},
		{"word", 0, nil},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, wrap(tt.text, tt.width), "%q at %d", tt.text, tt.width)
	}
}

func TestTheCameraKeepsTheVanInTheLeftThird(t *testing.T) {
	tests := []struct {
		name                     string
		view, size, focus, start int
		want                     int
	}{
		{"road narrower than view is centred", 80, 60, 30, 0, -10},
		{"focus inside the left third stays", 80, 200, 30, 10, 10},
		{"focus past the third jumps back to an eighth", 80, 200, 37, 10, 27},
		{"jump stops at the road's end", 80, 120, 100, 30, 40},
		{"focus behind the band jumps back", 80, 200, 12, 10, 2},
		{"at the road's start", 80, 200, 0, 0, 0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, aheadAxis(tt.view, tt.size, tt.focus, tt.start), tt.name)
	}
}

func TestVerticalScrollingKeepsAMarginAndNeverJumps(t *testing.T) {
	tests := []struct {
		name                     string
		view, size, focus, start int
		want                     int
	}{
		{"road narrower than view is centred", 19, 15, 3, 0, -2},
		{"steady in the middle rows", 19, 30, 15, 6, 6},
		{"one row into the top margin scrolls one", 19, 30, 9, 6, 5},
		{"one row into the bottom margin scrolls one", 19, 30, 21, 6, 7},
		{"clamped at the top", 19, 30, 1, 6, 0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, marginAxis(tt.view, tt.size, tt.focus, tt.start), tt.name)
	}
	// Walking the focus up and down the whole road moves its screen row
	// by at most one a step, never back against the walk.
	start := 0
	row := func(focus int) int {
		start = marginAxis(19, 40, focus, start)
		return focus - start
	}
	last := row(39)
	for focus := 38; focus >= 0; focus-- {
		r := row(focus)
		assert.Contains(t, []int{last, last - 1}, r, "focus %d going up", focus)
		last = r
	}
	for focus := 1; focus < 40; focus++ {
		r := row(focus)
		assert.Contains(t, []int{last, last + 1}, r, "focus %d going down", focus)
		last = r
	}
}

func TestLookCursorStaysInView(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	h.press(h.keyFor(assets.ActionLook))
	look := h.app.top().(*lookView)
	for range g.Level().W + 5 {
		h.press(h.keyFor(assets.ActionAccelerate))
		cam := h.app.roadCamera(&h.app.grid, look.at)
		_, _, ok := cam.screen(look.at)
		require.True(t, ok, "cursor %v out of view", look.at)
	}
	assert.Equal(t, g.Level().W-1, look.at.X, "the cursor stops at the road's edge")
	assert.Contains(t, h.lookText(), h.app.text(assets.LookUnseen))
}

func TestPagerWrapsLongLinesIndented(t *testing.T) {
	line := "   12ms " + strings.Repeat("word ", 30)
	p := &pagerView{lines: []string{"short", line}}
	got, _ := p.wrapped(40)
	require.Greater(t, len(got), 2)
	assert.Equal(t, "short", got[0])
	for _, l := range got {
		assert.LessOrEqual(t, len([]rune(l)), 40, l)
	}
	for _, l := range got[2:] {
		assert.True(t, strings.HasPrefix(l, "       w"), "continuation %q is indented", l)
	}
	assert.Equal(t, strings.Fields(line), strings.Fields(strings.Join(got[1:], " ")), "nothing is lost")
}

func TestFieldInventoryRepairsWhenStopped(t *testing.T) {
	h, g := stoppedWithATyreDown(t)
	w, van := g.World(), g.Van()
	turns := g.Run.Turns
	h.press(h.keyFor(assets.ActionInventory))
	h.selectItem("Spare tyre")
	require.Equal(t, act.PhaseRoad, g.Phase())
	assert.Equal(t, turns+1, g.Run.Turns, "using an item takes the turn")
	assert.Empty(t, g.Inventory())
	assert.Equal(t, 4, vocab.Tyres.Value(w, van).Cur)
	h.contains("Tyr 4/4", h.app.text(assets.MsgTyreReplaced))
}

func TestHighScoresList(t *testing.T) {
	scores := []Score{
		{Seed: 77, Deliveries: 10, Letters: 31, Earned: 1500, Kills: 40, Turns: 900, Won: true, Proof: ProofProven},
		{Seed: 5, Deliveries: 2, Letters: 3, Earned: 160, Kills: 4, Turns: 80, Proof: ProofFailed},
		{Seed: 6, Deliveries: 1, Letters: 1, Earned: 60, Kills: 0, Turns: 70},
	}
	opened := 0
	h := newHarness(t, 80, 24, Options{Hooks: Hooks{HighScores: func() []Score { opened++; return scores }}})
	h.selectItem(h.app.text(assets.TitleHighScores))
	assert.Equal(t, 1, opened, "the table is read, and its recordings replayed, when it opens")
	h.contains(h.app.text(assets.ScoresTitle), h.app.text(assets.ScoresHeader), h.app.text(assets.ScoresLegend))
	rows := regexp.MustCompile(`(?m)^\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+) (.) (.{5}) (\d+)$`).FindAllStringSubmatch(h.text(), -1)
	require.Len(t, rows, 3)
	tests := []struct {
		want      []string
		mark, won string
	}{
		{[]string{"1", "10", "31", "1500", "40", "900"}, h.app.text(assets.ScoresProven), h.app.text(assets.ScoresWon)},
		{[]string{"2", "2", "3", "160", "4", "80"}, h.app.text(assets.ScoresUnproven), ""},
		{[]string{"3", "1", "1", "60", "0", "70"}, " ", ""},
	}
	for i, tt := range tests {
		assert.Equal(t, tt.want, rows[i][1:7], "row %d", i)
		assert.Equal(t, tt.mark, rows[i][7], "row %d is marked by its proof", i)
		assert.Equal(t, fmt.Sprint(scores[i].Seed), rows[i][9], "row %d", i)
		assert.Equal(t, tt.won, strings.TrimSpace(rows[i][8]), "row %d", i)
	}
}

func TestCampPayLineCountsLetters(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	a := h.app
	c := a.data.Campaign
	tests := []struct {
		letters int
		want    string
	}{
		{0, fmt.Sprintf("You earn %d for the run; you brought no letters.", c.PayBase)},
		{1, fmt.Sprintf("You earn %d: %d for the run and %d for 1 letter.", c.PayBase+c.PayPerLetter, c.PayBase, c.PayPerLetter)},
		{2, fmt.Sprintf("You earn %d: %d for the run and %d for 2 letters.", c.PayBase+2*c.PayPerLetter, c.PayBase, 2*c.PayPerLetter)},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, a.payLine(c.PayBase+tt.letters*c.PayPerLetter), "%d letters", tt.letters)
	}
}
