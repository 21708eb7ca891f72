package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"lastpost/assets"
)

// TestAQuestionFromThePauseBoxTakesItsPlace asks each question the pause
// box raises: the question is the one box on the screen (four corners, the
// pause box's title and items gone), so no two boxes of different widths
// mix their edges, and answering no brings the pause box back.
func TestAQuestionFromThePauseBoxTakesItsPlace(t *testing.T) {
	tests := []struct {
		item, question assets.TextID
	}{
		{assets.PauseQuit, assets.PauseQuitConfirm},
		{assets.PauseGiveUp, assets.PauseGiveUpConfirm},
	}
	for _, tt := range tests {
		t.Run(string(tt.item), func(t *testing.T) {
			h := newHarness(t, 80, 24, Options{})
			h.startRun()
			h.press(keyEsc)
			h.selectItem(h.app.text(tt.item))
			h.contains(h.app.text(tt.question))
			h.lacks(h.app.text(assets.PauseTitle), h.app.text(assets.PauseResume))
			assert.Equal(t, 4, strings.Count(h.text(), "+"), "one box's corners:\n%s", h.text())
			h.selectItem(h.app.text(assets.MenuNo))
			h.contains(h.app.text(assets.PauseTitle), h.app.text(assets.PauseResume))
			h.lacks(h.app.text(tt.question))
		})
	}
}
