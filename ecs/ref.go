package ecs

// Ref returns a pointer to e's value in w as it is, or nil if e has none:
// Read without the copies. A value of several words read by Read is
// copied out of the store more than once on its way to the caller, even
// inlined; the builder of a step, which reads one on every step of every
// bullet, reads it once through Ref instead. The value belongs to the
// world: read it, do not change it (change state through an action) and
// do not keep the pointer across a commit.
func (c Data[T]) Ref(w *World, e Entity) *T {
	return w.stores[c.id].(*dataStore[T]).ref(e)
}

// ref returns a pointer to e's value, or nil.
func (s *sparseSet[T]) ref(e Entity) *T {
	if i := s.index.load(e); i != 0 {
		return &s.vals[i-1]
	}
	return nil
}
