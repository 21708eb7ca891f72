package ui

import (
	"fmt"
	"strings"

	"lastpost/assets"
)

// newTitle is the title screen: continue (when a save exists), a new run,
// the controls, the high scores and quit, with the notice line under them.
func newTitle(a *App) *menuView {
	// The notice given at the start is shown on the first title only.
	notice := strings.TrimSpace(a.opts.Notice + " " + a.takeNotice())
	a.opts.Notice = ""
	m := &menuView{build: titlePage, notice: notice}
	m.cancel = func(*App, *menuView) {}
	return m
}

// startOver runs start, a new run, once the player agrees to abandon the
// saved run if there is one: nothing is overwritten unasked.
func (a *App) startOver(start func(a *App)) {
	if a.hooks.HasSave == nil || !a.hooks.HasSave() {
		start(a)
		return
	}
	confirm(a, a.text(assets.NoticeAbandonSave), start)
}

// takeNotice returns what the Notice hook has to say, "" for nothing.
func (a *App) takeNotice() string {
	if a.hooks.Notice == nil {
		return ""
	}
	return a.hooks.Notice()
}

// showNotice puts what the Notice hook has to say in front of the player:
// in the notice line of the menu on top (a camp's), or under the map.
func (a *App) showNotice() {
	if _, over := a.top().(*endView); over {
		// The end screen has no notice line: what the run's end has to
		// tell (a daily proof, a morgue file that failed) waits for the
		// title screen that follows it.
		return
	}
	n := a.takeNotice()
	if n == "" {
		return
	}
	if m, ok := a.top().(*menuView); ok {
		m.notice = n
		return
	}
	a.prompt = n
}

func titlePage(a *App) menuPage {
	var items []menuItem
	if a.hooks.HasSave != nil && a.hooks.Load != nil && a.hooks.HasSave() {
		items = append(items, menuItem{label: a.text(assets.TitleContinue), hotkey: 'c', pick: continueRun})
	}
	items = append(items,
		menuItem{label: a.text(assets.TitleNewGame), hotkey: 'n', pick: func(a *App, _ *menuView) { a.startOver((*App).newRun) }},
	)
	if a.hooks.Daily != nil {
		items = append(items, menuItem{label: a.text(assets.TitleDaily), hotkey: 'd', pick: dailyRun})
	}
	items = append(items,
		menuItem{label: a.text(assets.TitleControls), hotkey: 'o', pick: func(a *App, _ *menuView) { a.push(newControls(a)) }},
		menuItem{label: a.text(assets.TitleOptions), hotkey: 'p', pick: func(a *App, _ *menuView) { a.push(newOptions()) }},
		menuItem{label: a.text(assets.TitleHighScores), hotkey: 's', pick: func(a *App, _ *menuView) { a.push(newScores(a)) }},
		menuItem{label: a.text(assets.TitleQuit), hotkey: 'q', pick: func(a *App, _ *menuView) { a.quit = true }},
	)
	return menuPage{
		title:   a.text(assets.TitleName),
		prelude: []string{a.text(assets.TitleTagline)},
		items:   items,
	}
}

// dailyRun starts the day's road, once the player agrees to abandon a
// saved run; a day already driven is told on the title screen.
func dailyRun(a *App, m *menuView) {
	a.startOver(func(a *App) {
		g, err := a.hooks.Daily()
		if err != nil {
			m.notice = err.Error()
			return
		}
		a.begin(g)
	})
}

// continueRun loads the saved run; a save that cannot be read is reported
// on the title screen.
func continueRun(a *App, m *menuView) {
	g, err := a.hooks.Load()
	if err != nil {
		m.notice = err.Error()
		return
	}
	a.begin(g)
}

// newScores lists the high-score table, each entry marked by whether its
// recording replayed to it just now (the hook replays them).
func newScores(a *App) *pagerView {
	p := &pagerView{title: a.text(assets.ScoresTitle)}
	var scores []Score
	if a.hooks.HighScores != nil {
		scores = a.hooks.HighScores()
	}
	if len(scores) == 0 {
		p.lines = []string{a.text(assets.ScoresEmpty)}
		return p
	}
	p.lines = []string{a.text(assets.ScoresHeader)}
	marked := false
	for i, s := range scores {
		mark := " "
		switch s.Proof {
		case ProofProven:
			mark = a.text(assets.ScoresProven)
		case ProofFailed:
			mark = a.text(assets.ScoresUnproven)
		}
		marked = marked || s.Proof != ProofNone
		line := fmt.Sprintf("%4d %10d %8d %8d %6d %7d %s %-20d", i+1, s.Deliveries, s.Letters, s.Earned, s.Kills, s.Turns,
			mark, s.Seed)
		if s.Won {
			line += " " + a.text(assets.ScoresWon)
		}
		p.lines = append(p.lines, line)
	}
	if marked {
		p.lines = append(p.lines, "", a.text(assets.ScoresLegend))
	}
	return p
}
