package ui

import (
	"slices"
	"strings"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/recap"
	"lastpost/rules"
)

// pagerView shows a long text a screen at a time: the message log, the
// rule trace, the controls, the high scores. Long lines wrap, indented. Up
// and down scroll, the paging keys jump, and confirm or cancel closes it.
type pagerView struct {
	title string
	lines []string
	// marks, where set, holds a map cell to draw in the gap at the start of
	// the line of the same index (the legend's glyphs, in their colours).
	marks []Cell
	// next, when set, makes the page one of a cycle: Tab, Right or paging
	// down past the end turns to the page it builds.
	next func(a *App) view
	// prev, when set, makes the page one after the first of its cycle:
	// Left turns back to the page it builds.
	prev func(a *App) view
	top  int
	// atEnd starts the page scrolled to the bottom (the newest messages).
	atEnd bool
	// shown is the number of wrapped lines at the last draw.
	shown int
	// why, when set, makes the page one of picked lines: up and down move
	// a highlight from line to line, and the why key opens the page why
	// builds for the picked line (the message log's causes).
	why func(a *App, line int) *pagerView
	// picked is the line the highlight is on, when why is set.
	picked int
}

func (p *pagerView) rows(g *Grid) int { return max(g.H-4, 1) }

// wrapped breaks the lines to fit width, continuation lines indented. from
// holds, for each wrapped line, the index of the line it starts, or -1 for
// a continuation.
func (p *pagerView) wrapped(width int) (out []string, from []int) {
	const indent = "    "
	for i, line := range p.lines {
		from = append(from, i)
		if len([]rune(line)) <= width {
			out = append(out, line)
			continue
		}
		body := strings.TrimLeft(line, " ")
		lead := strings.Repeat(" ", len(line)-len(body))
		parts := wrap(body, max(width-len(lead), 1))
		out = append(out, lead+parts[0])
		if len(parts) == 1 {
			continue
		}
		for _, rest := range wrap(strings.Join(parts[1:], " "), max(width-len(lead)-len(indent), 1)) {
			out = append(out, lead+indent+rest)
			from = append(from, -1)
		}
	}
	return out, from
}

func (p *pagerView) draw(a *App, g *Grid) {
	rows := p.rows(g)
	lines, from := p.wrapped(max(g.W-2*margin-1, 1))
	p.shown = len(lines)
	if p.atEnd {
		p.top = len(lines) - rows
		p.atEnd = false
	}
	p.top = max(min(p.top, len(lines)-rows), 0)
	g.Text(margin, 0, p.title, a.pal.Style(assets.RoleTitle))
	text := a.pal.Style(assets.RoleText)
	for i := 0; i < rows && p.top+i < len(lines); i++ {
		st := text
		if p.why != nil && sourceLine(from, p.top+i) == p.picked {
			st = a.pal.Style(assets.RoleSelected)
		}
		g.Text(margin, 2+i, lines[p.top+i], st)
		if src := from[p.top+i]; src >= 0 && src < len(p.marks) && p.marks[src].R != 0 {
			g.Set(margin+markColumn, 2+i, p.marks[src])
		}
	}
	if len(lines) > rows {
		p.drawScrollBar(a, g, rows)
	}
	scroll := a.data.Keys.Describe(assets.ActionMenuUp, "/") + " " + a.data.Keys.Describe(assets.ActionMenuDown, "/")
	closing := a.data.Keys.Describe(assets.ActionCancel, "/")
	hint := a.text(assets.PagerHint, "scroll", scroll, "close", closing)
	if p.why != nil {
		hint = a.text(assets.LogHint, "scroll", scroll, "why", a.data.Keys.Describe(assets.ActionWhy, "/"), "close", closing)
	}
	switch {
	case p.prev != nil:
		hint += " " + a.text(assets.PagerPrev, "next", "Tab", "prev", "Left")
	case p.next != nil:
		hint += " " + a.text(assets.PagerNext, "next", "Tab")
	}
	g.Text(margin, g.H-1, hint, a.pal.Style(assets.RoleTextDim))
}

// page makes a builder of a plain page one of a cycle's turns.
func page(build func(a *App) *pagerView) func(a *App) view {
	return func(a *App) view { return build(a) }
}

// sourceLine is the line that wrapped line i of a page belongs to.
func sourceLine(from []int, i int) int {
	for ; i > 0 && from[i] < 0; i-- {
	}
	return from[i]
}

