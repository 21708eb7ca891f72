package rules

import (
	"fmt"
	"io"
	"strings"
)

// Trace records, for every action of a resolution, the rules consulted,
// their verdicts, the follow-ons they enqueued and whether the action was
// committed. It answers "why was my move rejected?".
type Trace struct {
	// Records holds one record per action, in the order they ran.
	Records []Record
}

// Record is the story of one action.
type Record struct {
	// Time is the instant of the resolution, in milliseconds.
	Time int
	// Action names the action type.
	Action string
	// Named is the action type in words, its entities named rather than
	// numbered, when the engine has a Name (see Options); else "".
	Named string
	// Checks lists the rules consulted, in order.
	Checks []Consulted
	// Committed says whether the action changed the state.
	Committed bool
}

// Consulted is one rule's answer to one action.
type Consulted struct {
	// Rule is the rule's name.
	Rule string
	// Verdict is its answer.
	Verdict Verdict
	// FollowOns names the action types it enqueued; they run only if the
	// action's fate matches the verdict.
	FollowOns []string
	// NamedFollowOns are the same in words, when the engine has a Name.
	NamedFollowOns []string
}

// Reset empties the trace, keeping its storage.
func (t *Trace) Reset() { t.Records = t.Records[:0] }

func (t *Trace) begin(now int, action string) *Record {
	t.Records = append(t.Records, Record{Time: now, Action: action})
	return &t.Records[len(t.Records)-1]
}

func addCheck[T any](r *Record, rule string, v Verdict, follow []followOn, q *timeQueue[T], describe, name func(T) string) {
	c := Consulted{Rule: rule, Verdict: v}
	for _, f := range follow {
		t := q.at(f.slot)
		c.FollowOns = append(c.FollowOns, describe(*t))
		if name != nil {
			c.NamedFollowOns = append(c.NamedFollowOns, name(*t))
		}
	}
	r.Checks = append(r.Checks, c)
}

// String writes the record on one line, for a person:
//
//	12ms Move(#7 east): bounds accept; collision reject+stop -> Stop(#7) | rejected
func (r Record) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%4dms %s:", r.Time, r.Action)
	for i, c := range r.Checks {
		if i > 0 {
			b.WriteByte(';')
		}
		fmt.Fprintf(&b, " %s %s", c.Rule, c.Verdict)
		if len(c.FollowOns) > 0 {
			fmt.Fprintf(&b, " -> %s", strings.Join(c.FollowOns, ", "))
		}
	}
	if r.Committed {
		b.WriteString(" | committed")
	} else {
		b.WriteString(" | rejected")
	}
	return b.String()
}

// WriteTo writes every record, one per line.
func (t *Trace) WriteTo(w io.Writer) (int64, error) {
	var n int64
	for _, r := range t.Records {
		k, err := fmt.Fprintln(w, r.String())
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
