package ui

import (
	"lastpost/assets"
	"lastpost/game"
	"lastpost/recap"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// begin starts playing g, a new or continued run.
func (a *App) begin(g *game.Game) {
	a.game = g
	// Without a hook that writes every command's trace, the trace pager
	// rebuilds the one it shows (rewind).
	g.SetTracing(a.opts.TraceEveryTurn)
	a.rewind = rewind{}
	g.SetListener(a.anim.listener())
	// A run continued after its victory does not celebrate again.
	a.victoryShown = g.Run.Won
	a.prompt = ""
	if a.hooks.Started != nil {
		a.hooks.Started(g)
	}
	a.showPhase()
	a.showNotice()
}

// newRun starts a run with a fresh seed.
func (a *App) newRun() {
	seed := uint64(1)
	if a.hooks.NewSeed != nil {
		seed = a.hooks.NewSeed()
	}
	a.firstRun = a.noRunYet()
	a.begin(game.New(a.data, seed))
}

// noRunYet reports whether the data folder shows no run played before: no
// save and no high score. A player who never finished nor saved a run is
// told the basic keys again, which does no harm.
func (a *App) noRunYet() bool {
	if a.hooks.HasSave != nil && a.hooks.HasSave() {
		return false
	}
	return a.hooks.HighScores == nil || len(a.hooks.HighScores()) == 0
}

// hintTurns is how many turns of the first delivery the first-run hint
// stays, unless a prompt takes its place.
const hintTurns = 10

// hint is the first-run hint while it shows, else "".
func (a *App) hint() string {
	g := a.game
	if !a.firstRun || g.Phase() != act.PhaseRoad || g.Run.Delivery > 0 || g.Run.Turns >= hintTurns {
		return ""
	}
	keys := func(act assets.Action) string { return a.data.Keys.Describe(act, "/") }
	return a.text(assets.HintFirstRun, "help", keys(assets.ActionHelp), "fire", keys(assets.ActionFire),
		"pause", keys(assets.ActionPause))
}

// do plays one command, animating it, and moves to whatever screen the run
// needs next. It returns the game's result.
func (a *App) do(c game.Command) game.Result {
	a.prompt = ""
	before := a.game.Phase()
	if a.hooks.Playing != nil {
		a.hooks.Playing(a.game, c)
	}
	if !a.opts.TraceEveryTurn {
		a.rewind.before(a.game, c)
	}
	a.anim.begin()
	r, err := a.game.Do(c)
	a.anim.end()
	if a.hooks.Played != nil {
		a.hooks.Played(a.game, c, r)
	}
	if err != nil {
		a.fail(err)
		return r
	}
	if a.game.Phase() != before {
		a.arrivedAtPhase()
	}
	a.showNotice()
	return r
}

// arrivedAtPhase runs the hooks of a phase change and shows its screen.
func (a *App) arrivedAtPhase() {
	switch a.game.Phase() {
	case act.PhaseCamp:
		if a.hooks.Camp != nil {
			a.hooks.Camp(a.game)
		}
	case act.PhaseOver:
		if a.hooks.Ended != nil {
			a.hooks.Ended(a.game)
		}
	}
	a.showPhase()
}

// showPhase opens the screen of the run's phase.
func (a *App) showPhase() {
	switch a.game.Phase() {
	case act.PhaseRoad:
		a.replace(&playView{})
	case act.PhaseCamp:
		a.replace(newCamp(a))
		if a.game.Run.Won && !a.victoryShown {
			a.victoryShown = true
			a.push(&endView{victory: true})
		}
	default:
		v := &endView{}
		if a.hooks.Morgue != nil {
			v.morgue = a.hooks.Morgue()
		}
		a.replace(v)
	}
}

// giveUpNow gives the run up: it ends as if the van were lost, with its own
// cause, and the summary follows.
func (a *App) giveUpNow() {
	a.do(game.Command{Kind: game.CmdGiveUp})
}

// toTitle leaves the run and shows the title screen.
func (a *App) toTitle() {
	a.game = nil
	a.replace(newTitle(a))
}

// message writes a log message in words.
func (a *App) message(m vocab.Message) string { return recap.Message(a.data, m) }
