package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzConfig feeds the config parser arbitrary text. Nothing may panic;
// every refusal is one *Error on one short line that starts with the file's
// name; and an accepted file writes back in canonical form to the same
// settings, and keeps every setting but the keys when its key tables are
// rewritten. The seed corpus in testdata/fuzz/FuzzConfig (the malformed
// fixtures of testdata/bad/config among them) runs in every go test.
func FuzzConfig(f *testing.F) {
	data := loadData(f)
	f.Add([]byte(example))
	f.Add([]byte("keys = { gameplay = { look = [\"v\"] } }\n# end\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		c, err := Parse("fuzz.toml", text, data)
		if err != nil {
			var e *Error
			require.True(t, errors.As(err, &e), "%T", err)
			msg := err.Error()
			require.True(t, strings.HasPrefix(msg, "fuzz.toml"), msg)
			require.NotContains(t, msg, "\n")
			require.Less(t, len(msg), 1500)
			return
		}
		canonical := c.encode(data)
		again, err := Parse("fuzz.toml", canonical, data)
		require.NoError(t, err, "canonical form:\n%s", canonical)
		require.Equal(t, c, again)

		rewritten, err := rewriteKeys("fuzz.toml", text, data.Keys, data)
		require.NoError(t, err)
		back, err := Parse("fuzz.toml", rewritten, data)
		require.NoError(t, err, "rewritten:\n%s", rewritten)
		want := c
		want.Keys = data.Keys
		require.Equal(t, want, back)

		opts := c
		opts.Palette, opts.Animation, opts.LogLines, opts.ConfirmGiveUp = PaletteMono, Animation{Percent: 175}, 9, !c.ConfirmGiveUp
		set, err := rewriteOptions("fuzz.toml", text, opts, data)
		if err != nil {
			var e *Error
			require.True(t, errors.As(err, &e), "%T", err)
			return
		}
		back, err = Parse("fuzz.toml", set, data)
		require.NoError(t, err, "options set:\n%s", set)
		require.Equal(t, opts, back)
	})
}
