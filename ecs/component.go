package ecs

import (
	"fmt"
	"reflect"
)

// ID numbers a component type. The game declares its components with dense
// ids starting at zero; the World indexes its stores by them.
type ID uint16

// MaxComponents is how many component types a World can hold.
const MaxComponents = 256

// Kind says how a component is kept.
type Kind uint8

// The kinds of component.
const (
	// KindData components hold one typed value per entity.
	KindData Kind = iota
	// KindFlag components only mark that an entity has them.
	KindFlag
	// KindProp components are properties of an action (such as "this is a
	// physics step"). Rules read them; Commit drops them; no store keeps them.
	KindProp
)

// Data is the handle of a data component holding a T per entity. It is a
// plain value (just the id), so the game can declare its handles as
// constants-like package values and pass them around freely.
type Data[T any] struct{ id ID }

// DataOf returns the handle of data component id.
func DataOf[T any](id ID) Data[T] { return Data[T]{id} }

// ID returns the component's id.
func (c Data[T]) ID() ID { return c.id }

// Flag is the handle of a flag component: presence only.
type Flag struct{ id ID }

// FlagOf returns the handle of flag component id.
func FlagOf(id ID) Flag { return Flag{id} }

// ID returns the component's id.
func (f Flag) ID() ID { return f.id }

// Prop is the handle of an action property of type T. A property belongs to
// an action, not to an entity, and is never committed.
type Prop[T any] struct{ id ID }

// PropOf returns the handle of property id.
func PropOf[T any](id ID) Prop[T] { return Prop[T]{id} }

// ID returns the property's id.
func (p Prop[T]) ID() ID { return p.id }

// HashFunc folds a component value into a running hash. It must depend only
// on the value's contents, and identically on every platform. A store sums
// what it returns over its entries (World.Hash), so it should end with a
// Mix, as the helpers here do, whose bits spread every input bit: a sum of
// weakly mixed terms lets two changes cancel out.
type HashFunc[T any] func(h uint64, v T) uint64

// Spec describes one component type to NewWorld.
type Spec struct {
	// ID is the component's dense id.
	ID ID
	// Name names the component in snapshots, traces and errors; it is
	// what a save file stores, so renaming it breaks old saves.
	Name string
	// Kind says how the component is kept.
	Kind     Kind
	newStore func() store
	// newDelta makes the component's part of an action, bound to the
	// world's store for it (nil for properties).
	newDelta func(s store) delta
}

// Integer is any integer type, the values HashInt hashes.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// DataSpec describes data component c, named name, hashed with hash (nil
// hashes the entities alone).
func DataSpec[T any](c Data[T], name string, hash HashFunc[T]) Spec {
	return Spec{
		ID: c.id, Name: name, Kind: KindData,
		newStore: func() store {
			s := &dataStore[T]{sparseSet[T]{hash: hash}}
			s.digestHead.dense = &s.dense
			return s
		},
		newDelta: func(s store) delta {
			return &dataDelta[T]{st: &s.(*dataStore[T]).sparseSet, refs: holdsRefs(reflect.TypeFor[T]())}
		},
	}
}

// IntSpec describes integer data component c, named name: DataSpec with
// HashInt.
func IntSpec[T Integer](c Data[T], name string) Spec { return DataSpec(c, name, HashInt[T]) }

// FlagSpec describes flag component f, named name.
func FlagSpec(f Flag, name string) Spec {
	return Spec{
		ID: f.id, Name: name, Kind: KindFlag,
		newStore: func() store {
			s := &flagStore{}
			s.digestHead.dense = &s.dense
			return s
		},
		newDelta: func(s store) delta { return &dataDelta[struct{}]{st: &s.(*flagStore).sparseSet} },
	}
}

// PropSpec describes action property p, named name.
func PropSpec[T any](p Prop[T], name string) Spec {
	return Spec{
		ID: p.id, Name: name, Kind: KindProp,
		newDelta: func(store) delta { return &propDelta[T]{} },
	}
}

// holdsRefs reports whether a value of type t can hold a reference the
// collector follows (a pointer, string, slice, map, channel, function or
// interface).
func holdsRefs(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return t.Len() > 0 && holdsRefs(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsRefs(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}

// Schema is a validated list of component specs, indexed by id.
type Schema struct {
	specs []Spec
}

// NewSchema checks that the specs' ids are unique and dense from zero, and
// that names are unique and non-empty.
func NewSchema(specs ...Spec) (*Schema, error) {
	if len(specs) > MaxComponents {
		return nil, fmt.Errorf("ecs: %d components, at most %d", len(specs), MaxComponents)
	}
	byID := make([]Spec, len(specs))
	seen := make([]bool, len(specs))
	names := make(map[string]bool, len(specs))
	for _, s := range specs {
		if int(s.ID) >= len(specs) {
			return nil, fmt.Errorf("ecs: component %q has id %d, ids must be dense from 0 to %d", s.Name, s.ID, len(specs)-1)
		}
		if seen[s.ID] {
			return nil, fmt.Errorf("ecs: two components share id %d (%q and %q)", s.ID, byID[s.ID].Name, s.Name)
		}
		if s.Name == "" || names[s.Name] {
			return nil, fmt.Errorf("ecs: component id %d has an empty or repeated name %q", s.ID, s.Name)
		}
		seen[s.ID], names[s.Name] = true, true
		byID[s.ID] = s
	}
	return &Schema{specs: byID}, nil
}

// MustSchema is NewSchema for declarations fixed at compile time; it panics
// on a programmer error in the list.
func MustSchema(specs ...Spec) *Schema {
	s, err := NewSchema(specs...)
	if err != nil {
		panic(err)
	}
	return s
}

// Len returns the number of component types.
func (s *Schema) Len() int { return len(s.specs) }

// Name returns the name of component id.
func (s *Schema) Name(id ID) string {
	if int(id) < len(s.specs) {
		return s.specs[id].Name
	}
	return fmt.Sprintf("component#%d", id)
}

// Kind returns the kind of component id.
func (s *Schema) Kind(id ID) Kind { return s.specs[id].Kind }

// Lookup returns the id of the component called name.
func (s *Schema) Lookup(name string) (ID, bool) {
	for _, sp := range s.specs {
		if sp.Name == name {
			return sp.ID, true
		}
	}
	return 0, false
}
