package ui

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/game"
)

// dailyRows are the days the daily table tests list: a good day, one whose
// proof fails and one past the cost bound, as their marks will say.
var dailyRows = []archive.Proof{
	{Day: "2026-11-23", Summary: archive.Summary{Deliveries: 3, Earned: 420, Turns: 310, Cause: "destroyed"}},
	{Day: "2026-11-24", Summary: archive.Summary{Deliveries: 10, Earned: 15000, Turns: 9000, Cause: "retired"}},
	{Day: "2026-11-25", Summary: archive.Summary{Deliveries: 0, Earned: 0, Turns: 2, Cause: "abandoned"}},
}

// forkRows are the forks the forks' table tests list, one from a source
// with a long name.
var forkRows = []archive.ForkEntry{
	{Fork: archive.Fork{Source: "auto-0005.rec", At: 12}, Recording: "run-3.rec",
		Summary: archive.Summary{Deliveries: 1, Earned: 60, Turns: 40, Cause: "abandoned"}},
	{Fork: archive.Fork{Source: "run-3.rec", At: 1500}, Recording: "run-4.rec",
		Summary: archive.Summary{Deliveries: 4, Earned: 700, Turns: 820, Cause: "stranded"}},
}

// tableHooks list dailyRows and forkRows; the daily prover answers each
// row as answers says, at once.
func tableHooks(answers []Proof) Hooks {
	return Hooks{
		DailyScores: func() ([]archive.Proof, error) { return dailyRows, nil },
		ProveDaily: func(proofs []archive.Proof, stop func() bool, report func(int, Proof)) {
			for i := range proofs {
				report(i, answers[i])
			}
		},
		Forks: func() ([]archive.ForkEntry, error) { return forkRows, nil },
	}
}

// column is a value a table row shows under a heading of its header.
type column struct {
	heading, value string
	left           bool // starts under the heading's start, else ends under its end
}

// assertUnderHeadings checks that each of the row's values sits under its
// heading in the header line.
func assertUnderHeadings(t *testing.T, header, row string, cols []column) {
	t.Helper()
	for _, c := range cols {
		at := strings.Index(header, c.heading)
		require.GreaterOrEqual(t, at, 0, "heading %q in %q", c.heading, header)
		if c.left {
			assert.True(t, strings.HasPrefix(row[at:], c.value), "%s starts under its heading: %q", c.heading, row)
			continue
		}
		end := at + len(c.heading)
		require.LessOrEqual(t, end, len(row), "row %q", row)
		assert.Equal(t, c.value, strings.TrimSpace(row[end-len(c.value):end]), "%s ends under its heading: %q", c.heading, row)
	}
}

// screenLine finds the screen's line that starts, after the margin, with
// prefix.
func screenLine(t *testing.T, h *harness, prefix string) string {
	t.Helper()
	for _, l := range strings.Split(h.text(), "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " "), prefix) {
			return l
		}
	}
	t.Fatalf("no line starts with %q:\n%s", prefix, h.text())
	return ""
}

// TestTheTitleOpensTheDailyAndForksTables: each table has its item on the
// title screen when its hook is there, and none without.
func TestTheTitleOpensTheDailyAndForksTables(t *testing.T) {
	h := newHarness(t, 80, 24, Options{})
	h.lacks(h.app.text(assets.TitleDailyScores), h.app.text(assets.TitleForks))

	h = newHarness(t, 80, 24, Options{Hooks: tableHooks([]Proof{ProofProven, ProofFailed, ProofTooLong})})
	h.checkGolden("title_tables")
	h.selectItem(h.app.text(assets.TitleDailyScores))
	h.contains(h.app.text(assets.TablesDailyTitle))
	h.press(keyEsc)
	h.contains(h.app.text(assets.TitleNewGame))
	h.selectItem(h.app.text(assets.TitleForks))
	h.contains(h.app.text(assets.TablesForksTitle))
	h.press(keyEsc)
	h.contains(h.app.text(assets.TitleNewGame))
}

