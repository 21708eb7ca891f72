package ui

import (
	"time"

	"lastpost/assets"
	"lastpost/assets/config"
)

// settingsFor returns the player's settings the options carry, or the
// defaults of data.
func settingsFor(data *assets.Data, opts Options) config.Config {
	if opts.Config == nil {
		return config.Default(data)
	}
	c := *opts.Config
	if c.Animation.Percent <= 0 {
		c.Animation.Percent = 100
	}
	return c
}

// depthFor is the colour depth to draw at: the palette the config asks
// for, or what the terminal reports (monochrome under NO_COLOR). A palette
// set in the config wins over NO_COLOR, as that convention asks of
// settings the user makes.
func depthFor(p config.Palette, colors int, noColor bool) Depth {
	switch p {
	case config.Palette256:
		return Depth256
	case config.Palette16:
		return Depth16
	case config.Palette8:
		return Depth8
	case config.PaletteMono:
		return DepthMono
	}
	return DepthFor(colors, noColor)
}

// realTime is how long ms of a turn's own time take on screen at the
// configured animation speed.
func (a *App) realTime(ms int) time.Duration {
	return time.Duration(ms) * time.Millisecond * 100 / time.Duration(a.cfg.Animation.Percent)
}

// giveUp gives the run up, asking first if the config says so.
func (a *App) giveUp() {
	if !a.cfg.ConfirmGiveUp {
		a.giveUpNow()
		return
	}
	confirm(a, a.text(assets.PauseGiveUpConfirm), func(a *App) { a.giveUpNow() })
}
