package vocab

import (
	"encoding/json"
	"fmt"

	"lastpost/ecs"
)

// Link is one step of a chain of causes: By struck Hit. Gun, when set,
// says By fired that gun; a link whose By is a barrel is its blast. Hit is
// KindNone while the step is under way (a bullet or a fragment in flight).
type Link struct {
	By  Kind   `json:"by"`
	Gun GunRef `json:"gun,omitempty"`
	Hit Kind   `json:"hit,omitempty"`
}

// GunRef names a gun in a chain by its place in the data's list of guns,
// counted from one so that zero is no gun. Numbers rather than ids keep a
// chain free of pointers: actions carry one, and copying it then costs the
// garbage collector nothing.
type GunRef uint8

// ChainLinks is how many links a chain keeps.
const ChainLinks = 4

// Chain is what led to a log line, first cause first: "the van's pistol
// round hit a barrel; its blast hit the van". It is a fixed array, so
// carrying it allocates nothing and chains compare with ==. A longer chain
// (a cascade of barrels) keeps its first link and its newest ones, and Cut
// says links were left out between them.
type Chain struct {
	N   uint8
	Cut bool
	L   [ChainLinks]Link
}

// Links returns the links, first cause first.
func (c *Chain) Links() []Link { return c.L[:c.N] }

// Empty reports whether the chain has no link.
func (c Chain) Empty() bool { return c.N == 0 }

// Then returns the chain with link l added last. A full chain drops its
// second link to make room, keeping the first cause and the newest steps.
func (c Chain) Then(l Link) Chain {
	if int(c.N) == len(c.L) {
		copy(c.L[1:], c.L[2:])
		c.N--
		c.Cut = true
	}
	c.L[c.N] = l
	c.N++
	return c
}

// Struck returns the chain with its last step landing on victim.
func (c Chain) Struck(victim Kind) Chain {
	if c.N > 0 {
		c.L[c.N-1].Hit = victim
	}
	return c
}

// Hash folds the chain into h.
func (c Chain) Hash(h uint64) uint64 {
	h = ecs.MixInt(h, int(c.N))
	if c.Cut {
		h = ecs.MixInt(h, 1)
	}
	for _, l := range c.Links() {
		h = ecs.MixInt(ecs.MixInt(ecs.MixInt(h, int(l.By)), int(l.Hit)), int(l.Gun))
	}
	return h
}

// chainJSON is how a chain is saved: its links as a list.
type chainJSON struct {
	Links []Link `json:"links"`
	Cut   bool   `json:"cut,omitempty"`
}

// MarshalJSON writes the links as a list, without the unused ones.
func (c Chain) MarshalJSON() ([]byte, error) {
	return json.Marshal(chainJSON{Links: c.Links(), Cut: c.Cut})
}

// UnmarshalJSON reads a chain written by MarshalJSON, refusing one of more
// links than a chain keeps.
func (c *Chain) UnmarshalJSON(b []byte) error {
	var s chainJSON
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if len(s.Links) > ChainLinks {
		return fmt.Errorf("a chain of %d links, more than %d", len(s.Links), ChainLinks)
	}
	*c = Chain{N: uint8(len(s.Links)), Cut: s.Cut}
	copy(c.L[:], s.Links)
	return nil
}

func hashChain(h uint64, c Chain) uint64 { return c.Hash(h) }