// TestDailyTableShowsEachDayUnderItsHeadings lists the days with their
// proofs' marks, each value under its heading, the legend and the note.
func TestDailyTableShowsEachDayUnderItsHeadings(t *testing.T) {
	answers := []Proof{ProofProven, ProofFailed, ProofTooLong}
	h := newHarness(t, 80, 24, Options{Hooks: tableHooks(answers)})
	a := h.app
	h.selectItem(a.text(assets.TitleDailyScores))
	mark := func(p Proof) string { return a.proofMark(p) }
	pumpUntil(t, h, func() bool { return strings.Contains(screenLine(t, h, "2026-11-25"), mark(ProofTooLong)) })

	header := screenLine(t, h, a.text(assets.TablesDailyHeader))
	causes := []string{a.text(assets.TablesCauseDestroyed), a.text(assets.TablesCauseRetired), a.text(assets.TablesCauseAbandoned)}
	for i, p := range dailyRows {
		row := screenLine(t, h, p.Day)
		s := p.Summary
		assertUnderHeadings(t, header, row, []column{
			{heading: "Day", value: p.Day, left: true},
			{heading: "Deliveries", value: fmt.Sprint(s.Deliveries)},
			{heading: "Earned", value: fmt.Sprint(s.Earned)},
			{heading: "Turns", value: fmt.Sprint(s.Turns)},
			{heading: "Ended", value: causes[i], left: true},
		})
		assert.Contains(t, row, fmt.Sprint(s.Turns)+" "+mark(answers[i])+" ", "day %s is marked by its proof", p.Day)
	}
	h.contains(a.text(assets.ScoresLegend))
	for _, note := range strings.Split(a.text(assets.TablesDailyNote, "file", archive.DailyScoresName), "\n") {
		row := screenLine(t, h, note)
		assert.Equal(t, note, strings.TrimSpace(row), "each line of the note on a line of its own")
	}
	h.checkGolden("daily_table")
}

// TestDailyTableIsProvenInTheBackground: every day shows the progress mark
// until its proof comes in, the screen answers keys meanwhile, and closing
// the table stops the prover.
func TestDailyTableIsProvenInTheBackground(t *testing.T) {
	answers, stopped, prove := answeringProver()
	hooks := Hooks{
		DailyScores: func() ([]archive.Proof, error) { return dailyRows, nil },
		ProveDaily:  func(_ []archive.Proof, stop func() bool, report func(int, Proof)) { prove(stop, report) },
	}
	h := newHarness(t, 80, 24, Options{Hooks: hooks})
	a := h.app
	h.selectItem(a.text(assets.TitleDailyScores))
	marked := func(day string, p Proof) bool {
		return strings.Contains(screenLine(t, h, day), " "+a.proofMark(p)+" ")
	}
	for _, p := range dailyRows {
		assert.True(t, marked(p.Day, ProofPending), "day %s is being replayed", p.Day)
	}
	h.press(h.keyFor(assets.ActionMenuDown))
	answers <- proofOfRow{1, ProofFailed}
	pumpUntil(t, h, func() bool { return marked("2026-11-24", ProofFailed) })
	assert.True(t, marked("2026-11-23", ProofPending), "only its own day changes")
	assert.True(t, marked("2026-11-25", ProofPending), "only its own day changes")

	h.press(keyEsc)
	close(answers)
	assertProverStopped(t, stopped)
}

// TestForksTableNamesWhereEachForkCameFrom lists each fork with its source
// recording and command under the headings, and the note.
func TestForksTableNamesWhereEachForkCameFrom(t *testing.T) {
	h := newHarness(t, 80, 24, Options{Hooks: tableHooks(nil)})
	a := h.app
	h.selectItem(a.text(assets.TitleForks))
	header := screenLine(t, h, a.text(assets.TablesForksHeader))
	causes := []string{a.text(assets.TablesCauseAbandoned), a.text(assets.TablesCauseStranded)}
	for i, f := range forkRows {
		s := f.Summary
		assertUnderHeadings(t, header, screenLine(t, h, f.Source+" "), []column{
			{heading: "Taken from", value: f.Source, left: true},
			{heading: "Command", value: fmt.Sprint(f.At)},
			{heading: "Deliveries", value: fmt.Sprint(s.Deliveries)},
			{heading: "Earned", value: fmt.Sprint(s.Earned)},
			{heading: "Turns", value: fmt.Sprint(s.Turns)},
			{heading: "Ended", value: causes[i], left: true},
		})
	}
	h.contains(a.text(assets.TablesForksNote))
	h.checkGolden("forks_table")
}

