package game

import (
	"lastpost/assets"
	"lastpost/rules/vocab"
)

// Entry is one line of the message log. A message repeated in the same or
// the next turn is kept as one entry with a count, and so are the hits of
// one turn on one target (see tallied); Turn is the latest turn it was
// written in.
type Entry struct {
	Msg   vocab.Message `json:"msg"`
	Count int           `json:"count"`
	Turn  int           `json:"turn"`
}

// Log is the message log: the newest entry last, at most Limit kept.
type Log struct {
	Entries []Entry `json:"entries"`
	Limit   int     `json:"limit"`
}

// tallied are the messages whose number changes with every repeat (hit
// points left): the hits of one turn on one target fold into one entry that
// keeps the newest number, so six pellets make one line, not six.
var tallied = [...]assets.TextID{assets.MsgGunHits, assets.MsgShrapnelHits}

// Add appends a message, folding it into the last entry if it repeats it
// in the same or the next turn (a player held against a wall reads one
// line, not fifteen), or tallies the same turn's hits on the same target.
func (l *Log) Add(m vocab.Message, turn int) {
	if n := len(l.Entries); n > 0 {
		last := &l.Entries[n-1]
		same := last.Msg == m && (last.Turn == turn || last.Turn == turn-1)
		if same || last.Turn == turn && tallies(last.Msg, m) {
			last.Msg = m
			last.Count++
			last.Turn = turn
			return
		}
	}
	l.Entries = append(l.Entries, Entry{Msg: m, Count: 1, Turn: turn})
	if l.Limit > 0 && len(l.Entries) > l.Limit {
		drop := len(l.Entries) - l.Limit
		l.Entries = append(l.Entries[:0], l.Entries[drop:]...)
	}
}

// Last returns up to n of the newest entries, oldest first.
func (l *Log) Last(n int) []Entry {
	if n >= len(l.Entries) {
		return l.Entries
	}
	return l.Entries[len(l.Entries)-n:]
}

// tallies reports whether m counts as one more of the hits last tells.
func tallies(last, m vocab.Message) bool {
	for _, id := range tallied {
		if m.ID == id {
			return last.ID == m.ID && last.Who == m.Who && last.Victim == m.Victim
		}
	}
	return false
}
