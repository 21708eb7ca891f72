package ui

import (
	"slices"

	"lastpost/assets"
	"lastpost/assets/config"
)

// maxKeysPerAction bounds the keys of one action, as the config file does.
const maxKeysPerAction = 8

// controlSection is one context's part of the controls screen.
type controlSection struct {
	heading assets.TextID
	ctx     assets.Context
}

// controlSections are the contexts in the order the screen lists them.
var controlSections = []controlSection{
	{assets.HelpOnRoad, assets.ContextGameplay},
	{assets.HelpInMenus, assets.ContextMenu},
	{assets.HelpInReplay, assets.ContextReplay},
}

// controlRow is one line of the controls screen: a section heading, an
// action with its keys, a gap, or the line that restores the defaults.
type controlRow struct {
	heading assets.TextID
	ctx     assets.Context
	action  assets.Action
	restore bool
}

func (r controlRow) selectable() bool { return r.action != "" || r.restore }

// controlsView lists every action with its keys, context by context. The
// player picks an action and presses a key to add to it, takes an action's
// last key away, or puts every default back. A key that already does
// something else in the same context is refused. Each change takes effect
// at once and is saved to the config file.
type controlsView struct {
	sel     int  // index of the selected row
	top     int  // first row shown
	capture bool // the next key press is the key to add
	notice  string
}

// newControls opens the controls screen on its first action.
func newControls(a *App) *controlsView {
	c := &controlsView{}
	c.sel = c.step(a, -1, 1)
	return c
}

// rows lists the screen's lines.
func (c *controlsView) rows(a *App) []controlRow {
	var rows []controlRow
	for _, s := range controlSections {
		rows = append(rows, controlRow{heading: s.heading})
		for _, b := range a.data.Keys.Context(s.ctx) {
			rows = append(rows, controlRow{ctx: s.ctx, action: b.Action})
		}
		rows = append(rows, controlRow{})
	}
	return append(rows, controlRow{restore: true})
}

// step returns the next selectable row from row from in direction dir,
// wrapping around.
func (c *controlsView) step(a *App, from, dir int) int {
	rows := c.rows(a)
	n := len(rows)
	for i := 1; i <= n; i++ {
		at := ((from+dir*i)%n + n) % n
		if rows[at].selectable() {
			return at
		}
	}
	return 0
}

// listRows is how many rows of the list fit on a screen h rows high: the
// title and a gap above, the notice and the hint below.
func listRows(h int) int { return max(h-5, 1) }

func (c *controlsView) draw(a *App, g *Grid) {
	rows := c.rows(a)
	n := listRows(g.H)
	c.top = max(min(c.top, c.headOf(rows, c.sel)), c.sel-n+1, 0)
	g.Text(margin, 0, a.text(assets.ControlsTitle), a.pal.Style(assets.RoleTitle))
	for i := 0; i < n && c.top+i < len(rows); i++ {
		c.drawRow(a, g, 2+i, rows[c.top+i], c.top+i == c.sel)
	}
	if c.notice != "" {
		g.Text(margin, g.H-3, c.notice, a.pal.Style(assets.RoleWarning))
	}
	hint := a.text(assets.ControlsHint,
		"add", a.data.Keys.Describe(assets.ActionConfirm, "/"), "back", a.data.Keys.Describe(assets.ActionCancel, "/"))
	for i, line := range wrap(hint, textWidth(g.W)) {
		if y := g.H - 2 + i; y < g.H {
			g.Text(margin, y, line, a.pal.Style(assets.RoleTextDim))
		}
	}
}

// headOf is the row to show first when the list scrolls up to row sel:
// the heading over it, if it is its section's first action.
func (c *controlsView) headOf(rows []controlRow, sel int) int {
	if sel > 0 && rows[sel-1].heading != "" {
		return sel - 1
	}
	return sel
}