// TestEmptyAndUnreadableTables: a table with no row says how one is made;
// a table cut short by a line it cannot read shows the rows before it and
// why.
func TestEmptyAndUnreadableTables(t *testing.T) {
	broken := errors.New("daily-scores.txt:4: not a daily proof")
	tests := []struct {
		name   string
		hooks  Hooks
		item   assets.TextID
		want   []assets.TextID
		rows   []string
		golden string
	}{
		{name: "daily empty", item: assets.TitleDailyScores, want: []assets.TextID{assets.TablesDailyEmpty},
			hooks: Hooks{DailyScores: func() ([]archive.Proof, error) { return nil, nil }}},
		{name: "forks empty", item: assets.TitleForks, want: []assets.TextID{assets.TablesForksEmpty},
			hooks: Hooks{Forks: func() ([]archive.ForkEntry, error) { return nil, nil }}, golden: "forks_table_empty"},
		{name: "daily cut short", item: assets.TitleDailyScores, want: []assets.TextID{assets.TablesDailyHeader}, rows: []string{"2026-11-23"},
			hooks: Hooks{DailyScores: func() ([]archive.Proof, error) { return dailyRows[:1], broken }}},
		{name: "forks unreadable", item: assets.TitleForks, want: []assets.TextID{assets.TablesForksEmpty},
			hooks: Hooks{Forks: func() ([]archive.ForkEntry, error) { return nil, broken }}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{Hooks: tt.hooks})
			h.selectItem(h.app.text(tt.item))
			flat := strings.Join(strings.Fields(h.text()), " ")
			for _, id := range tt.want {
				assert.Contains(t, flat, strings.Join(strings.Fields(h.app.text(id)), " "))
				for _, line := range h.app.textLines(id) {
					assert.LessOrEqual(t, len([]rune(line)), 80-2*margin-1, "%q fits a page at 80 columns unwrapped", line)
				}
			}
			h.contains(tt.rows...)
			unreadable := strings.Join(strings.Fields(h.app.text(assets.TablesUnreadable, "error", broken)), " ")
			assert.Equal(t, tt.name == "daily cut short" || tt.name == "forks unreadable", strings.Contains(flat, unreadable))
			if tt.golden != "" {
				h.checkGolden(tt.golden)
			}
		})
	}
}

