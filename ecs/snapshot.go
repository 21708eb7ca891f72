package ecs

import (
	"encoding/json"
	"fmt"
	"slices"
)

// MaxEntity bounds entity ids: Restore rejects a snapshot whose allocator
// is past it, and the sparse index panics on a larger id, so neither a
// hostile file nor a runaway allocator can make the index allocate
// without bound. Tables indexed by id grow with the largest id, so the
// bound is what a hostile file can make them cost: at 2^28 a store's page
// table is at most 8 MB, where a whole run of the game hands out a few
// thousand ids.
const MaxEntity = 1 << 28

type componentSnapshot struct {
	Name     string          `json:"name"`
	Entities []Entity        `json:"entities"`
	Values   json.RawMessage `json:"values,omitempty"`
}

type worldSnapshot struct {
	Next       Entity              `json:"next"`
	Components []componentSnapshot `json:"components"`
}

// MarshalJSON writes every store, in store order, with the allocator. The
// dense order is kept so a restored world iterates (and hashes) exactly as
// the saved one did.
func (w *World) MarshalJSON() ([]byte, error) {
	snap := worldSnapshot{Next: w.next}
	for id, s := range w.stores[:w.schema.Len()] {
		if s == nil || s.size() == 0 {
			continue
		}
		vals, err := s.encode()
		if err != nil {
			return nil, fmt.Errorf("ecs: saving %s: %w", w.schema.Name(ID(id)), err)
		}
		snap.Components = append(snap.Components, componentSnapshot{
			Name: w.schema.Name(ID(id)), Entities: slices.Clone(s.entities()), Values: vals,
		})
	}
	return json.Marshal(snap)
}

// Restore replaces the world's state with data written by MarshalJSON. It
// checks everything a damaged or hostile file could get wrong (unknown
// components, ids beyond the allocator, repeated components or entities,
// value counts) and names the problem; on error the world is left as it
// was. A spatial index, if the world has one, is rebuilt.
func (w *World) Restore(data []byte) error {
	var snap worldSnapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		return fmt.Errorf("ecs: reading the world: %w", err)
	}
	if snap.Next > MaxEntity {
		return fmt.Errorf("ecs: entity allocator at %d, beyond the limit %d", snap.Next, uint64(MaxEntity))
	}
	fresh := NewWorld(w.schema)
	seen := make([]bool, w.schema.Len())
	for _, cs := range snap.Components {
		id, ok := w.schema.Lookup(cs.Name)
		if !ok || fresh.stores[id] == nil {
			return fmt.Errorf("ecs: unknown component %q", cs.Name)
		}
		if seen[id] {
			return fmt.Errorf("ecs: component %q appears twice", cs.Name)
		}
		seen[id] = true
		if err := checkEntities(cs.Entities, snap.Next); err != nil {
			return fmt.Errorf("ecs: component %q %w", cs.Name, err)
		}
		if err := fresh.stores[id].decode(cs.Entities, cs.Values); err != nil {
			return fmt.Errorf("ecs: component %q: %w", cs.Name, err)
		}
	}
	for id, s := range w.stores[:w.schema.Len()] {
		if s != nil {
			s.adopt(fresh.stores[id])
		}
	}
	*w.held = *fresh.held
	w.kinds.rebuild(w)
	w.next = snap.Next
	// The adopted stores keep no digests: the next Hash takes them all.
	w.hashKept, w.unhashed = false, Mask{}
	if s := w.spatial; s != nil {
		w.SetSpatial(s.spec())
	}
	return nil
}

// checkEntities reports an id outside 1..next or listed twice.
func checkEntities(ents []Entity, next Entity) error {
	for _, e := range ents {
		if e == 0 || e > next {
			return fmt.Errorf("names entity %d, outside 1..%d", e, next)
		}
	}
	sorted := slices.Clone(ents)
	slices.Sort(sorted)
	if len(slices.Compact(sorted)) != len(ents) {
		return fmt.Errorf("lists an entity twice")
	}
	return nil
}
