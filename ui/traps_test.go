package ui

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/assets/config"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// atCampAsking is a harness at camp whose config asks, or does not
// ask, before a run is given up.
func atCampAsking(t *testing.T, ask bool) *harness {
	t.Helper()
	data := loadData(t)
	cfg := config.Default(data)
	cfg.ConfirmGiveUp = ask
	return atCampWith(t, stockedWith(t, data, campStock(t, data)...), Options{Config: &cfg})
}

// TestEscThenACampHotkeyNeverEndsTheRun: at a camp, Esc then any of the
// camp menu's hotkeys (or its capital, as caps lock sends it) leaves the
// run going, whether or not the config asks before giving up.
func TestEscThenACampHotkeyNeverEndsTheRun(t *testing.T) {
	for _, ask := range []bool{false, true} {
		h := atCampAsking(t, ask)
		var hotkeys []rune
		for _, it := range campPage(h.app).items {
			if it.hotkey != 0 {
				hotkeys = append(hotkeys, it.hotkey, unicode.ToUpper(it.hotkey))
			}
		}
		require.NotEmpty(t, hotkeys)
		for _, r := range hotkeys {
			h := atCampAsking(t, ask)
			h.press(keyEsc)
			h.contains(h.app.text(assets.PauseTitle))
			h.typeKeys(string(r))
			assert.NotEqual(t, act.PhaseOver, h.app.game.Phase(), "confirm_give_up=%v: Esc then %q gave the run up", ask, r)
			assert.NotEqual(t, r, rune(giveUpHotkey), "Give up shares a camp hotkey")
		}
	}
}

// TestAConfirmNeverTakesTheKeyThatOpenedIt: a question that ends the run
// or the game, opened by its hotkey or by Enter, is not answered by the
// same key pressed again: only Yes, chosen, does it.
func TestAConfirmNeverTakesTheKeyThatOpenedIt(t *testing.T) {
	tests := []struct {
		name  string
		label assets.TextID
		hot   rune
		done  func(h *harness) bool
	}{
		{"give up", assets.PauseGiveUp, giveUpHotkey, func(h *harness) bool { return h.app.game.Phase() == act.PhaseOver }},
		{"quit without saving", assets.PauseQuit, 'q', func(h *harness) bool { return h.app.quit }},
	}
	for _, tt := range tests {
		for _, byEnter := range []bool{false, true} {
			h := atCampAsking(t, true)
			h.press(keyEsc)
			open := func() {
				if byEnter {
					h.highlight(h.app.text(tt.label))
					h.press(keyEnter)
				} else {
					h.typeKeys(string(tt.hot))
				}
			}
			open()
			require.False(t, tt.done(h), "%s: the question is asked first", tt.name)
			if byEnter {
				h.press(keyEnter)
			} else {
				open()
			}
			assert.False(t, tt.done(h), "%s (Enter %v): the key that opened the question answered it", tt.name, byEnter)
			if !byEnter {
				h.typeKeys("y")
				assert.True(t, tt.done(h), "%s: y answers Yes", tt.name)
			}
		}
	}
}

// TestLeftTurnsBackToTheFirstPage: Left on the legend goes back to the
// controls, and on the full rule trace back to the rules that decided;
// the page says so.
func TestLeftTurnsBackToTheFirstPage(t *testing.T) {
	tests := []struct {
		name         string
		open         key
		first, other assets.TextID
	}{
		{"legend", runeKey('?'), assets.HelpTitle, assets.LegendTitle},
		{"full trace", runeKey('T'), assets.TraceTitle, assets.TraceTitle},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{})
			h.startRun()
			h.press(h.keyFor(assets.ActionAccelerate), tt.open)
			first := h.app.top()
			h.contains(h.app.text(tt.first))
			h.press(keyTab)
			second := h.app.top()
			require.NotSame(t, first, second)
			h.contains(h.app.text(tt.other), h.app.text(assets.PagerPrev, "next", "Tab", "prev", "Left"))
			h.press(key{k: tcell.KeyLeft})
			p, ok := h.app.top().(*pagerView)
			require.True(t, ok, "Left closed the pages")
			assert.NotNil(t, p.next)
			assert.Nil(t, p.prev, "back on the first page")
			h.contains(h.app.text(tt.first))
		})
	}
}