// TestTablesAtAnySize opens each table and resizes the terminal through
// tiny and huge sizes: no panic, the too-small notice below the least
// size, and the table whole again at 80x24.
func TestTablesAtAnySize(t *testing.T) {
	sizes := [][2]int{{1, 1}, {2, 1}, {1, 2}, {40, 3}, {79, 23}, {80, 23}, {79, 24}, {81, 25}, {200, 60}, {300, 24}, {80, 100}}
	for _, item := range []assets.TextID{assets.TitleDailyScores, assets.TitleForks, assets.TitleHighScores} {
		h := newHarness(t, 80, 24, Options{Hooks: tableHooks([]Proof{ProofProven, ProofFailed, ProofTooLong})})
		h.selectItem(h.app.text(item))
		pending := regexp.MustCompile(`\d \` + h.app.proofMark(ProofPending) + ` \S`)
		pumpUntil(t, h, func() bool { return !pending.MatchString(h.text()) })
		want := h.text()
		notice := h.app.text(assets.ScreenTooSmall, "width", 80, "height", 24)
		for _, s := range sizes {
			require.NotPanics(t, func() { h.resize(s[0], s[1]) }, "%s at %dx%d", item, s[0], s[1])
			if s[0] >= len(notice) && (s[0] < 80 || s[1] < 24) {
				h.contains(notice)
			}
			h.press(keyDown, keyUp)
		}
		h.resize(80, 24)
		h.press(key{k: tcell.KeyHome})
		assert.Equal(t, want, h.text(), "%s comes back whole at 80x24", item)
	}
}

// dailyRunHooks play a run the hooks say is the daily road of day, today
// or not, and name a morgue file when it ends.
func dailyRunHooks(day string, today bool, morgue string) Hooks {
	return Hooks{
		DailyDay: func(*game.Game) (string, bool) { return day, today },
		Morgue:   func() string { return morgue },
	}
}

// TestTheDailyRoadIsNamedAndItsAttemptWarned: the pause box names a daily
// road by its day, not its seed, and quitting it without saving warns that
// the day's one attempt is lost; any other run keeps its seed and the plain
// question.
func TestTheDailyRoadIsNamedAndItsAttemptWarned(t *testing.T) {
	tests := []struct {
		name, day string
		today     bool
		want      assets.TextID
	}{
		{"today's road", "2026-11-25", true, assets.PauseDailyToday},
		{"a daily road continued later", "2026-11-24", false, assets.PauseDailyRoad},
		{"any other run", "", false, assets.TitleSeed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{Hooks: dailyRunHooks(tt.day, tt.today, "")})
			g := h.startRun()
			a := h.app
			h.press(keyEsc)
			name := a.text(tt.want, "day", tt.day, "seed", g.Run.Seed)
			h.contains(name)
			if tt.day != "" {
				h.lacks(a.text(assets.TitleSeed, "seed", g.Run.Seed))
			}
			if tt.today {
				h.checkGolden("pause_daily")
			}
			h.selectItem(a.text(assets.PauseQuit))
			h.contains(a.text(assets.PauseQuitConfirm))
			m, ok := a.top().(*menuView)
			require.True(t, ok, "the question is a menu")
			warning := a.text(assets.PauseQuitConfirmDaily, "day", tt.day)
			assert.Equal(t, tt.day != "", slices.Contains(m.build(a).prelude, warning), "the warning of the day's attempt")
			if tt.day != "" {
				h.contains(tt.day)
			}
			if tt.today {
				h.checkGolden("quit_confirm_daily")
			}
			h.selectItem(a.text(assets.MenuYes))
			assert.True(t, a.quit)
		})
	}
}

// TestTheEndScreenNamesTheMorgueFile: the end screen names the morgue file
// the run wrote, whole when it fits the screen and by its name alone when
// not; a run that wrote none shows no such row.
func TestTheEndScreenNamesTheMorgueFile(t *testing.T) {
	long := "/home/courier/" + strings.Repeat("very-long-folder/", 5) + "morgue-3.txt"
	tests := []struct{ name, morgue, want string }{
		{"short path", "~/.local/share/lastpost/morgue-3.txt", "~/.local/share/lastpost/morgue-3.txt"},
		{"too long a path", long, "morgue-3.txt"},
		{"none written", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{Hooks: dailyRunHooks("", false, tt.morgue)})
			h.startRun()
			a := h.app
			h.press(keyEsc)
			h.selectItem(a.text(assets.PauseGiveUp))
			h.selectItem(a.text(assets.MenuYes))
			h.contains(a.text(assets.EndSummaryTitle))
			if tt.want == "" {
				h.lacks(a.text(assets.EndMorgue))
				return
			}
			row := screenLine(t, h, a.text(assets.EndMorgue))
			assert.Equal(t, tt.want, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(row), a.text(assets.EndMorgue))))
			assert.LessOrEqual(t, len([]rune(row)), 80)
			if tt.name == "short path" {
				h.checkGolden("given_up_morgue")
			}
		})
	}
}

// TestTheTablesTurnLikePages: with the daily and forks tables offered, Tab
// turns from the high scores to the daily road's table, to the forks', and
// back round; Left turns back; each page's hint says so. A table alone
// (only the high scores) is no cycle.
func TestTheTablesTurnLikePages(t *testing.T) {
	hooks := tableHooks([]Proof{ProofProven, ProofFailed, ProofTooLong})
	hooks.HighScores = func() []Score { return nil }
	h := newHarness(t, 80, 24, Options{Hooks: hooks})
	a := h.app
	h.selectItem(a.text(assets.TitleHighScores))
	titles := []assets.TextID{assets.ScoresTitle, assets.TablesDailyTitle, assets.TablesForksTitle, assets.ScoresTitle}
	title := func() string { return strings.TrimSpace(strings.SplitN(h.text(), "\n", 2)[0]) }
	for i, id := range titles {
		assert.Equal(t, a.text(id), title(), "page %d", i)
		if i > 0 && i < 3 {
			h.contains(a.text(assets.PagerPrev, "next", "Tab", "prev", "Left"))
		}
		h.press(keyTab)
	}
	// Now on the daily road's table: Left turns back to the high scores.
	assert.Equal(t, a.text(assets.TablesDailyTitle), title())
	h.press(key{k: tcell.KeyLeft})
	assert.Equal(t, a.text(assets.ScoresTitle), title())
	h.press(keyEsc)
	h.contains(a.text(assets.TitleNewGame))

	alone := newHarness(t, 80, 24, Options{Hooks: Hooks{HighScores: func() []Score { return nil }}})
	alone.selectItem(alone.app.text(assets.TitleHighScores))
	alone.lacks(alone.app.text(assets.PagerNext, "next", "Tab"))
	alone.press(keyTab)
	assert.Equal(t, alone.app.text(assets.ScoresTitle), strings.TrimSpace(strings.SplitN(alone.text(), "\n", 2)[0]))
}
