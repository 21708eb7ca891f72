package game

import (
	"lastpost/assets"
	"lastpost/game/vocab"
)

// VanState is the van as it is carried from one delivery to the next.
type VanState struct {
	HP     vocab.Stat  `json:"hp"`
	Engine vocab.Stat  `json:"engine"`
	Tyres  vocab.Stat  `json:"tyres"`
	Armour int         `json:"armour"`
	Guns   vocab.Slots `json:"guns"`
}

// Run is the campaign: everything that outlives a single delivery.
type Run struct {
	Seed       uint64   `json:"seed"`
	Phase      Phase    `json:"phase"`
	Delivery   int      `json:"delivery"` // deliveries completed, which is the difficulty of the next
	Money      int      `json:"money"`
	Earned     int      `json:"earned"`
	Letters    int      `json:"letters"`
	Kills      int      `json:"kills"`
	Turns      int      `json:"turns"`
	Explosions int      `json:"explosions"`
	Purchases  int      `json:"purchases"`
	Won        bool     `json:"won"`   // the last settlement was reached
	Cause      string   `json:"cause"` // text id of what ended the run
	Van        VanState `json:"van"`
	Inventory  []string `json:"inventory"` // gun and consumable ids
	Stock      []string `json:"stock"`     // offer ids on sale at this camp
	LastPay    int      `json:"last_pay"`
}

func newRun(data *assets.Data, seed uint64) Run {
	v := data.Van
	r := Run{
		Seed:  seed,
		Money: data.Campaign.StartBank,
		Van: VanState{
			HP:     vocab.Stat{Cur: v.HP, Max: v.HP},
			Engine: vocab.Stat{Cur: v.Engine, Max: v.Engine},
			Tyres:  vocab.Stat{Cur: v.Tyres, Max: v.Tyres},
			Armour: v.Armour,
		},
		Inventory: []string{},
	}
	for _, m := range v.StartGuns {
		r.Van.Guns[vocab.Slot(m.Slot.Dir())] = m.Gun
	}
	return r
}
