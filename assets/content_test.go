package assets

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// extraContent is the extra gun and enemy the tests load beside the
// shipped data.
var extraContent = []string{
	filepath.Join("..", "testdata", "content", "extra_gun.toml"),
	filepath.Join("..", "testdata", "content", "extra_enemy.toml"),
}

// TestContentNamesWhatWasLoaded checks the content digest is a function of
// the play data: the same for two loads, another with extra files (which
// it names), and blind to a comment in an extra file.
func TestContentNamesWhatWasLoaded(t *testing.T) {
	a, err := Load()
	require.NoError(t, err)
	b, err := Load()
	require.NoError(t, err)
	assert.Equal(t, a.Content, b.Content)
	assert.Len(t, a.Content.Digest, 16)
	assert.Empty(t, a.Content.Extra)

	x, err := LoadExtra(extraContent...)
	require.NoError(t, err)
	assert.NotEqual(t, a.Content.Digest, x.Content.Digest)
	assert.Equal(t, []string{"extra_gun.toml", "extra_enemy.toml"}, x.Content.Extra)
	assert.Contains(t, x.Content.String(), "extra_gun.toml, extra_enemy.toml")

	text, err := os.ReadFile(extraContent[0])
	require.NoError(t, err)
	commented := filepath.Join(t.TempDir(), "extra_gun.toml")
	require.NoError(t, os.WriteFile(commented, append([]byte("# a comment changes nothing\n"), text...), 0o644))
	y, err := LoadExtra(commented, extraContent[1])
	require.NoError(t, err)
	assert.Equal(t, x.Content, y.Content)
}

// TestContentDigestCoversThePlayData changes one number of each part the
// digest covers and requires a new digest, and changes a text, which it
// does not cover.
func TestContentDigestCoversThePlayData(t *testing.T) {
	base, err := Load()
	require.NoError(t, err)
	tests := []struct {
		name    string
		change  func(d *Data)
		changes bool
	}{
		{"van", func(d *Data) { d.Van.HP++ }, true},
		{"gun", func(d *Data) { d.Guns.List[0].Price++ }, true},
		{"enemy", func(d *Data) { d.Enemies.List[0].HP++ }, true},
		{"shop", func(d *Data) { d.Shop.StockMax++ }, true},
		{"text", func(d *Data) { d.Texts = Texts{} }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Load()
			require.NoError(t, err)
			tt.change(d)
			c, err := d.content(nil)
			require.NoError(t, err)
			assert.Equal(t, tt.changes, c.Digest != base.Content.Digest)
		})
	}
}
