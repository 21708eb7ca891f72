package config

import (
	"bytes"
	"fmt"
	"strings"

	"lastpost/assets"
)

// encode writes the whole config in canonical form: every setting that
// differs from the defaults of data. The fuzz test checks every file it
// reads has one.
func (c *Config) encode(data *assets.Data) []byte {
	def := Default(data)
	var b bytes.Buffer
	section := func(s string) {
		if s == "" {
			return
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(s)
	}
	section(keysTOML(c.Keys, def.Keys))
	section(c.coloursTOML(def))
	if c.Animation != def.Animation {
		section("[animation]\nspeed = " + c.Animation.toml() + "\n")
	}
	if c.LogLines != def.LogLines {
		section(fmt.Sprintf("[display]\nlog_lines = %d\n", c.LogLines))
	}
	if c.ConfirmGiveUp != def.ConfirmGiveUp {
		section(fmt.Sprintf("[play]\nconfirm_give_up = %t\n", c.ConfirmGiveUp))
	}
	return b.Bytes()
}

// coloursTOML writes the palette and every role that differs from def.
func (c *Config) coloursTOML(def Config) string {
	var b strings.Builder
	if c.Palette != def.Palette {
		fmt.Fprintf(&b, "[colours]\npalette = %s\n", tomlString(string(c.Palette)))
	}
	for _, r := range assets.Roles {
		col := c.Colours.Role(r)
		if col == def.Colours.Role(r) {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "[colours.role.%s]\nfg = %d\nbg = %s\nfallback = %s\nfallback_bg = %s\nmono = %s\n",
			r, col.FG, bgTOML(col.BG), tomlString(col.Fallback.String()),
			tomlString(col.FallbackBG.String()), tomlString(col.Mono.String()))
	}
	return b.String()
}

func bgTOML(index int) string {
	if index == assets.NoColour {
		return `"default"`
	}
	return fmt.Sprint(index)
}
