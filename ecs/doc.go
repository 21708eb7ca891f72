// Package ecs is the entity-component core of Last Post. It knows nothing of
// the game.
//
// Entities are 64-bit ids handed out by an allocator that lives in the World,
// so it is saved and replayed with the rest of the state. Components are
// declared by the game as typed handles: Data[T] for values, Flag for presence
// only, and Prop[T] for transient action properties that describe an action
// but are never stored. Each stored component is a sparse set
// (a paged sparse array into dense entity and value slices): inserts,
// removes and lookups are O(1) and iteration walks a dense slice.
//
// State changes only through an Action: a change set of values set, flags
// added and components removed, for any number of entities. Commit applies it,
// updates the spatial index and clears the action for reuse, so the hot path
// does not allocate once buffers have grown. A View answers the same reads
// as the World, as if a given action were committed.
//
// Iteration order is a function of the sequence of operations alone (dense
// slices with swap-removal), never of Go map order, so a replay sees the same
// order on every machine. Hash returns a stable 64-bit digest of the whole
// state for replay checks.
package ecs
