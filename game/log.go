package game

import (
	"slices"

	"lastpost/assets"
	"lastpost/ecs"
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
	// Why is the chain of causes that wrote the line (of its newest
	// repeat), empty for a line that is its own cause (a command's).
	Why vocab.Chain `json:"why,omitzero"`
}

// hash digests one entry: the text's id, its values, its count and turn.
func (e Entry) hash() uint64 {
	h := ecs.MixString(0, string(e.Msg.ID))
	h = ecs.MixString(h, e.Msg.Who)
	h = ecs.MixString(h, e.Msg.Victim)
	for _, v := range [...]int{e.Msg.N, e.Count, e.Turn, int(e.Msg.Of)} {
		h = ecs.MixInt(h, v)
	}
	return e.Why.Hash(h)
}

// logBase weighs the entries of the log's digest by their place: the
// digest is sum(entry hash * logBase^(places after it)), so it follows
// order, and adding, folding or dropping an entry updates it in a few
// operations instead of rehashing hundreds of entries every turn.
const logBase = 0x100000001b3

// Log is the message log: the newest entry last, at most Limit kept. The
// player reads it, and a save keeps it, so Game.Hash digests it too.
type Log struct {
	Entries []Entry `json:"entries"`
	Limit   int     `json:"limit"`

	sums   []uint64 // each entry's hash
	digest uint64
}

// Add appends a message that is its own cause; see AddWhy.
func (l *Log) Add(m vocab.Message, turn int) { l.AddWhy(m, vocab.Chain{}, turn) }

// AddWhy appends a message written for the chain of causes why, folding
// it into the last entry if it repeats it in the same or the next turn (a
// player held against a wall reads one line, not fifteen), or tallies the
// same turn's hits on the same target; lines of different causes stay apart,
// so each one's cause can be told.
func (l *Log) AddWhy(m vocab.Message, why vocab.Chain, turn int) {
	if n := len(l.Entries); n > 0 {
		last := &l.Entries[n-1]
		same := last.Msg == m && (last.Turn == turn || last.Turn == turn-1)
		if (same || last.Turn == turn && tallies(last.Msg, m)) && last.Why == why {
			last.Msg = m
			last.Why = why
			last.Count++
			last.Turn = turn
			s := last.hash()
			l.digest += s - l.sums[n-1]
			l.sums[n-1] = s
			return
		}
	}
	// A full log drops its oldest entries before the new one comes, so it
	// never holds more than Limit and never outgrows the room reserved.
	// The digest comes out the same as appending first: each dropped
	// entry's weight is one power of logBase lower before the new entry
	// multiplies them all by logBase.
	if n := len(l.Entries); l.Limit > 0 && n >= l.Limit {
		drop := n - l.Limit + 1
		for i := range drop {
			l.digest -= l.sums[i] * power(logBase, n-1-i)
		}
		l.Entries = append(l.Entries[:0], l.Entries[drop:]...)
		l.sums = append(l.sums[:0], l.sums[drop:]...)
	}
	// A log that outgrows its room takes room for Limit entries at once:
	// most runs write hundreds of lines, and doubling up to them made the
	// entries twice over.
	if len(l.Entries) == cap(l.Entries) && l.Limit > len(l.Entries) {
		l.Entries = slices.Grow(l.Entries, l.Limit-len(l.Entries))
		l.sums = slices.Grow(l.sums, l.Limit-len(l.sums))
	}
	e := Entry{Msg: m, Count: 1, Turn: turn, Why: why}
	l.Entries = append(l.Entries, e)
	l.sums = append(l.sums, e.hash())
	l.digest = l.digest*logBase + l.sums[len(l.sums)-1]
}

// rehash computes the digest from the entries, as a restored log needs.
func (l *Log) rehash() {
	l.sums, l.digest = make([]uint64, len(l.Entries)), 0
	for i, e := range l.Entries {
		l.sums[i] = e.hash()
		l.digest = l.digest*logBase + l.sums[i]
	}
}

// hash folds the log into h.
func (l *Log) hash(h uint64) uint64 {
	return ecs.Mix(ecs.MixInt(ecs.MixInt(h, l.Limit), len(l.Entries)), l.digest)
}

// power returns b^n in wrapping arithmetic.
func power(b uint64, n int) uint64 {
	p := uint64(1)
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			p *= b
		}
		b *= b
	}
	return p
}

// tallies reports whether m counts as one more of the hits last tells: the
// messages whose number changes with every repeat (hit points left), so
// the hits of one turn on one target fold into one entry that keeps the
// newest number, and six pellets make one line, not six. Two bikes are two
// targets: the entity, not the name, says which.
func tallies(last, m vocab.Message) bool {
	switch m.ID {
	case assets.MsgGunHits, assets.MsgShrapnelHits:
		return last.ID == m.ID && last.Who == m.Who && last.Victim == m.Victim && last.Of == m.Of
	}
	return false
}

// Last returns up to n of the newest entries, oldest first.
func (l *Log) Last(n int) []Entry {
	if n >= len(l.Entries) {
		return l.Entries
	}
	return l.Entries[len(l.Entries)-n:]
}