// markColumn is where a line's mark goes: in the blank its text leaves for
// it (see legendLine).
const markColumn = 2

// drawScrollBar marks, in the last column, which part of the text shows.
func (p *pagerView) drawScrollBar(a *App, g *Grid, rows int) {
	n := p.shown
	size := max(rows*rows/n, 1)
	// The thumb moves over rows-size cells as top goes from 0 to its
	// largest, n-rows, so it sits at the very bottom at the end.
	start := 2 + p.top*(rows-size)/max(n-rows, 1)
	st := a.pal.Style(assets.RoleTextDim)
	for i := range rows {
		r := '|'
		if 2+i >= start && 2+i < start+size {
			r = '#'
		}
		g.Set(g.W-1, 2+i, Cell{R: r, S: st})
	}
}

func (p *pagerView) key(a *App, in input) {
	rows := p.rows(&a.grid)
	if p.next != nil && p.turnsPage(in, rows) {
		a.pop()
		a.push(p.next(a))
		return
	}
	if p.prev != nil && in.nav == navNone && in.key == (assets.Key{Special: assets.SpecialLeft}) {
		a.pop()
		a.push(p.prev(a))
		return
	}
	if p.why != nil {
		p.pickKey(a, in, rows)
		return
	}
	var act assets.Action
	p.top, act = moved(a, in, p.top, rows, p.shown)
	if act == assets.ActionConfirm || act == assets.ActionCancel {
		a.pop()
	}
	p.top = max(min(p.top, p.shown-rows), 0)
}

// moved applies a paging key or the menu's up and down to position pos (a
// top line or a picked one): a page of rows, one line, the start, or end.
// It returns the new position and the menu action of the key, if any.
func moved(a *App, in input, pos, rows, end int) (int, assets.Action) {
	switch in.nav {
	case navPageUp:
		return pos - rows, ""
	case navPageDown:
		return pos + rows, ""
	case navHome:
		return 0, ""
	case navEnd:
		return end, ""
	}
	act, _ := a.data.Keys.Action(assets.ContextMenu, in.key)
	switch act {
	case assets.ActionMenuUp:
		pos--
	case assets.ActionMenuDown:
		pos++
	}
	return pos, act
}

// pickKey moves the highlight of a page of picked lines, keeping it in
// view, or opens the picked line's page.
func (p *pagerView) pickKey(a *App, in input, rows int) {
	var act assets.Action
	p.picked, act = moved(a, in, p.picked, rows, len(p.lines))
	switch act {
	case assets.ActionWhy:
		a.push(p.why(a, p.picked))
		return
	case assets.ActionConfirm, assets.ActionCancel:
		a.pop()
		return
	}
	p.picked = max(min(p.picked, len(p.lines)-1), 0)
	_, from := p.wrapped(max(a.grid.W-2*margin-1, 1))
	first := slices.Index(from, p.picked)
	last := first
	for last+1 < len(from) && from[last+1] < 0 {
		last++
	}
	p.top = max(min(p.top, first), last-rows+1, 0)
}

// turnsPage reports whether in turns to the next page: Tab, Right, or
// paging down with the end of the text in view.
func (p *pagerView) turnsPage(in input, rows int) bool {
	switch {
	case in.nav == navPageDown:
		return p.top+rows >= p.shown
	case in.nav != navNone:
		return false
	}
	return in.key == assets.Key{Special: assets.SpecialTab} || in.key == assets.Key{Special: assets.SpecialRight}
}

// newLogPager pages through the whole message log, newest at the bottom
// and picked: the why key tells what caused the picked line.
func newLogPager(a *App) *pagerView {
	p := &pagerView{title: a.text(assets.LogTitle), atEnd: true}
	entries := a.game.Log().Entries
	for _, e := range entries {
		p.lines = append(p.lines, a.entryText(e))
	}
	if len(p.lines) == 0 {
		p.lines = []string{a.text(assets.LogEmpty)}
		return p
	}
	p.picked = len(p.lines) - 1
	p.why = func(a *App, i int) *pagerView { return newWhyPage(a, entries[i]) }
	return p
}

// newWhyPage tells what caused log entry e: its chain of causes in words,
// with the names of the parties.
func newWhyPage(a *App, e game.Entry) *pagerView {
	p := &pagerView{title: a.text(assets.LogWhyTitle, "line", a.entryText(e))}
	why := recap.Why(a.data, e.Why)
	if why == "" {
		why = a.text(assets.LogWhyNone)
	} else {
		why = strings.ToUpper(why[:1]) + why[1:] + "."
	}
	p.lines = []string{a.entryText(e), "", why, "",
		a.text(assets.LogWhyBack, "close", a.data.Keys.Describe(assets.ActionCancel, "/"))}
	return p
}

