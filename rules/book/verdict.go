package book

import "lastpost/rules"

// Verdict is a rule's answer.
type Verdict = rules.Verdict

// The verdicts, re-exported so each rule file reads plainly.
const (
	Accept = rules.Accept
	Reject = rules.Reject
	Stop   = rules.Stop
)
