package ui

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/gdamore/tcell/v2"

	"lastpost/archive"
	"lastpost/assets"
	"lastpost/rules/act"
)

// provedView is a table whose rows are proved in the background: the high
// scores, each row's recording replayed, and the daily road's table, each
// day's proof. A row with something to replay is marked as being replayed
// until its proof comes in from a goroutine of its own (see
// Hooks.ProveScores): the screen answers keys meanwhile, and closing it
// stops the replays.
type provedView struct {
	*pagerView
	// marks holds each row's proof as known so far.
	marks []Proof
	// lines writes the table's lines, each row marked by its proof.
	lines func(a *App, marks []Proof) []string
	// closed tells the prover the table is gone.
	closed atomic.Bool
}

// prover replays a table's rows in order and reports each one's proof; it
// returns once stop says true.
type prover func(stop func() bool, report func(i int, p Proof))

// newProvedView opens a table titled title whose rows are marked marks and
// written by lines, and starts prove (if not nil) on the rows pending.
func newProvedView(a *App, title string, marks []Proof, lines func(*App, []Proof) []string, prove prover) *provedView {
	v := &provedView{pagerView: &pagerView{title: title}, marks: marks, lines: lines}
	v.layout(a)
	if prove != nil && slices.Contains(marks, ProofPending) {
		v.startProving(a, prove)
	}
	return v
}

// proofEvent carries one row's proof into the front end's goroutine.
type proofEvent struct {
	tcell.EventTime
	view  *provedView
	i     int
	proof Proof
}

func (ev *proofEvent) apply(a *App) { ev.view.prove(a, ev.i, ev.proof) }

// startProving runs prove in a goroutine, each proof posted back as an
// event: goroutine timing reaches only the marks.
func (v *provedView) startProving(a *App, prove prover) {
	screen := a.term.screen
	Go(screen, func() {
		prove(v.closed.Load, func(i int, p Proof) {
			ev := &proofEvent{view: v, i: i, proof: p}
			ev.SetEventNow()
			_ = post(screen, ev)
		})
	})
}

func (v *provedView) key(a *App, in input) {
	v.pagerView.key(a, in)
	if !slices.Contains(a.views, view(v)) {
		v.closed.Store(true)
	}
}

// prove marks row i with its proof, if the table is still open.
func (v *provedView) prove(a *App, i int, p Proof) {
	if v.closed.Load() || i < 0 || i >= len(v.marks) {
		return
	}
	v.marks[i] = p
	v.layout(a)
}

func (v *provedView) layout(a *App) { v.pagerView.lines = v.lines(a, v.marks) }

// newScores opens the high-score table and starts replaying its recordings.
func newScores(a *App) view {
	var scores []Score
	if a.hooks.HighScores != nil {
		scores = a.hooks.HighScores()
	}
	marks := make([]Proof, len(scores))
	for i, s := range scores {
		marks[i] = s.Proof
	}
	var prove prover
	if hook := a.hooks.ProveScores; hook != nil {
		rows := slices.Clone(scores)
		prove = func(stop func() bool, report func(int, Proof)) { hook(rows, stop, report) }
	}
	lines := func(a *App, marks []Proof) []string { return scoreLines(a, scores, marks) }
	v := newProvedView(a, a.text(assets.ScoresTitle), marks, lines, prove)
	inTableCycle(a, v.pagerView, tableScores)
	return v
}

// A table is one of the tables the title screen opens.
type table int

const (
	tableScores table = iota
	tableDaily
	tableForks
)

// open builds the table's page.
func (t table) open(a *App) view {
	switch t {
	case tableDaily:
		return newDailyTable(a)
	case tableForks:
		return newForksTable(a)
	}
	return newScores(a)
}

// inTableCycle makes p, the page of table t, one of the cycle of the
// tables the hooks offer (the high scores, the daily road's, the forks'),
// so Tab and Left turn from one to the next; a table alone is no cycle.
func inTableCycle(a *App, p *pagerView, t table) {
	tables := []table{tableScores}
	if a.hooks.DailyScores != nil {
		tables = append(tables, tableDaily)
	}
	if a.hooks.Forks != nil {
		tables = append(tables, tableForks)
	}
	at := slices.Index(tables, t)
	if len(tables) < 2 || at < 0 {
		return
	}
	p.next = tables[(at+1)%len(tables)].open
	if at > 0 {
		p.prev = tables[at-1].open
	}
}

