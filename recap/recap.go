// Package recap words a run for people: the lines of its message log, what
// ended it, and the morgue file that sums a finished run up in plain text.
// The end screen and the morgue file share it, so both say the same.
package recap

import (
	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Message writes log message m as the log shows it.
func Message(d *assets.Data, m vocab.Message) string { return messageN(d, m.ID, m, 1) }

// messageN writes message m under text id, count times over: a hit's line
// names its gun and the target's full health, which the data holds.
func messageN(d *assets.Data, id assets.TextID, m vocab.Message, count int) string {
	return d.Texts.Format(id, "enemy", m.Who, "victim", m.Victim, "n", m.N, "speed", m.N,
		"gun", m.Who, "max", maxHP(d, m.Victim), "count", count)
}

// maxHP is the full health of the enemy named name, for "3 of 5 left".
func maxHP(d *assets.Data, name string) int {
	for _, e := range d.Enemies.List {
		if e.Name == name {
			return e.HP
		}
	}
	return 0
}

// tallyText returns the line that tells the folded repeats of a hit line
// with their count, if id is one whose repeats the log folds.
func tallyText(id assets.TextID) (assets.TextID, bool) {
	switch id {
	case assets.MsgGunHits:
		return assets.MsgGunHitsMany, true
	case assets.MsgShrapnelHits:
		return assets.MsgShrapnelHitsMany, true
	}
	return "", false
}

// Entry writes a log entry as the log shows it, with its repeat count.
func Entry(d *assets.Data, e game.Entry) string {
	if many, ok := tallyText(e.Msg.ID); ok && e.Count > 1 {
		return messageN(d, many, e.Msg, e.Count)
	}
	s := Message(d, e.Msg)
	if e.Count > 1 {
		s = d.Texts.Format(assets.LogRepeat, "text", s, "count", e.Count)
	}
	return s
}

// causeText returns the words for what struck the van last, by the id of
// the log line that told the hit.
func causeText(id assets.TextID) (assets.TextID, bool) {
	switch id {
	case assets.MsgShotBy:
		return assets.EndByShotBy, true
	case assets.MsgClawedBy:
		return assets.EndByClawedBy, true
	case assets.MsgRammedBy:
		return assets.EndByRammedBy, true
	case assets.MsgShrapnel:
		return assets.EndByShrapnel, true
	case assets.MsgShot:
		return assets.EndByShot, true
	}
	return "", false
}

// DeathCause names what destroyed the van of g, where and when: the last
// hit the log tells before the death.
func DeathCause(d *assets.Data, g *game.Game) string {
	cause := d.Texts.Get(assets.EndByUnknown)
	entries := g.Log().Entries
	for i := len(entries) - 1; i >= 0; i-- {
		if id, ok := causeText(entries[i].Msg.ID); ok {
			cause = d.Texts.Format(id, "enemy", entries[i].Msg.Who)
			break
		}
	}
	run := g.Run
	return d.Texts.Format(assets.EndDestroyedBy, "cause", cause, "delivery", run.Delivery+1, "turn", run.Turns)
}

// Cause words how a run ended, by its cause (act.CauseDestroyed and the
// others).
func Cause(d *assets.Data, cause string) string {
	switch cause {
	case act.CauseAbandoned:
		return d.Texts.Get(assets.EndCauseAbandoned)
	case act.CauseStranded:
		return d.Texts.Get(assets.EndCauseStranded)
	case act.CauseRetired:
		return d.Texts.Get(assets.EndCauseRetired)
	}
	return d.Texts.Get(assets.EndCauseDestroyed)
}
