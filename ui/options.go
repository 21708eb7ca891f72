package ui

import (
	"slices"
	"strconv"

	"lastpost/assets"
	"lastpost/assets/config"
)

// optionSpeeds are the animation speeds the options screen steps through,
// in percent of the real speed; 0 is instant.
var optionSpeeds = [...]int{0, 25, 50, 100, 150, 200, 300, 500, 1000}

// minOptionLogLines and maxOptionLogLines bound the message lines offered,
// as the config file does.
const (
	minOptionLogLines = 1
	maxOptionLogLines = 10
)

// newOptions opens the options screen: palette, animation speed, message
// lines and the give-up question. Picking a setting steps it to its next
// value, puts it in force at once and saves it to the config file.
func newOptions() *menuView {
	return &menuView{build: optionsPage}
}

func optionsPage(a *App) menuPage {
	yesNo := func(b bool) string {
		if b {
			return a.text(assets.MenuYes)
		}
		return a.text(assets.MenuNo)
	}
	c := a.cfg
	return menuPage{
		title:   a.text(assets.OptionsTitle),
		prelude: []string{a.text(assets.OptionsHint)},
		items: []menuItem{
			{label: a.text(assets.OptionsPalette, "value", a.paletteText(c.Palette)), hotkey: 'c',
				pick: func(a *App, m *menuView) {
					a.setOption(m, func(c *config.Config) { c.Palette = nextPalette(c.Palette) })
				}},
			{label: a.text(assets.OptionsSpeed, "value", a.speedText(c.Animation)), hotkey: 'a',
				pick: func(a *App, m *menuView) {
					a.setOption(m, func(c *config.Config) { c.Animation = nextSpeed(c.Animation) })
				}},
			{label: a.text(assets.OptionsLogLines, "value", c.LogLines), hotkey: 'm',
				pick: func(a *App, m *menuView) {
					a.setOption(m, func(c *config.Config) { c.LogLines = c.LogLines%maxOptionLogLines + minOptionLogLines })
				}},
			{label: a.text(assets.OptionsConfirmGiveUp, "value", yesNo(c.ConfirmGiveUp)), hotkey: 'g',
				pick: func(a *App, m *menuView) {
					a.setOption(m, func(c *config.Config) { c.ConfirmGiveUp = !c.ConfirmGiveUp })
				}},
			back(a, assets.OptionsBack),
		},
	}
}

// paletteText words a palette for the options screen.
func (a *App) paletteText(p config.Palette) string {
	switch p {
	case config.PaletteAuto:
		return a.text(assets.OptionsPaletteAuto)
	case config.PaletteMono:
		return a.text(assets.OptionsPaletteMono)
	}
	return a.text(assets.OptionsPaletteColours, "n", string(p))
}

// speedText words an animation speed for the options screen.
func (a *App) speedText(s config.Animation) string {
	if s.Instant {
		return a.text(assets.OptionsSpeedInstant)
	}
	return a.text(assets.OptionsSpeedTimes, "value", strconv.FormatFloat(float64(s.Percent)/100, 'f', -1, 64))
}

// nextPalette is the palette after p, wrapping round.
func nextPalette(p config.Palette) config.Palette {
	all := config.Palettes()
	return all[(slices.Index(all, p)+1)%len(all)]
}

// nextSpeed is the first offered speed above s, wrapping round to
// instant; a speed set in the file between two offered ones goes on to
// the next.
func nextSpeed(s config.Animation) config.Animation {
	if s.Instant {
		return config.Animation{Percent: optionSpeeds[1]}
	}
	for _, p := range optionSpeeds[1:] {
		if p > s.Percent {
			return config.Animation{Percent: p}
		}
	}
	return config.Animation{Instant: true}
}

// setOption changes the settings with change, puts them in force at once
// and saves them; the menu's notice says where, or why saving failed.
func (a *App) setOption(m *menuView, change func(c *config.Config)) {
	change(&a.cfg)
	a.data.Display.LogLines = a.cfg.LogLines
	a.pal = NewPalette(a.data.Colours, depthFor(a.cfg.Palette, a.term.screen.Colors(), a.opts.NoColor))
	a.looks = newLooks(a.data, a.pal)
	a.anim.instant = a.opts.Instant || a.cfg.Animation.Instant
	m.notice = a.text(assets.OptionsSaved, "path", a.cfg.Path)
	if err := config.SaveOptions(a.cfg.Path, a.cfg, a.base); err != nil {
		m.notice = a.text(assets.OptionsSaveFailed, "error", err)
	}
}
