package ui

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
)

// TestTitleOffersTodaysRoad checks the title's daily item: absent without
// the hook, and with it, a first pick plays the game the hook gives and a
// refusal (the day driven already) is told on the title screen.
func TestTitleOffersTodaysRoad(t *testing.T) {
	plain := newHarness(t, 80, 24, Options{})
	plain.lacks(plain.app.text(assets.TitleDaily))

	data := loadData(t)
	claims := 0
	opts := Options{}
	opts.Hooks.Daily = func() (*game.Game, error) {
		claims++
		if claims > 1 {
			return nil, errors.New("the daily road of 2026-11-25 was driven already")
		}
		return game.New(data, 20261125), nil
	}
	h := newHarnessWith(t, data, 80, 24, opts)
	h.contains(h.app.text(assets.TitleDaily))
	h.selectItem(h.app.text(assets.TitleDaily))
	require.NotNil(t, h.app.game)
	assert.Equal(t, uint64(20261125), h.app.game.Run.Seed, "the hook's road is played")
	h.contains("Spd ")

	again := newHarnessWith(t, data, 80, 24, opts)
	again.selectItem(again.app.text(assets.TitleDaily))
	again.contains("driven already")
	assert.Nil(t, again.app.game, "no run starts")
}

// TestARunsEndNoticeIsOnTheEndScreen gives up a run whose end has something
// to tell (as a daily proof does): the end screen shows it with the run's
// summary, and the title after it does not say it again.
func TestARunsEndNoticeIsOnTheEndScreen(t *testing.T) {
	told := ""
	opts := Options{}
	opts.Hooks.Ended = func(*game.Game) { told = "Today's road is driven: its proof is in daily-2026-11-25.txt." }
	opts.Hooks.Notice = func() string { n := told; told = ""; return n }
	h := newHarness(t, 80, 24, opts)
	h.startRun()
	h.press(keyEsc)
	h.selectItem(h.app.text(assets.PauseGiveUp))
	h.selectItem(h.app.text(assets.MenuYes))
	h.contains(h.app.text(assets.EndSummaryTitle))
	h.contains("its proof is in daily-2026-11-25.txt.")
	h.press(keyEnter)
	h.lacks("its proof is in")
}
