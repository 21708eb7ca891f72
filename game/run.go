package game

import (
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// VanState is the van's condition and guns, read from the world.
type VanState struct {
	HP     vocab.Stat  `json:"hp"`
	Engine vocab.Stat  `json:"engine"`
	Tyres  vocab.Stat  `json:"tyres"`
	Armour int         `json:"armour"`
	Guns   vocab.Slots `json:"guns"`
}

// Run is the campaign record: the seed and the tally of what the run has
// done. The van, its money, its inventory and the shop are entities.
type Run struct {
	Seed uint64 `json:"seed"`
	act.Tally
}