// TestThePauseBoxLeavesTheStatusLine: with six log lines under the map, the
// pause box still sits above the status line, on the road and at camp.
func TestThePauseBoxLeavesTheStatusLine(t *testing.T) {
	for _, atCampToo := range []bool{false, true} {
		data := loadData(t)
		cfg := config.Default(data)
		cfg.LogLines = 6
		opts := Options{Config: &cfg}
		h := newHarnessWith(t, data, 80, 24, opts)
		if atCampToo {
			h.reachCamp()
		} else {
			h.startDrawn(roadWith("..@")...)
		}
		before := h.statusLine()
		require.NotEmpty(t, before)
		h.press(keyEsc)
		h.contains(h.app.text(assets.PauseTitle))
		assert.Equal(t, before, h.statusLine(), "at camp %v: the status line shows whole under the pause box", atCampToo)
	}
}

// TestTheSetbackFlagsFitTheStatusLine: with a four-figure bank, a slide and
// a lost tyre in the same turn, and an enemy just hit, both flags show whole
// at 80 columns.
func TestTheSetbackFlagsFitTheStatusLine(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	g := h.startRun()
	h.typeKeys(".")
	w := g.World()
	change := w.NewAction()
	vocab.Money.Set(change, g.Van(), 1000)
	w.Commit(change)
	now := g.Run.Turns
	g.Log().Add(vocab.Message{ID: assets.MsgSteerFailed}, now-1)
	g.Log().Add(vocab.Message{ID: assets.MsgTyreBurst}, now)
	zombie := h.app.data.Enemies.List[0]
	g.Log().Add(vocab.Message{ID: assets.MsgGunHits, Victim: zombie.Name, N: 1}, now)
	h.app.redraw(false)
	line := h.statusLine()
	assert.Contains(t, line, "Cash 1000")
	t.Logf("%q", line)
	for _, flag := range []string{h.app.text(assets.HUDSlid), h.app.text(assets.HUDTyreLost)} {
		assert.True(t, strings.HasSuffix(line, flag) || strings.Contains(line, flag+" "), "%q shows whole: %q", flag, line)
	}
}

// TestTheHighScoreColumnsLineUp: every row, a won run's with the longest
// seed among them, is one line whose numbers end under their heading's
// last letter and whose seed starts under "Seed".
func TestTheHighScoreColumnsLineUp(t *testing.T) {
	scores := []Score{
		{Seed: math.MaxUint64, Deliveries: 12, Letters: 131, Earned: 15000, Kills: 400, Turns: 9000, Won: true, Proof: ProofProven},
		{Seed: 5, Deliveries: 2, Letters: 3, Earned: 160, Kills: 4, Turns: 80, Proof: ProofFailed},
	}
	h := newHarness(t, 80, 24, Options{Hooks: Hooks{HighScores: func() []Score { return scores }}})
	h.selectItem(h.app.text(assets.TitleHighScores))
	lines := strings.Split(h.text(), "\n")
	header := h.app.text(assets.ScoresHeader)
	at := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == header {
			at = i
		}
	}
	require.GreaterOrEqual(t, at, 0, "the header shows on one line:\n%s", h.text())
	head := lines[at]
	ends := func(word string) int { return strings.Index(head, word) + len(word) }
	for r, s := range scores {
		row := lines[at+1+r]
		for _, col := range []struct {
			word string
			n    int
		}{{"Rank", r + 1}, {"Deliveries", s.Deliveries}, {"Letters", s.Letters}, {"Earned", s.Earned}, {"Kills", s.Kills}, {"Turns", s.Turns}} {
			n := fmt.Sprint(col.n)
			end := ends(col.word)
			require.LessOrEqual(t, end, len(row), "row %d: %q", r, row)
			assert.Equal(t, n, strings.TrimSpace(row[end-len(n):end]), "row %d: %s ends under its heading: %q", r, col.word, row)
		}
		seed := fmt.Sprint(s.Seed)
		assert.True(t, strings.HasPrefix(row[strings.Index(head, "Seed"):], seed), "row %d: the seed under its heading: %q", r, row)
		assert.Equal(t, s.Won, strings.Contains(row, h.app.text(assets.ScoresWon)), "row %d: the won mark on its own line: %q", r, row)
	}
	assert.False(t, strings.HasPrefix(strings.TrimSpace(lines[at+2]), h.app.text(assets.ScoresWon)), "no line of its own for the won mark")
	h.checkGolden("high_scores")
}

