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

// Every rule's constructor is marked go:noinline. Book calls them all, and
// when the compiler inlines a constructor there, the rule's check (a
// closure) is compiled again as a copy inside Book without inlining the
// calls in it: each flag read, spatial query and action constructor of the
// check then became a call. Kept out of line, the check is compiled once,
// with its small calls inlined (TestBookChecksAreTheConstructorsOwn).
