package game

import "lastpost/rules/vocab"

// Entry is one line of the message log. A message repeated at once is kept
// as one entry with a count.
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

// Add appends a message, folding it into the last entry if it repeats it.
func (l *Log) Add(m vocab.Message, turn int) {
	if n := len(l.Entries); n > 0 && l.Entries[n-1].Msg == m && l.Entries[n-1].Turn == turn {
		l.Entries[n-1].Count++
		return
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
