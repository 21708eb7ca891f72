package act

import "lastpost/rules/vocab"

// Say writes m to the log. It changes no entity: a refusal explains itself
// this way without using the turn.
func Say(m vocab.Message) Act { return Act{Kind: KindSay, Msg: m} }

func commitSay(l Ledger, t *Act) { l.Log(t.Msg, t.Why) }
