package ecs

// Entity is an entity id. Zero is never handed out, so it can mean "none".
type Entity uint64

const (
	pageBits = 10
	pageSize = 1 << pageBits
	pageMask = pageSize - 1
)

// sparseIndex maps entity ids to dense positions through lazily allocated
// pages, so ids that only grow (bullets, fragments) cost memory only while
// their page holds a live entry. A stored value is position+1; zero means
// absent.
type sparseIndex struct {
	pages  []*[pageSize]int32
	counts []int32
}

func (s *sparseIndex) get(e Entity) int {
	p := int(e >> pageBits)
	if p >= len(s.pages) || s.pages[p] == nil {
		return -1
	}
	return int(s.pages[p][e&pageMask]) - 1
}

func (s *sparseIndex) put(e Entity, i int) {
	p := int(e >> pageBits)
	for p >= len(s.pages) {
		s.pages = append(s.pages, nil)
		s.counts = append(s.counts, 0)
	}
	if s.pages[p] == nil {
		s.pages[p] = new([pageSize]int32)
	}
	slot := &s.pages[p][e&pageMask]
	if *slot == 0 {
		s.counts[p]++
	}
	*slot = int32(i + 1)
}

func (s *sparseIndex) del(e Entity) {
	p := int(e >> pageBits)
	s.pages[p][e&pageMask] = 0
	s.counts[p]--
	if s.counts[p] == 0 {
		s.pages[p] = nil
	}
}

// sparseSet stores one value per entity. Removal swaps the last element into
// the hole, which keeps iteration order a pure function of the operations.
type sparseSet[T any] struct {
	index sparseIndex
	dense []Entity
	vals  []T
}

func (s *sparseSet[T]) has(e Entity) bool { return s.index.get(e) >= 0 }

func (s *sparseSet[T]) get(e Entity) (T, bool) {
	i := s.index.get(e)
	if i < 0 {
		var zero T
		return zero, false
	}
	return s.vals[i], true
}

func (s *sparseSet[T]) ptr(e Entity) *T {
	i := s.index.get(e)
	if i < 0 {
		return nil
	}
	return &s.vals[i]
}

func (s *sparseSet[T]) set(e Entity, v T) {
	if i := s.index.get(e); i >= 0 {
		s.vals[i] = v
		return
	}
	s.index.put(e, len(s.dense))
	s.dense = append(s.dense, e)
	s.vals = append(s.vals, v)
}

func (s *sparseSet[T]) remove(e Entity) bool {
	i := s.index.get(e)
	if i < 0 {
		return false
	}
	last := len(s.dense) - 1
	if i != last {
		moved := s.dense[last]
		s.dense[i] = moved
		s.vals[i] = s.vals[last]
		s.index.put(moved, i)
	}
	var zero T
	s.vals[last] = zero
	s.dense = s.dense[:last]
	s.vals = s.vals[:last]
	s.index.del(e)
	return true
}

func (s *sparseSet[T]) size() int { return len(s.dense) }

func (s *sparseSet[T]) entities() []Entity { return s.dense }