// TestAKitBesideAnEnemyAsksFirst: fitting the spare tyre, stopped, with a
// zombie next to the van asks first; No costs nothing, Yes fits it.
func TestAKitBesideAnEnemyAsksFirst(t *testing.T) {
	h, g := stoppedWithATyreDown(t)
	at, _ := vanAt(g)
	spawnOnRoad(t, g, "zombie", at.Add(geom.Pt(1, 0)))
	turns := g.Run.Turns
	question := h.app.text(assets.InventoryEnemyNear, "enemy", "zombie", "name", "Spare tyre")
	h.press(h.keyFor(assets.ActionInventory))
	h.selectItem("Spare tyre")
	h.contains(question)
	h.checkGolden("kit_enemy_near")
	h.selectItem(h.app.text(assets.MenuNo))
	assert.Equal(t, turns, g.Run.Turns, "No takes no turn")
	assert.Equal(t, []string{"spare_tyre"}, g.Inventory())
	assert.IsType(t, &playView{}, h.app.top())

	h.press(h.keyFor(assets.ActionInventory))
	h.selectItem("Spare tyre")
	h.contains(question)
	h.typeKeys("y")
	assert.Equal(t, turns+1, g.Run.Turns, "Yes fits the tyre, which takes the turn")
	assert.Empty(t, g.Inventory())
}

// TestAWonRunRetiresAsAWinner: the camp offers Retire only once the run is
// won; it asks first, and Yes ends the run on a winner's end screen.
func TestAWonRunRetiresAsAWinner(t *testing.T) {
	ended := 0
	h := atCamp(t, Options{Hooks: Hooks{Ended: func(*game.Game) { ended++ }}})
	a, g := h.app, h.app.game
	retire := a.text(assets.CampRetire)
	h.lacks(retire)
	g.Run.Won, g.Run.Delivery = true, a.data.Campaign.DeliveriesToWin
	a.push(&endView{victory: true})
	a.redraw(false)
	h.contains(a.text(assets.EndVictoryTitle), "choose "+retire+" at a camp")
	h.press(keyEnter)
	h.contains(retire)
	h.selectItem(retire)
	h.contains(a.text(assets.CampRetireConfirm))
	h.press(keyEnter)
	assert.Equal(t, act.PhaseCamp, g.Phase(), "Enter on the question's first answer is No")
	h.selectItem(retire)
	h.selectItem(a.text(assets.MenuYes))
	assert.Equal(t, act.PhaseOver, g.Phase())
	assert.Equal(t, act.CauseRetired, g.Run.Cause)
	assert.Equal(t, 1, ended)
	h.contains(a.text(assets.EndRetiredTitle), a.text(assets.EndCauseRetired))
	h.lacks(a.text(assets.EndDiedTitle), a.text(assets.EndAbandonedTitle))
	assert.Equal(t, a.pal.Style(assets.RoleGood), a.grid.At(margin, 1).S, "the title in the winner's colour")
	h.checkGolden("retired")
	h.press(keyEnter)
	h.contains(a.text(assets.TitleNewGame))
}
