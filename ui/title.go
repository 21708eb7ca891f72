package ui

import (
	"strings"

	"lastpost/assets"
)

// newTitle is the title screen: continue (when a save exists), a new run,
// today's road, the controls, the options, the tables (high scores, the
// daily road's, the forks') and quit, with the notice line under them.
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
// in the notice line of the menu on top (a camp's), on the end screen, or
// under the map.
func (a *App) showNotice() {
	n := a.takeNotice()
	if n == "" {
		return
	}
	switch v := a.top().(type) {
	case *menuView:
		v.notice = n
	case *endView:
		v.notice = n
	default:
		a.prompt = n
	}
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
	)
	if a.hooks.DailyScores != nil {
		items = append(items, menuItem{label: a.text(assets.TitleDailyScores), hotkey: 't', pick: func(a *App, _ *menuView) { a.push(newDailyTable(a)) }})
	}
	if a.hooks.Forks != nil {
		items = append(items, menuItem{label: a.text(assets.TitleForks), hotkey: 'f', pick: func(a *App, _ *menuView) { a.push(newForksTable(a)) }})
	}
	items = append(items,
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

// proofMark is the one-column mark of a proof.
func (a *App) proofMark(p Proof) string {
	switch p {
	case ProofProven:
		return a.text(assets.ScoresProven)
	case ProofFailed:
		return a.text(assets.ScoresUnproven)
	case ProofPending:
		return a.text(assets.ScoresPending)
	case ProofTooLong:
		return a.text(assets.ScoresTooLong)
	}
	return " "
}
