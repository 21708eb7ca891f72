package ui

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/recap"
	"lastpost/rules/act"
)

// endView shows how a run went: the death (or giving up) screen that leads
// back to the title, or the victory screen after the last delivery, which
// leads on to the camp.
type endView struct {
	victory bool
	// notice is what the data folder had to say as the run ended (a high
	// score or morgue file that could not be written), shown above the
	// way on.
	notice string
	// morgue is where the run's morgue file was written, "" if it was not.
	morgue string
}

func (v *endView) draw(a *App, g *Grid) {
	run := a.game.Run
	title, text := a.text(assets.EndDiedTitle), a.text(assets.EndDiedText)
	switch {
	case v.victory:
		goal := a.data.Campaign.DeliveriesToWin
		title, text = a.text(assets.EndVictoryTitle), a.text(assets.EndVictoryText, "goal", goal)
	case run.Cause == act.CauseAbandoned:
		title, text = a.text(assets.EndAbandonedTitle), a.text(assets.EndAbandonedText)
	case run.Cause == act.CauseRetired:
		title, text = a.text(assets.EndRetiredTitle), a.text(assets.EndRetiredText, "done", run.Delivery)
	}
	head := a.pal.Style(assets.RoleDanger)
	if v.victory || run.Cause == act.CauseRetired {
		head = a.pal.Style(assets.RoleGood)
	}
	y := 1
	g.Text(margin, y, title, head)
	y += 2
	if run.Cause == act.CauseDestroyed {
		text += "\n" + a.deathCause()
	}
	for _, line := range wrap(text, textWidth(g.W)) {
		g.Text(margin, y, line, a.pal.Style(assets.RoleText))
		y++
	}
	y++
	g.Text(margin, y, a.text(assets.EndSummaryTitle), a.pal.Style(assets.RoleTitle))
	y += 2
	rows := a.summary(v.victory)
	if name := morgueName(v.morgue, g.W-margin-summaryLabel); name != "" && !v.victory {
		rows = append(rows, [2]string{a.text(assets.EndMorgue), name})
	}
	bottom := g.H - 3
	var notice []string
	if v.notice != "" {
		notice = wrap(v.notice, textWidth(g.W))
		bottom -= len(notice)
	}
	// The last messages say what ended the run: when the summary, one row
	// a line, would leave them too few lines, it takes two columns.
	want := len(a.endMessages(lastMessagesMin))
	if !v.victory && bottom-(y+len(rows)) < want+2 {
		y = a.drawSummaryInColumns(g, y, rows)
	} else {
		y = a.drawSummary(g, y, summaryLabel, rows)
	}
	for i, line := range notice {
		g.Text(margin, bottom+1+i, line, a.pal.Style(assets.RoleWarning))
	}
	if !v.victory {
		a.drawLastMessages(g, y+1, bottom)
	}
	g.Text(margin, g.H-2, a.text(assets.EndContinue, "key", keyNames(a.endKeys())), a.pal.Style(assets.RoleTextDim))
}

// summaryLabel is the width of the summary's labels, values after them.
const summaryLabel = 22

// lastMessagesMin is how many of the last messages the end screen makes
// room for, by folding the summary into two columns, before it gives up
// summary lines to them.
const lastMessagesMin = 3

// drawSummary writes the summary one row a line from line y, the values
// after labels padded to label, and returns the line below it.
func (a *App) drawSummary(g *Grid, y, label int, rows [][2]string) int {
	for _, row := range rows {
		a.drawSummaryRow(g, margin, y, label, row)
		y++
	}
	return y
}

// drawSummaryRow writes one label and value at x, y, the value after a
// label padded to width.
func (a *App) drawSummaryRow(g *Grid, x, y, width int, row [2]string) {
	g.Text(x, y, pad(row[0], width), a.pal.Style(assets.RoleHUDLabel))
	g.Text(x+width, y, row[1], a.pal.Style(assets.RoleHUDValue))
}