func (c *controlsView) drawRow(a *App, g *Grid, y int, r controlRow, selected bool) {
	st := a.pal.Style(assets.RoleText)
	if selected {
		st = a.pal.Style(assets.RoleSelected)
	}
	switch {
	case r.heading != "":
		g.Text(margin, y, a.text(r.heading), a.pal.Style(assets.RoleHUDLabel))
	case r.restore:
		g.Text(margin, y, " "+a.text(assets.ControlsRestore)+" ", st)
	case r.action != "":
		keys := a.data.Keys.Describe(r.action, ", ")
		if selected && c.capture {
			keys += ", ..."
		}
		g.Text(margin, y, "  "+pad(keys, 14)+" "+a.text(assets.HelpFor(r.action))+" ", st)
	}
}

func (c *controlsView) key(a *App, in input) {
	if c.capture {
		c.capture = false
		c.captured(a, in)
		return
	}
	rows := c.rows(a)
	c.notice = ""
	switch in.nav {
	case navHome, navPageUp:
		c.sel = c.step(a, -1, 1)
		return
	case navEnd, navPageDown:
		c.sel = c.step(a, len(rows), -1)
		return
	case navDelete:
		c.removeKey(a, rows[c.sel])
		return
	}
	act, ok := a.data.Keys.Action(assets.ContextMenu, in.key)
	switch {
	case !ok && in.key == assets.Key{Special: assets.SpecialBackspace}:
		c.removeKey(a, rows[c.sel])
	case !ok:
	case act == assets.ActionMenuUp:
		c.sel = c.step(a, c.sel, -1)
	case act == assets.ActionMenuDown:
		c.sel = c.step(a, c.sel, 1)
	case act == assets.ActionCancel:
		a.pop()
	case act == assets.ActionConfirm && rows[c.sel].restore:
		c.setKeys(a, a.base.Keys, a.text(assets.ControlsRestored))
	case act == assets.ActionConfirm:
		c.capture = true
		c.notice = a.text(assets.ControlsPress, "cancel", a.data.Keys.Describe(assets.ActionCancel, "/"))
	}
}

// captured handles the key pressed to be added to the selected action.
func (c *controlsView) captured(a *App, in input) {
	r := c.rows(a)[c.sel]
	k := in.key
	if act, ok := a.data.Keys.Action(assets.ContextMenu, k); ok && act == assets.ActionCancel {
		c.notice = a.text(assets.PromptCancelled)
		return
	}
	if in.nav != navNone || k.IsZero() {
		c.notice = a.text(assets.ControlsUnbindable)
		return
	}
	keys := keysOf(a.data.Keys, r.ctx, r.action)
	other, taken := a.data.Keys.Action(r.ctx, k)
	switch {
	case taken && other == r.action:
		c.notice = a.text(assets.ControlsSame, "key", k)
	case taken:
		c.notice = a.text(assets.ControlsTaken, "key", k, "other", a.text(assets.HelpFor(other)))
	case len(keys) >= maxKeysPerAction:
		c.notice = a.text(assets.ControlsFull, "count", maxKeysPerAction)
	default:
		keys = append(slices.Clone(keys), k)
		c.setKeys(a, config.SetKeys(a.data.Keys, r.ctx, r.action, keys), a.text(assets.ControlsAdded, "key", k))
	}
}

// removeKey takes the selected action's last key away, if it has another.
func (c *controlsView) removeKey(a *App, r controlRow) {
	if r.action == "" {
		return
	}
	keys := keysOf(a.data.Keys, r.ctx, r.action)
	if len(keys) < 2 {
		c.notice = a.text(assets.ControlsLastKey)
		return
	}
	last := keys[len(keys)-1]
	c.setKeys(a, config.SetKeys(a.data.Keys, r.ctx, r.action, keys[:len(keys)-1]), a.text(assets.ControlsRemoved, "key", last))
}

// setKeys puts bindings k in force at once and saves them; the notice
// says what changed, or that saving failed.
func (c *controlsView) setKeys(a *App, k assets.Keys, done string) {
	a.cfg.Keys = k
	a.data.Keys = k
	c.notice = done
	if err := config.SaveKeys(a.cfg.Path, k, a.base); err != nil {
		c.notice = a.text(assets.ControlsSaveFailed, "error", err)
	}
}

// keysOf returns the keys of action act in context ctx.
func keysOf(k assets.Keys, ctx assets.Context, act assets.Action) []assets.Key {
	for _, b := range k.Context(ctx) {
		if b.Action == act {
			return b.Keys
		}
	}
	return nil
}
