package ui

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/assets/config"
)

// TestOptionsAreSavedAndLoadBack changes each setting on the options
// screen, opened from the title or the pause menu, and checks it is in
// force at once and that the config file written loads back with the same
// settings, the rest of the file kept.
func TestOptionsAreSavedAndLoadBack(t *testing.T) {
	tests := []struct {
		name  string
		open  func(h *harness)
		picks []assets.TextID // the settings picked, in order
		want  func(c *config.Config)
	}{
		{name: "palette from the title", picks: []assets.TextID{assets.OptionsPalette, assets.OptionsPalette},
			want: func(c *config.Config) { c.Palette = config.Palette16 }},
		{name: "speed", picks: []assets.TextID{assets.OptionsSpeed},
			want: func(c *config.Config) { c.Animation = config.Animation{Percent: 150} }},
		{name: "log lines", picks: []assets.TextID{assets.OptionsLogLines},
			want: func(c *config.Config) { c.LogLines = 7 }},
		{name: "give-up question from the pause menu", open: func(h *harness) { h.startRun(); h.press(keyEsc) },
			picks: []assets.TextID{assets.OptionsConfirmGiveUp},
			want:  func(c *config.Config) { c.ConfirmGiveUp = false }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := loadData(t)
			cfg, path := withConfig(t, data, "# mine\n[display]\nlog_lines = 6\n")
			h := newHarnessWith(t, data, 80, 24, Options{Config: cfg})
			item := assets.TitleOptions
			if tt.open != nil {
				tt.open(h)
				item = assets.PauseOptions
			}
			h.selectItem(h.app.text(item))
			for _, id := range tt.picks {
				h.selectItemPrefix(h.app.text(id, "value", ""))
			}
			want := *cfg
			tt.want(&want)
			want.Found = true
			assert.Equal(t, want, h.app.cfg, "in force at once")
			assert.Equal(t, want.LogLines, h.app.data.Display.LogLines)
			m, ok := h.app.top().(*menuView)
			require.True(t, ok)
			assert.Equal(t, h.app.text(assets.OptionsSaved, "path", path), m.notice)

			got, err := config.Load(path, data)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

// selectItemPrefix picks the menu item whose label starts with prefix.
func (h *harness) selectItemPrefix(prefix string) {
	h.t.Helper()
	m, ok := h.app.top().(*menuView)
	require.True(h.t, ok, "top view is not a menu")
	for _, it := range m.build(h.app).items {
		if strings.HasPrefix(it.label, prefix) {
			h.selectItem(it.label)
			return
		}
	}
	h.t.Fatalf("menu has no item starting %q:\n%s", prefix, h.text())
}

// TestOptionsRefusalIsShownAndNothingWritten sets the log lines in a file
// whose table the Options screen cannot edit in place: the setting is in
// force, the screen says why it was not saved, and the file is unchanged.
func TestOptionsRefusalIsShownAndNothingWritten(t *testing.T) {
	data := loadData(t)
	const old = "# mine\n\"displ\\u0061y\" = { log_lines = 6 }\n"
	cfg, path := withConfig(t, data, old)
	h := newHarnessWith(t, data, 80, 24, Options{Config: cfg})
	h.selectItem(h.app.text(assets.TitleOptions))
	h.selectItemPrefix(h.app.text(assets.OptionsLogLines, "value", ""))
	assert.Equal(t, 7, h.app.data.Display.LogLines, "in force at once")
	screen := h.flat()
	assert.Contains(t, screen, "display.log_lines: the Options screen cannot set this as the file is written; "+
		"change it in the file (the file was left as it was)")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, old, string(b))
}
