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
		prelude: []string{a.text(assets.TitleSeed, "seed", a.game.Run.Seed)},
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
// was played since the last save.
func quitWithoutSaving(a *App, _ *menuView) {
	confirm(a, a.text(assets.PauseQuitConfirm), func(a *App) { a.quit = true })
}