// drawSummaryInColumns writes the summary in two columns, read down the
// first then the second, from line y; a row too wide for a column (the
// morgue file) follows them one a line, in its order, aligned with the
// first column. Each column pads its labels to its own longest. It
// returns the line below the summary.
func (a *App) drawSummaryInColumns(g *Grid, y int, rows [][2]string) int {
	col := textWidth(g.W) / 2
	var narrow, wide [][2]string
	for _, row := range rows {
		if len([]rune(row[0]))+2+len([]rune(row[1])) < col {
			narrow = append(narrow, row)
		} else {
			wide = append(wide, row)
		}
	}
	down := (len(narrow) + 1) / 2
	columns := [2][][2]string{narrow[:down], narrow[down:]}
	var labels [2]int
	for i, rows := range columns {
		for _, row := range rows {
			labels[i] = max(labels[i], len([]rune(row[0]))+2)
		}
		for j, row := range rows {
			a.drawSummaryRow(g, margin+i*col, y+j, labels[i], row)
		}
	}
	label := labels[0]
	for _, row := range wide {
		label = max(label, len([]rune(row[0]))+2)
	}
	return a.drawSummary(g, y+down, label, wide)
}

// morgueName is the morgue file's path as the end screen shows it: whole
// when it fits in width, else its name alone (it is in the data folder).
func morgueName(path string, width int) string {
	if len([]rune(path)) <= width {
		return path
	}
	return filepath.Base(path)
}

// drawLastMessages writes a heading and the newest log lines that fit in
// rows y..end-1, so the end of the run can be read without a replay.
func (a *App) drawLastMessages(g *Grid, y, end int) {
	n := end - y - 1
	if n <= 0 {
		return
	}
	g.Text(margin, y, a.text(assets.EndLastMessages), a.pal.Style(assets.RoleTitle))
	for i, e := range a.endMessages(n) {
		g.Text(margin, y+1+i, a.entryText(e), a.pal.Style(assets.RoleText))
	}
}

// endMessages returns the newest n lines of the log up to the van's
// death, when it died: a blast that killed it goes on hitting what stood
// near, and those lines would push the death itself off the screen.
func (a *App) endMessages(n int) []game.Entry {
	entries := a.game.Log().Entries
	if a.game.Run.Cause == act.CauseDestroyed {
		for i := len(entries) - 1; i >= 0; i-- {
			if entries[i].Msg.ID == assets.MsgDied {
				entries = entries[:i+1]
				break
			}
		}
	}
	return entries[max(0, len(entries)-n):]
}

// deathCause names what destroyed the van, where and when, as the morgue
// file does.
func (a *App) deathCause() string { return recap.DeathCause(a.data, a.game) }

// summary is the run summary: label and value per line.
func (a *App) summary(victory bool) [][2]string {
	run := a.game.Run
	rows := [][2]string{
		{a.text(assets.EndDeliveries), strconv.Itoa(run.Delivery)},
		{a.text(assets.EndLetters), strconv.Itoa(run.Letters)},
		{a.text(assets.EndLettersUndelivered), strconv.Itoa(recap.LettersInVan(a.game))},
		{a.text(assets.EndEarned), strconv.Itoa(run.Earned)},
		{a.text(assets.EndKilled), strconv.Itoa(run.Kills)},
		{a.text(assets.EndTurns), strconv.Itoa(run.Turns)},
	}
	if !victory {
		rows = append(rows, [2]string{a.text(assets.EndCause), a.causeText(run.Cause)})
	}
	return append(rows, [2]string{a.text(assets.EndSeed), strconv.FormatUint(run.Seed, 10)})
}

func (a *App) causeText(cause string) string { return recap.Cause(a.data, cause) }

// endKeys are the confirm keys that mean nothing on the road (all of them
// if each does): only they leave the end screens, so keys still hammered
// from the last turn do not skip the summary.
func (a *App) endKeys() []assets.Key {
	all := a.data.Keys.KeysFor(assets.ActionConfirm)
	var free []assets.Key
	for _, k := range all {
		if _, road := a.data.Keys.Action(assets.ContextGameplay, k); !road {
			free = append(free, k)
		}
	}
	if len(free) == 0 {
		return all
	}
	return free
}

func keyNames(keys []assets.Key) string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.String()
	}
	return strings.Join(names, "/")
}

func (v *endView) key(a *App, in input) {
	if !slices.Contains(a.endKeys(), in.key) {
		return
	}
	if v.victory {
		a.pop()
		return
	}
	a.toTitle()
}
