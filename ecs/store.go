package ecs

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
)

// store is the type-erased face of one component's storage, for the
// operations that do not need the value type: removal, hashing, snapshots.
type store interface {
	has(e Entity) bool
	sparse() *sparseIndex
	removal() (*[]Entity, *digestHead, func(i, last int))
	remove(e Entity) bool
	size() int
	empty()
	entities() []Entity
	// head returns the store's kept digest, which World.Hash reads
	// directly; resum brings it up to date.
	head() *digestHead
	resum()
	encode() (json.RawMessage, error)
	decode(ents []Entity, raw json.RawMessage) error
	// adopt takes over the contents of a store of the same type, keeping
	// this one's address (actions' deltas point at it) and its place in
	// its world's page holders and kind masks (the caller copies the
	// holders and rebuilds the masks).
	adopt(o store)
}

type dataStore[T any] struct {
	sparseSet[T]
}

func (s *dataStore[T]) head() *digestHead { return &s.digestHead }

func (s *dataStore[T]) adopt(o store) {
	x := s.index
	*s = *o.(*dataStore[T])
	s.index.held, s.index.id, s.index.kinds, s.index.kind = x.held, x.id, x.kinds, x.kind
	s.digestHead.dense = &s.dense
}

func (s *dataStore[T]) encode() (json.RawMessage, error) { return json.Marshal(s.vals) }

func (s *dataStore[T]) decode(ents []Entity, raw json.RawMessage) error {
	var vals []T
	if err := json.Unmarshal(raw, &vals); err != nil {
		return err
	}
	if len(vals) != len(ents) {
		return fmt.Errorf("%d entities but %d values", len(ents), len(vals))
	}
	for i, e := range ents {
		s.set(e, vals[i])
	}
	return nil
}

type flagStore struct {
	sparseSet[struct{}]
}

func (s *flagStore) head() *digestHead { return &s.digestHead }

func (s *flagStore) adopt(o store) {
	x := s.index
	*s = *o.(*flagStore)
	s.index.held, s.index.id, s.index.kinds, s.index.kind = x.held, x.id, x.kinds, x.kind
	s.digestHead.dense = &s.dense
}

func (s *flagStore) encode() (json.RawMessage, error) { return nil, nil }

func (s *flagStore) decode(ents []Entity, raw json.RawMessage) error {
	if len(raw) != 0 && string(raw) != "null" {
		return fmt.Errorf("a flag component holds no values")
	}
	for _, e := range ents {
		s.set(e, struct{}{})
	}
	return nil
}

// Mix folds v into the running hash h. It is the one mixing step every hash
// in the engine uses, so hashes agree on every platform.
func Mix(h, v uint64) uint64 {
	h ^= v + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2)
	h *= 0xbf58476d1ce4e5b9
	return h ^ (h >> 31)
}

// MixInt folds a signed integer into h.
func MixInt(h uint64, v int) uint64 { return Mix(h, uint64(int64(v))) }

// MixPair folds two integers into h with one Mix, each as its low 32 bits:
// for values that stay well inside that range on every platform (a cell's
// coordinates, a stat's current and most), where a Mix each would double
// the cost of the positions' terms a replay takes every turn. Values that
// differ only above bit 31 digest alike.
func MixPair(h uint64, a, b int) uint64 {
	return Mix(h, uint64(uint32(int32(a)))<<32|uint64(uint32(int32(b))))
}

// MixBytes folds a byte string into h, eight bytes a Mix (little-endian),
// then what is left over with the length.
func MixBytes(h uint64, b []byte) uint64 {
	for ; len(b) >= 8; b = b[8:] {
		h = Mix(h, binary.LittleEndian.Uint64(b))
	}
	var tail uint64
	for i, c := range b {
		tail |= uint64(c) << (8 * i)
	}
	return Mix(h, tail<<8|uint64(len(b)))
}

// MixString folds a string into h.
func MixString(h uint64, s string) uint64 {
	h = Mix(h, uint64(len(s)))
	for i := 0; i < len(s); i++ {
		h = Mix(h, uint64(s[i]))
	}
	return h
}

// HashInt hashes any integer-valued component.
func HashInt[T Integer](h uint64, v T) uint64 {
	return Mix(h, uint64(int64(v)))
}

// HashBool hashes a boolean component.
func HashBool[T ~bool](h uint64, v T) uint64 {
	if v {
		return Mix(h, 1)
	}
	return Mix(h, 0)
}

// HashString hashes a string component.
func HashString[T ~string](h uint64, v T) uint64 { return MixString(h, string(v)) }
