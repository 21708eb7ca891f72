package ui

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/gdamore/tcell/v2"

	"lastpost/assets"
)

// newTitle is the title screen: continue (when a save exists), a new run,
// the controls, the high scores and quit, with the notice line under them.
func newTitle(a *App) *menuView {
	// The notice given at the start is shown on the first title only.
	notice := strings.TrimSpace(a.opts.Notice + " " + a.takeNotice())
	a.opts.Notice = ""
	m := &menuView{build: titlePage, notice: notice}
	m.cancel = func(*App, *menuView) {}
	return m
}

// startOver runs start, a new run, once the player agrees to abandon the
// saved run if there is one: nothing is overwritten unasked.
func (a *App) startOver(start func(a *App)) {
	if a.hooks.HasSave == nil || !a.hooks.HasSave() {
		start(a)
		return
	}
	confirm(a, a.text(assets.NoticeAbandonSave), start)
}

// takeNotice returns what the Notice hook has to say, "" for nothing.
func (a *App) takeNotice() string {
	if a.hooks.Notice == nil {
		return ""
	}
	return a.hooks.Notice()
}

// showNotice puts what the Notice hook has to say in front of the player:
// in the notice line of the menu on top (a camp's), on the end screen, or
// under the map.
func (a *App) showNotice() {
	n := a.takeNotice()
	if n == "" {
		return
	}
	switch v := a.top().(type) {
	case *menuView:
		v.notice = n
	case *endView:
		v.notice = n
	default:
		a.prompt = n
	}
}

func titlePage(a *App) menuPage {
	var items []menuItem
	if a.hooks.HasSave != nil && a.hooks.Load != nil && a.hooks.HasSave() {
		items = append(items, menuItem{label: a.text(assets.TitleContinue), hotkey: 'c', pick: continueRun})
	}
	items = append(items,
		menuItem{label: a.text(assets.TitleNewGame), hotkey: 'n', pick: func(a *App, _ *menuView) { a.startOver((*App).newRun) }},
	)
	if a.hooks.Daily != nil {
		items = append(items, menuItem{label: a.text(assets.TitleDaily), hotkey: 'd', pick: dailyRun})
	}
	items = append(items,
		menuItem{label: a.text(assets.TitleControls), hotkey: 'o', pick: func(a *App, _ *menuView) { a.push(newControls(a)) }},
		menuItem{label: a.text(assets.TitleOptions), hotkey: 'p', pick: func(a *App, _ *menuView) { a.push(newOptions()) }},
		menuItem{label: a.text(assets.TitleHighScores), hotkey: 's', pick: func(a *App, _ *menuView) { a.push(newScores(a)) }},
		menuItem{label: a.text(assets.TitleQuit), hotkey: 'q', pick: func(a *App, _ *menuView) { a.quit = true }},
	)
	return menuPage{
		title:   a.text(assets.TitleName),
		prelude: []string{a.text(assets.TitleTagline)},
		items:   items,
	}
}

// dailyRun starts the day's road, once the player agrees to abandon a
// saved run; a day already driven is told on the title screen.
func dailyRun(a *App, m *menuView) {
	a.startOver(func(a *App) {
		g, err := a.hooks.Daily()
		if err != nil {
			m.notice = err.Error()
			return
		}
		a.begin(g)
	})
}

// continueRun loads the saved run; a save that cannot be read is reported
// on the title screen.
func continueRun(a *App, m *menuView) {
	g, err := a.hooks.Load()
	if err != nil {
		m.notice = err.Error()
		return
	}
	a.begin(g)
}

// scoresView lists the high-score table. Each entry with a recording is
// marked as being replayed until its proof comes in from a goroutine of its
// own (see Hooks.ProveScores): the screen answers keys meanwhile, and
// closing it stops the replays.
type scoresView struct {
	*pagerView
	scores []Score
	// closed tells the prover the table is gone.
	closed atomic.Bool
}

// proofEvent carries one entry's proof into the front end's goroutine.
type proofEvent struct {
	tcell.EventTime
	view  *scoresView
	i     int
	proof Proof
}

func (ev *proofEvent) apply(a *App) { ev.view.prove(a, ev.i, ev.proof) }

// newScores opens the high-score table and starts replaying its recordings.
func newScores(a *App) view {
	v := &scoresView{}
	if a.hooks.HighScores != nil {
		v.scores = a.hooks.HighScores()
	}
	v.pagerView = &pagerView{title: a.text(assets.ScoresTitle)}
	v.layout(a)
	if a.hooks.ProveScores != nil && slices.ContainsFunc(v.scores, func(s Score) bool { return s.Proof == ProofPending }) {
		v.startProving(a)
	}
	return v
}

// startProving replays the entries' recordings in a goroutine, each proof
// posted back as an event: goroutine timing reaches only the marks.
func (v *scoresView) startProving(a *App) {
	screen, prove := a.term.screen, a.hooks.ProveScores
	scores := slices.Clone(v.scores)
	Go(screen, func() {
		prove(scores, v.closed.Load, func(i int, p Proof) {
			ev := &proofEvent{view: v, i: i, proof: p}
			ev.SetEventNow()
			_ = post(screen, ev)
		})
	})
}

func (v *scoresView) key(a *App, in input) {
	v.pagerView.key(a, in)
	if !slices.Contains(a.views, view(v)) {
		v.closed.Store(true)
	}
}

// prove marks entry i with its proof, if the table is still open.
func (v *scoresView) prove(a *App, i int, p Proof) {
	if v.closed.Load() || i < 0 || i >= len(v.scores) {
		return
	}
	v.scores[i].Proof = p
	v.layout(a)
}

// layout writes the table's lines, each marked by its proof.
func (v *scoresView) layout(a *App) {
	p := v.pagerView
	if len(v.scores) == 0 {
		p.lines = []string{a.text(assets.ScoresEmpty)}
		return
	}
	p.lines = []string{a.text(assets.ScoresHeader)}
	marked := false
	for i, s := range v.scores {
		marked = marked || s.Proof != ProofNone
		won := ""
		if s.Won {
			won = a.text(assets.ScoresWon)
		}
		// The won mark has a column of its own before the seed, so a won
		// run's row is as wide as the others and never wraps.
		line := fmt.Sprintf("%4d %10d %7d %7d %6d %6d %s %-5s %d", i+1, s.Deliveries, s.Letters, s.Earned, s.Kills, s.Turns,
			a.proofMark(s.Proof), won, s.Seed)
		p.lines = append(p.lines, line)
	}
	if marked {
		p.lines = append(p.lines, "", a.text(assets.ScoresLegend))
	}
}

// proofMark is the one-column mark of a proof.
func (a *App) proofMark(p Proof) string {
	switch p {
	case ProofProven:
		return a.text(assets.ScoresProven)
	case ProofFailed:
		return a.text(assets.ScoresUnproven)
	case ProofPending:
		return a.text(assets.ScoresPending)
	case ProofTooLong:
		return a.text(assets.ScoresTooLong)
	}
	return " "
}