// scoreLines writes the high-score table, each row marked by its proof.
func scoreLines(a *App, scores []Score, marks []Proof) []string {
	if len(scores) == 0 {
		return []string{a.text(assets.ScoresEmpty)}
	}
	lines := []string{a.text(assets.ScoresHeader)}
	for i, s := range scores {
		won := ""
		if s.Won {
			won = a.text(assets.ScoresWon)
		}
		// The won mark has a column of its own before the seed, so a won
		// run's row is as wide as the others and never wraps.
		lines = append(lines, fmt.Sprintf("%4d %10d %7d %7d %6d %6d %s %-5s %d", i+1, s.Deliveries, s.Letters, s.Earned,
			s.Kills, s.Turns, a.proofMark(marks[i]), won, s.Seed))
	}
	return a.withLegend(lines, marks)
}

// withLegend adds the legend of the proof marks under a table that shows
// any.
func (a *App) withLegend(lines []string, marks []Proof) []string {
	if slices.ContainsFunc(marks, func(p Proof) bool { return p != ProofNone }) {
		lines = append(lines, "", a.text(assets.ScoresLegend))
	}
	return lines
}

// newDailyTable opens the daily road's table, a day a row, and starts
// replaying each day's proof.
func newDailyTable(a *App) view {
	var proofs []archive.Proof
	var err error
	if a.hooks.DailyScores != nil {
		proofs, err = a.hooks.DailyScores()
	}
	marks := make([]Proof, len(proofs))
	var prove prover
	if hook := a.hooks.ProveDaily; hook != nil {
		for i := range marks {
			marks[i] = ProofPending
		}
		rows := slices.Clone(proofs)
		prove = func(stop func() bool, report func(int, Proof)) { hook(rows, stop, report) }
	}
	lines := func(a *App, marks []Proof) []string { return dailyLines(a, proofs, marks, err) }
	v := newProvedView(a, a.text(assets.TablesDailyTitle), marks, lines, prove)
	inTableCycle(a, v.pagerView, tableDaily)
	return v
}

// dailyLines writes the daily road's table, each day marked by the proof
// of its line, and what stopped the reading if anything did.
func dailyLines(a *App, proofs []archive.Proof, marks []Proof, err error) []string {
	if len(proofs) == 0 {
		return withUnreadable(a, a.textLines(assets.TablesDailyEmpty), err)
	}
	lines := []string{a.text(assets.TablesDailyHeader)}
	for i, p := range proofs {
		s := p.Summary
		lines = append(lines, fmt.Sprintf("%-10s %10d %7d %6d %s %s", p.Day, s.Deliveries, s.Earned, s.Turns,
			a.proofMark(marks[i]), a.tableCause(s.Cause)))
	}
	lines = a.withLegend(lines, marks)
	lines = append(lines, "")
	lines = append(lines, a.textLines(assets.TablesDailyNote, "file", archive.DailyScoresName)...)
	return withUnreadable(a, lines, err)
}

// newForksTable opens the forks' table: a row a fork, with the recording
// and the command it took the wheel at.
func newForksTable(a *App) view {
	var forks []archive.ForkEntry
	var err error
	if a.hooks.Forks != nil {
		forks, err = a.hooks.Forks()
	}
	p := &pagerView{title: a.text(assets.TablesForksTitle), lines: forkLines(a, forks, err)}
	inTableCycle(a, p, tableForks)
	return p
}

// forkLines writes the forks' table, and what stopped the reading if
// anything did.
func forkLines(a *App, forks []archive.ForkEntry, err error) []string {
	if len(forks) == 0 {
		return withUnreadable(a, a.textLines(assets.TablesForksEmpty), err)
	}
	lines := []string{a.text(assets.TablesForksHeader)}
	for _, f := range forks {
		s := f.Summary
		lines = append(lines, fmt.Sprintf("%-24s %7d %10d %7d %6d  %s", f.Source, f.At, s.Deliveries, s.Earned, s.Turns,
			a.tableCause(s.Cause)))
	}
	lines = append(lines, "")
	lines = append(lines, a.textLines(assets.TablesForksNote)...)
	return withUnreadable(a, lines, err)
}

// textLines is a text cut at its line breaks: a page shows each part on a
// line of its own, where it would wrap a long one indented.
func (a *App) textLines(id assets.TextID, args ...any) []string {
	return strings.Split(a.text(id, args...), "\n")
}

// withUnreadable adds the line that says why the rest of a table could not
// be read, if err says so.
func withUnreadable(a *App, lines []string, err error) []string {
	if err == nil {
		return lines
	}
	return append(lines, "", a.text(assets.TablesUnreadable, "error", err))
}

// tableCause words how a run ended in a table's column.
func (a *App) tableCause(cause string) string {
	switch cause {
	case act.CauseDestroyed:
		return a.text(assets.TablesCauseDestroyed)
	case act.CauseAbandoned:
		return a.text(assets.TablesCauseAbandoned)
	case act.CauseStranded:
		return a.text(assets.TablesCauseStranded)
	case act.CauseRetired:
		return a.text(assets.TablesCauseRetired)
	}
	return cause
}
