package recap

import (
	"strconv"
	"strings"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// MorgueMessages is how many of the log's newest lines a morgue file keeps.
const MorgueMessages = 20

// SlotText returns the id of the garage's name for slot s.
func SlotText(s assets.Slot) assets.TextID {
	switch s {
	case assets.SlotFront:
		return assets.GarageFront
	case assets.SlotRear:
		return assets.GarageRear
	case assets.SlotLeft:
		return assets.GarageLeft
	}
	return assets.GarageRight
}

// LettersInVan is how many letters the van of g carries, not yet
// delivered: at a run's end, the ones that never arrived. Run.Letters
// counts the delivered ones.
func LettersInVan(g *game.Game) int { return vocab.Letters.Value(g.World(), g.Van()) }

// Morgue writes the morgue file of g's finished run: its seed, how it
// ended, what it achieved, the van as it was left, the last messages and
// recording, the name of the run's finished recording ("" if it was not
// recorded). It is plain text, one item a line.
func Morgue(d *assets.Data, g *game.Game, recording string) string {
	t := d.Texts
	run := g.Run
	var b strings.Builder
	line := func(s string) { b.WriteString(s + "\n") }
	row := func(label assets.TextID, value any) {
		line(t.Format(assets.MorgueRow, "label", t.Get(label), "value", value))
	}
	line(t.Format(assets.MorgueTitle, "seed", run.Seed))
	line("")
	row(assets.EndSeed, strconv.FormatUint(run.Seed, 10))
	row(assets.EndCause, Cause(d, run.Cause))
	if run.Cause == act.CauseDestroyed {
		line(DeathCause(d, g))
	}
	if run.Won {
		line(t.Get(assets.MorgueWon))
	}
	row(assets.EndDeliveries, run.Delivery)
	row(assets.EndLetters, run.Letters)
	row(assets.EndLettersUndelivered, LettersInVan(g))
	row(assets.EndEarned, run.Earned)
	row(assets.MorgueMoney, g.Money())
	row(assets.EndKilled, run.Kills)
	row(assets.EndTurns, run.Turns)
	van := g.VanState()
	stat := func(s vocab.Stat) string { return strconv.Itoa(s.Cur) + "/" + strconv.Itoa(s.Max) }
	row(assets.MorgueVan, t.Format(assets.MorgueVanStats, "hp", stat(van.HP), "engine", stat(van.Engine),
		"tyres", stat(van.Tyres), "armour", van.Armour))
	line(t.Get(assets.MorgueGuns))
	for _, s := range assets.Slots {
		name := t.Get(assets.GarageEmpty)
		if id := van.Guns.Gun(s.Dir()); id != "" {
			name = id
			if gun, ok := d.Guns.Get(id); ok {
				name = gun.Name
			}
		}
		line("  " + t.Format(assets.GarageSlotLine, "slot", t.Get(SlotText(s)), "gun", name))
	}
	if recording == "" {
		recording = t.Get(assets.MorgueUnrecorded)
	}
	row(assets.MorgueRecording, recording)
	line("")
	line(t.Get(assets.EndLastMessages))
	for _, e := range g.Log().Last(MorgueMessages) {
		line("  " + Entry(d, e))
	}
	return b.String()
}
