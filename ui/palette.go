package ui

import (
	"github.com/gdamore/tcell/v2"

	"lastpost/assets"
)

// Depth is how many colours the terminal can show.
type Depth uint8

// The colour depths the palette knows.
const (
	DepthMono Depth = iota // no colour: attributes only (also under NO_COLOR)
	Depth8                 // the eight basic colours
	Depth16                // the basic colours and their bright twins
	Depth256               // the xterm 256-colour palette
)

// DepthFor picks the depth for a terminal that reports colors colours
// (tcell's Screen.Colors). noColor forces monochrome, as the NO_COLOR
// convention asks.
func DepthFor(colors int, noColor bool) Depth {
	switch {
	case noColor || colors < 8:
		return DepthMono
	case colors < 16:
		return Depth8
	case colors < 256:
		return Depth16
	}
	return Depth256
}

// Pen is how one colour role is drawn at the terminal's depth. A BG of
// tcell.ColorDefault means the role keeps whatever background lies under it.
type Pen struct {
	FG, BG    tcell.Color
	Attr      tcell.AttrMask
	Underline bool
}

// Style returns the pen as a tcell style on the terminal's own background.
func (p Pen) Style() tcell.Style { return p.with(p.BG) }

// On returns the pen's style drawn over ground: the pen's own background if
// it has one, else the ground's.
func (p Pen) On(ground Pen) tcell.Style {
	if p.BG == tcell.ColorDefault {
		return p.with(ground.BG)
	}
	return p.with(p.BG)
}

func (p Pen) with(bg tcell.Color) tcell.Style {
	st := tcell.StyleDefault.Foreground(p.FG).Background(bg).Attributes(p.Attr)
	if p.Underline {
		// tcell draws underlines from the style's underline, not its
		// attribute bits.
		st = st.Underline(true)
	}
	return st
}

// Style is how a cell looks: an index into its palette's table of tcell
// styles, so that cells stay small and frames compare cheaply. The zero
// Style is tcell's default.
type Style uint16

// Palette turns colour roles into pens and styles for one terminal depth,
// and keeps the table of every style a frame may use.
type Palette struct {
	Depth  Depth
	pens   map[assets.Role]Pen
	roles  map[assets.Role]Style
	styles []tcell.Style
	ids    map[tcell.Style]Style
}

// NewPalette resolves every role of colours at depth d.
func NewPalette(colours assets.Colours, d Depth) *Palette {
	p := &Palette{
		Depth: d, pens: make(map[assets.Role]Pen, len(assets.Roles)),
		roles: make(map[assets.Role]Style, len(assets.Roles)), ids: map[tcell.Style]Style{},
	}
	p.Intern(tcell.StyleDefault)
	for _, r := range assets.Roles {
		pen := penFor(colours.Role(r), d)
		p.pens[r] = pen
		p.roles[r] = p.Intern(pen.Style())
	}
	return p
}

// Intern returns the Style that stands for st, adding it to the table.
func (p *Palette) Intern(st tcell.Style) Style {
	if id, ok := p.ids[st]; ok {
		return id
	}
	id := Style(len(p.styles))
	p.styles = append(p.styles, st)
	p.ids[st] = id
	return id
}

// Terminal returns the tcell style that s stands for (the default style
// for a Style this palette never made).
func (p *Palette) Terminal(s Style) tcell.Style {
	if int(s) < len(p.styles) {
		return p.styles[s]
	}
	return tcell.StyleDefault
}

// Pen returns the pen of role r (the loud missing-role colour if colours
// lacked it).
func (p *Palette) Pen(r assets.Role) Pen {
	if pen, ok := p.pens[r]; ok {
		return pen
	}
	return penFor(assets.Colours{}.Role(r), p.Depth)
}

// Style returns role r's style on the terminal's own background.
func (p *Palette) Style(r assets.Role) Style {
	if s, ok := p.roles[r]; ok {
		return s
	}
	return p.Intern(p.Pen(r).Style())
}

func penFor(c assets.Colour, d Depth) Pen {
	pen := Pen{FG: tcell.ColorDefault, BG: tcell.ColorDefault}
	switch d {
	case DepthMono:
		pen.Attr = monoAttr(c.Mono)
		pen.Underline = c.Mono == assets.AttrUnderline
	case Depth8:
		pen.FG = basicColour(c.Fallback.Dark())
		pen.BG = basicColour(c.FallbackBG.Dark())
		if c.Fallback.Bright() {
			// Eight-colour terminals show bold text in the bright twin.
			pen.Attr = tcell.AttrBold
		}
	case Depth16:
		pen.FG = basicColour(c.Fallback)
		pen.BG = basicColour(c.FallbackBG)
	default:
		pen.FG = paletteColour(c.FG)
		pen.BG = paletteColour(c.BG)
	}
	return pen
}

func basicColour(b assets.Basic) tcell.Color {
	if b == assets.BasicDefault {
		return tcell.ColorDefault
	}
	return tcell.PaletteColor(int(b))
}

func paletteColour(i int) tcell.Color {
	if i == assets.NoColour {
		return tcell.ColorDefault
	}
	return tcell.PaletteColor(i)
}

func monoAttr(a assets.Attr) tcell.AttrMask {
	switch a {
	case assets.AttrBold:
		return tcell.AttrBold
	case assets.AttrReverse:
		return tcell.AttrReverse
	case assets.AttrDim:
		return tcell.AttrDim
	}
	return tcell.AttrNone
}