// newTracePager pages through the last turn's rule trace: first only the
// rules that decided something, in player words; Tab turns to the full
// trace and back.
func newTracePager(a *App) *pagerView {
	p, t := tracePage(a, newFullTracePager, assets.TraceDecidedIntro)
	if t == nil {
		return p
	}
	decided := false
	for _, r := range t.Records {
		for _, c := range r.Checks {
			if line, ok := a.decision(r, c); ok {
				p.lines = append(p.lines, line)
				decided = true
			}
		}
	}
	if !decided {
		p.lines = append(p.lines, a.text(assets.TraceNoneDecided))
	}
	return p
}

// newFullTracePager pages through every record of the last turn's rule
// trace, every rule consulted, as rules.Record writes it.
func newFullTracePager(a *App) *pagerView {
	p, t := tracePage(a, newTracePager, assets.TraceFullIntro)
	p.prev = page(newTracePager)
	if t == nil {
		return p
	}
	for _, r := range t.Records {
		p.lines = append(p.lines, r.String())
	}
	return p
}

// tracePage starts a page of the last turn's trace, which Tab turns to
// next: the intro, or the line that nothing has happened yet and a nil
// trace.
func tracePage(a *App, next func(a *App) *pagerView, intro assets.TextID) (*pagerView, *rules.Trace) {
	p := &pagerView{title: a.text(assets.TraceTitle), next: page(next)}
	t := a.rewind.trace(a.game)
	if t == nil || len(t.Records) == 0 {
		p.lines = []string{a.text(assets.TraceEmpty)}
		return p, nil
	}
	p.lines = []string{a.text(intro, "key", "Tab"), ""}
	return p, t
}

// verdictTexts word the verdicts.
var verdictTexts = map[rules.Verdict]assets.TextID{
	rules.Accept: assets.TraceAccept, rules.Reject: assets.TraceReject,
	rules.Accept | rules.Stop: assets.TraceAcceptStop, rules.Reject | rules.Stop: assets.TraceRejectStop,
}

// decision words one rule's answer to an action, if it decided something:
// refused the action, stopped the checking or queued follow-on actions.
// The rule is told in player words where the texts have them, and the
// actions with their entities named, not numbered.
func (a *App) decision(r rules.Record, c rules.Consulted) (string, bool) {
	if !c.Verdict.Rejected() && !c.Verdict.Stops() && len(c.FollowOns) == 0 {
		return "", false
	}
	rule := c.Rule
	if id := assets.TraceRule(c.Rule); a.data.Texts.Has(id) {
		rule = a.text(id)
	}
	action, follow := r.Action, c.FollowOns
	if r.Named != "" {
		action, follow = r.Named, c.NamedFollowOns
	}
	args := []any{"time", r.Time, "action", action, "rule", rule, "verdict", a.text(verdictTexts[c.Verdict])}
	if len(follow) > 0 {
		return a.text(assets.TraceLineThen, append(args, "follow", strings.Join(follow, ", "))...), true
	}
	return a.text(assets.TraceLine, args...), true
}

// newHelp lists the key bindings in force: road actions first, then menus,
// then the replay viewer's.
func newHelp(a *App) *pagerView {
	p := &pagerView{title: a.text(assets.HelpTitle), next: page(newLegend)}
	section := func(id assets.TextID, c assets.Context) {
		p.lines = append(p.lines, a.text(id))
		for _, b := range a.data.Keys.Context(c) {
			keys := a.data.Keys.Describe(b.Action, ", ")
			p.lines = append(p.lines, "  "+pad(keys, 14)+" "+a.text(assets.HelpFor(b.Action)))
		}
	}
	section(assets.HelpOnRoad, assets.ContextGameplay)
	p.lines = append(p.lines, "")
	section(assets.HelpInMenus, assets.ContextMenu)
	p.lines = append(p.lines, "")
	section(assets.HelpInReplay, assets.ContextReplay)
	return p
}

// pad fills s with spaces to n runes.
func pad(s string, n int) string {
	if k := n - len([]rune(s)); k > 0 {
		return s + strings.Repeat(" ", k)
	}
	return s
}
