package ui

import (
	"strings"

	"lastpost/assets"
)

// menuItem is one choice of a menu.
type menuItem struct {
	label string
	pick  func(a *App, m *menuView)
	// hotkey, when set, picks the item at once; it shows before the label
	// unless a menu key is bound to it.
	hotkey rune
}

// hotkeyOf returns the item's hotkey if it is in force: set, and not
// bound to a menu action (the player's bindings come first).
func (a *App) hotkeyOf(it menuItem) (assets.Key, bool) {
	if it.hotkey == 0 {
		return assets.Key{}, false
	}
	k := assets.Key{Rune: it.hotkey}
	_, bound := a.data.Keys.Action(assets.ContextMenu, k)
	return k, !bound
}

// itemText is an item as the menu shows it: its hotkey, if in force, and
// its label. Items of a menu that has hotkeys line up.
func (a *App) itemText(page menuPage, it menuItem) string {
	if k, ok := a.hotkeyOf(it); ok {
		return a.text(assets.MenuHotkey, "key", k, "label", it.label)
	}
	for _, other := range page.items {
		if _, ok := a.hotkeyOf(other); ok {
			n := len([]rune(a.text(assets.MenuHotkey, "key", assets.Key{Rune: other.hotkey}, "label", "")))
			return strings.Repeat(" ", n) + it.label
		}
	}
	return it.label
}

// menuPage is what a menu shows, rebuilt from the state whenever it is
// drawn or used, so it never goes stale after a purchase or a swap.
type menuPage struct {
	title   string
	prelude []string // paragraphs above the list
	items   []menuItem
	// detail explains the selected item, under the list.
	detail func(sel int) []string
}

// menuView is a full-screen list: a title, a few paragraphs, the choices
// (the selected one highlighted) and a notice line. With hud set the status
// line of the van sits at the bottom, as at camp.
type menuView struct {
	build  func(a *App) menuPage
	sel    int
	notice string
	hud    bool
	// cancel runs on the cancel key; nil closes the menu.
	cancel func(a *App, m *menuView)
	// under, when set, is drawn first, so the menu looks like a box on it.
	under view
}

// margin is the left margin of full-screen text.
const margin = 2

// textWidth is how wide paragraphs run on a screen w columns wide.
func textWidth(w int) int { return max(min(w-2*margin, 76), 1) }

func (m *menuView) draw(a *App, g *Grid) {
	page := m.build(a)
	m.sel = clampSel(m.sel, len(page.items))
	if m.under != nil {
		m.under.draw(a, g)
		m.drawBox(a, g, page)
		return
	}
	y := 1
	g.Text(margin, y, page.title, a.pal.Style(assets.RoleTitle))
	y += 2
	width := textWidth(g.W)
	for i, para := range page.prelude {
		if i > 0 {
			y++
		}
		for _, line := range wrap(para, width) {
			g.Text(margin, y, line, a.pal.Style(assets.RoleText))
			y++
		}
	}
	if len(page.prelude) > 0 {
		y++
	}
	bottom := g.H - 3
	if !m.hud {
		bottom = g.H - 2
	}
	y = m.drawItems(a, g, page, y, bottom)
	if page.detail != nil && len(page.items) > 0 {
		y++
		for _, line := range page.detail(m.sel) {
			for _, l := range wrap(line, width) {
				if y < bottom {
					g.Text(margin, y, l, a.pal.Style(assets.RoleTextDim))
				}
				y++
			}
		}
	}
	// A long notice (a damaged save's name and fate) wraps upward from the
	// notice row.
	notice := wrap(m.notice, width)
	for i, line := range notice {
		g.Text(margin, bottom-len(notice)+1+i, line, a.pal.Style(assets.RoleWarning))
	}
	if m.hud && a.game != nil {
		a.drawStatus(g, g.H-1, a.currentStatus())
	}
}

// drawItems lists the choices from row y, scrolled so the selected one
// shows above row bottom, and returns the row after the list.
func (m *menuView) drawItems(a *App, g *Grid, page menuPage, y, bottom int) int {
	rows := max(bottom-y-1, 1)
	first := max(0, min(m.sel-rows/2, len(page.items)-rows))
	for i := first; i < len(page.items) && y < bottom; i++ {
		st := a.pal.Style(assets.RoleText)
		if i == m.sel {
			st = a.pal.Style(assets.RoleSelected)
		}
		g.Text(margin, y, " "+a.itemText(page, page.items[i])+" ", st)
		y++
	}
	return y
}

