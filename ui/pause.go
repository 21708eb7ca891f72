package ui

import (
	"lastpost/assets"
)

// newPause is the pause menu over the road or the camp: resume, controls,
// options, save and quit, give up the run, quit without saving.
func newPause(a *App) *menuView {
	return &menuView{under: a.top(), build: pausePage}
}

func pausePage(a *App) menuPage {
	return menuPage{
		title:   a.text(assets.PauseTitle),
		prelude: []string{a.runName()},
		items: []menuItem{
			{label: a.text(assets.PauseResume), hotkey: 'r', pick: func(a *App, _ *menuView) { a.pop() }},
			{label: a.text(assets.PauseControls), hotkey: 'o', pick: func(a *App, _ *menuView) { a.push(newControls(a)) }},
			{label: a.text(assets.PauseOptions), hotkey: 'p', pick: func(a *App, _ *menuView) { a.push(newOptions()) }},
			{label: a.text(assets.PauseSaveQuit), hotkey: 's', pick: saveAndQuit},
			{label: a.text(assets.PauseGiveUp), hotkey: giveUpHotkey, pick: func(a *App, _ *menuView) { a.giveUp() }},
			{label: a.text(assets.PauseQuit), hotkey: 'q', pick: quitWithoutSaving},
		},
	}
}

// dailyDay is the day of the daily road the run in play is the claimed
// attempt of, and whether it is today; "" for any other run.
func (a *App) dailyDay() (day string, today bool) {
	if a.hooks.DailyDay == nil || a.game == nil {
		return "", false
	}
	return a.hooks.DailyDay(a.game)
}

// runName names the run in play in the pause box: a daily road by its day,
// any other run by its seed.
func (a *App) runName() string {
	switch day, today := a.dailyDay(); {
	case day == "":
		return a.text(assets.TitleSeed, "seed", a.game.Run.Seed)
	case today:
		return a.text(assets.PauseDailyToday, "day", day)
	default:
		return a.text(assets.PauseDailyRoad, "day", day)
	}
}

// giveUpHotkey picks Give up in the pause menu. It is no hotkey of the
// camp's menu, nor its capital (caps lock), so the camp's Esc then a
// hotkey meant for the camp cannot end the run.
const giveUpHotkey = 'u'

// saveAndQuit saves through the hook and leaves; a failed save keeps the
// game open and says why.
func saveAndQuit(a *App, m *menuView) {
	if a.hooks.Save != nil {
		if err := a.hooks.Save(a.game); err != nil {
			m.notice = a.text(assets.PauseSaveFailed, "error", err)
			return
		}
	}
	a.quit = true
}

// quitWithoutSaving leaves the game once the player agrees to lose what
// was played since the last save: on a daily road, the day's one attempt.
func quitWithoutSaving(a *App, _ *menuView) {
	var warning []string
	if day, _ := a.dailyDay(); day != "" {
		warning = []string{a.text(assets.PauseQuitConfirmDaily, "day", day)}
	}
	confirmWarned(a, a.text(assets.PauseQuitConfirm), warning, func(a *App) { a.quit = true })
}
