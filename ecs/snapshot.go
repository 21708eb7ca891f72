package ecs

import (
	"encoding/json"
	"fmt"
	"slices"
)

// MaxEntity bounds entity ids accepted from a snapshot, so a hostile file
// cannot make the sparse index allocate without bound.
const MaxEntity = 1 << 32

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
	for id, s := range w.stores {
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

// Restore fills an empty world from data written by MarshalJSON. It checks
// everything a damaged or hostile file could get wrong (unknown components,
// ids beyond the allocator, repeated entities, value counts) and names the
// problem. A spatial index, if the world has one, is rebuilt.
func (w *World) Restore(data []byte) error {
	var snap worldSnapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		return fmt.Errorf("ecs: reading the world: %w", err)
	}
	if snap.Next > MaxEntity {
		return fmt.Errorf("ecs: entity allocator at %d, beyond the limit %d", snap.Next, MaxEntity)
	}
	for _, cs := range snap.Components {
		id, ok := w.schema.Lookup(cs.Name)
		if !ok || w.stores[id] == nil {
			return fmt.Errorf("ecs: unknown component %q", cs.Name)
		}
		if w.stores[id].size() != 0 {
			return fmt.Errorf("ecs: component %q appears twice", cs.Name)
		}
		for _, e := range cs.Entities {
			if e == 0 || e > snap.Next {
				return fmt.Errorf("ecs: component %q names entity %d, outside 1..%d", cs.Name, e, snap.Next)
			}
		}
		sorted := slices.Clone(cs.Entities)
		slices.Sort(sorted)
		if len(slices.Compact(sorted)) != len(cs.Entities) {
			return fmt.Errorf("ecs: component %q lists an entity twice", cs.Name)
		}
		if err := w.stores[id].decode(cs.Entities, cs.Values); err != nil {
			return fmt.Errorf("ecs: component %q: %w", cs.Name, err)
		}
	}
	w.next = snap.Next
	if s := w.spatial; s != nil {
		w.SetSpatial(SpatialSpec{W: s.w, H: s.h, Pos: s.pos, Counts: s.counted, Sets: s.listed})
	}
	return nil
}
