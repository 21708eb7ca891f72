// Package recap words a run for people: the lines of its message log, what
// ended it, and the morgue file that sums a finished run up in plain text.
// The end screen and the morgue file share it, so both say the same.
package recap

import (
	"strings"

	"lastpost/assets"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// Message writes log message m as the log shows it.
func Message(d *assets.Data, m vocab.Message) string { return messageN(d, m.ID, m, 1) }

// messageN writes message m under text id, count times over.
func messageN(d *assets.Data, id assets.TextID, m vocab.Message, count int) string {
	return act.Line(d, id, m, count)
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

// Why words a chain of causes, first cause first, with the names of the
// parties ("your pistol round hit the barrel; its blast hit your van"), or
// "" for an empty chain.
func Why(d *assets.Data, why vocab.Chain) string {
	steps := make([]string, 0, why.N+1)
	for i, l := range why.Links() {
		if i == 1 && why.Cut {
			steps = append(steps, d.Texts.Format(assets.LogWhyCut))
		}
		steps = append(steps, whyStep(d, l, i == 0))
	}
	return strings.Join(steps, d.Texts.Format(assets.WhyJoin))
}

// whyStep words one link of a chain: a round, a blast, or a vehicle or an
// enemy striking.
func whyStep(d *assets.Data, l vocab.Link, first bool) string {
	victim := act.KindName(d, l.Hit)
	switch {
	case l.Gun != 0 && l.By == vocab.KindVan:
		return d.Texts.Format(assets.WhyShotYours, "gun", act.GunRefName(d, l.Gun), "victim", victim)
	case l.Gun != 0 && !l.By.Builtin():
		return d.Texts.Format(assets.WhyShotBy, "by", act.BareName(d, l.By), "gun", act.GunRefName(d, l.Gun), "victim", victim)
	case l.Gun != 0:
		return d.Texts.Format(assets.WhyShotStray, "victim", victim)
	case l.By == vocab.KindBarrel && first:
		return d.Texts.Format(assets.WhyBlastFirst, "victim", victim)
	case l.By == vocab.KindBarrel:
		return d.Texts.Format(assets.WhyBlast, "victim", victim)
	case l.By == vocab.KindVan:
		return d.Texts.Format(assets.WhyStruckYours, "victim", victim)
	}
	return d.Texts.Format(assets.WhyStruckBy, "by", act.BareName(d, l.By), "victim", victim)
}