// drawBox draws the menu as a framed box in the middle of the screen.
func (m *menuView) drawBox(a *App, g *Grid, page menuPage) {
	width := len([]rune(page.title))
	for _, it := range page.items {
		width = max(width, len([]rune(a.itemText(page, it)))+2)
	}
	var lines []string
	for _, para := range page.prelude {
		lines = append(lines, wrap(para, 50)...)
	}
	for _, l := range lines {
		width = max(width, len([]rune(l)))
	}
	// A notice (why a save failed, with the file's path) wraps inside the
	// box rather than being cut at the screen's edge.
	var notice []string
	if m.notice != "" {
		width = max(width, min(len([]rune(m.notice)), noticeWidth))
		notice = wrap(m.notice, min(width, g.W-4))
	}
	width = min(width+4, g.W)
	height := 4 + len(lines) + len(page.items)
	if len(lines) > 0 {
		height++
	}
	if len(notice) > 0 {
		height += 1 + len(notice)
	}
	x0, y0 := (g.W-width)/2, max((a.rowsOver(g, m.under)-height)/2, 0)
	text := a.pal.Style(assets.RoleText)
	g.Fill(x0, y0, width, height, Cell{R: ' ', S: text})
	frame(g, x0, y0, width, height, a.pal.Style(assets.RoleTextDim))
	g.Text(x0+2, y0+1, page.title, a.pal.Style(assets.RoleTitle))
	y := y0 + 3
	for _, l := range lines {
		g.Text(x0+2, y, l, text)
		y++
	}
	if len(lines) > 0 {
		y++
	}
	for i, it := range page.items {
		st := text
		if i == m.sel {
			st = a.pal.Style(assets.RoleSelected)
		}
		g.Text(x0+1, y, " "+a.itemText(page, it)+" ", st)
		y++
	}
	for i, l := range notice {
		g.Text(x0+2, y+1+i, l, a.pal.Style(assets.RoleWarning))
	}
}

// rowsOver is how many rows from the top a box over v may take: those
// above v's status line, so the van's state stays in sight under a box.
func (a *App) rowsOver(g *Grid, v view) int {
	switch v := v.(type) {
	case *playView, *lookView:
		return a.playLayout(g).statusY
	case *menuView:
		if v.hud {
			return g.H - 1
		}
		if v.under != nil {
			// A question over a box: both stay clear of the same line.
			return a.rowsOver(g, v.under)
		}
	}
	return g.H
}

// noticeWidth is the widest a boxed menu grows for its notice; a longer
// one wraps.
const noticeWidth = 60

// frame draws a box outline.
func frame(g *Grid, x, y, w, h int, st Style) {
	for i := x + 1; i < x+w-1; i++ {
		g.Set(i, y, Cell{R: '-', S: st})
		g.Set(i, y+h-1, Cell{R: '-', S: st})
	}
	for j := y + 1; j < y+h-1; j++ {
		g.Set(x, j, Cell{R: '|', S: st})
		g.Set(x+w-1, j, Cell{R: '|', S: st})
	}
	for _, c := range [][2]int{{x, y}, {x + w - 1, y}, {x, y + h - 1}, {x + w - 1, y + h - 1}} {
		g.Set(c[0], c[1], Cell{R: '+', S: st})
	}
}

func (m *menuView) key(a *App, in input) {
	page := m.build(a)
	n := len(page.items)
	m.sel = clampSel(m.sel, n)
	switch in.nav {
	case navHome, navPageUp:
		m.sel = 0
		return
	case navEnd, navPageDown:
		m.sel = max(n-1, 0)
		return
	}
	act, ok := a.data.Keys.Action(assets.ContextMenu, in.key)
	if !ok {
		m.hotkey(a, page, in)
		return
	}
	switch act {
	case assets.ActionMenuUp:
		if n > 0 {
			m.sel = (m.sel + n - 1) % n
		}
	case assets.ActionMenuDown:
		if n > 0 {
			m.sel = (m.sel + 1) % n
		}
	case assets.ActionConfirm:
		if n > 0 {
			m.notice = ""
			page.items[m.sel].pick(a, m)
		}
	case assets.ActionCancel:
		if m.cancel != nil {
			m.cancel(a, m)
		} else {
			a.pop()
		}
	}
}

// hotkey picks the item whose hotkey was pressed, if any.
func (m *menuView) hotkey(a *App, page menuPage, in input) {
	if in.nav != navNone {
		return
	}
	for i, it := range page.items {
		if k, ok := a.hotkeyOf(it); ok && k == in.key {
			m.sel = i
			m.notice = ""
			it.pick(a, m)
			return
		}
	}
}

func clampSel(sel, n int) int { return max(min(sel, n-1), 0) }

// confirm opens a yes/no question over the current view; yes runs the
// action, no closes the question.
func confirm(a *App, question string, yes func(a *App)) { confirmWarned(a, question, nil, yes) }

// confirmWarned asks question as confirm does, with the paragraphs of
// warning under it (wrapped, where the question is one line).
func confirmWarned(a *App, question string, warning []string, yes func(a *App)) {
	a.push(&menuView{under: questionGround(a.top()), build: func(a *App) menuPage {
		return menuPage{title: question, prelude: warning, items: []menuItem{
			{label: a.text(assets.MenuNo), hotkey: 'n', pick: func(a *App, _ *menuView) { a.pop() }},
			{label: a.text(assets.MenuYes), hotkey: 'y', pick: func(a *App, _ *menuView) { a.pop(); yes(a) }},
		}}
	}})
}

// questionGround is what a question raised from view v is drawn over. A
// question asked from a box (the pause menu) takes the box's place over
// what the box covers, rather than a second box of another width over the
// first with their edges mixed; the box comes back when the question
// closes.
func questionGround(v view) view {
	if m, ok := v.(*menuView); ok && m.under != nil {
		return m.under
	}
	return v
}
