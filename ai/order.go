package ai

import (
	"strconv"

	"lastpost/ecs/geom"
)

// Kind says what sort of thing an Order asks for.
type Kind uint8

// The kinds of order. Steer, Fire and Move carry a direction; Use carries an
// item.
const (
	Wait Kind = iota
	Accelerate
	Decelerate
	Steer
	Fire
	Move
	Use
)

// String names the kind in lower case.
func (k Kind) String() string {
	switch k {
	case Wait:
		return "wait"
	case Accelerate:
		return "accelerate"
	case Decelerate:
		return "decelerate"
	case Steer:
		return "steer"
	case Fire:
		return "fire"
	case Move:
		return "move"
	case Use:
		return "use"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Item is a consumable the van can use from its inventory while stopped,
// known by what it mends: the caller names each kit by the stat its data
// says it puts back, never by its id.
type Item uint8

// The usable items. NoItem is the zero value of an Order that uses nothing.
const (
	NoItem Item = iota
	SpareTyre
	EngineKit
)

// String gives the item's name in the shopper's offers and inventory.
func (it Item) String() string {
	switch it {
	case NoItem:
		return "none"
	case SpareTyre:
		return "spare_tyre"
	case EngineKit:
		return "engine_kit"
	}
	return "item(" + strconv.Itoa(int(it)) + ")"
}

// Order is one decision for one actor's turn. Dir is North or South for
// Steer, the direction to shoot for Fire (the game picks the gun mounted on
// that side) and the step for Move; Item is set only for Use. The zero Order
// is Wait.
type Order struct {
	Kind Kind
	Dir  geom.Dir
	Item Item
}

// SteerOrder asks a vehicle to change lane toward d (North or South).
func SteerOrder(d geom.Dir) Order { return Order{Kind: Steer, Dir: d} }

// FireOrder asks a vehicle to shoot toward d.
func FireOrder(d geom.Dir) Order { return Order{Kind: Fire, Dir: d} }

// MoveOrder asks a walker to step toward d.
func MoveOrder(d geom.Dir) Order { return Order{Kind: Move, Dir: d} }

// UseOrder asks the van to use an item from its inventory.
func UseOrder(it Item) Order { return Order{Kind: Use, Item: it} }

// String describes the order, for logs and test failures.
func (o Order) String() string {
	switch o.Kind {
	case Steer, Fire, Move:
		return o.Kind.String() + " " + o.Dir.String()
	case Use:
		return o.Kind.String() + " " + o.Item.String()
	}
	return o.Kind.String()
}
