package act

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
)

// flight is where and when fragments are during a blast's flight: how many
// enter each cell at each instant, in milliseconds from the blast.
type flight map[string]int

func (f flight) add(at int, p geom.Point, n int) { f[fmt.Sprintf("%d@%v", at, p)] += n }

// stepMs is how long a step takes, as buildMove times it.
func stepMs(ms int, step geom.Point) int {
	if step.X != 0 && step.Y != 0 {
		return ms * 1414 / 1000
	}
	return ms
}

// flyOneByOne flies every fragment of ex on its own line, as the pattern
// defines them.
func flyOneByOne(ex *assets.Explosion) flight {
	f := flight{}
	for _, d := range ex.Directions {
		l := geom.NewLine(geom.Pt(d[0], d[1]))
		var p geom.Point
		at := 0
		for range ex.Range {
			step := l.Step()
			p = p.Add(step)
			f.add(at, p, 1)
			at += stepMs(ex.MsPerCell, step)
		}
	}
	return f
}

// flyInShards flies the blast's shards as Explode, Move and Scatter do:
// each steps along its course, and parts when a step ends its leg.
func flyInShards(t *testing.T, ex *assets.Explosion) (flight, int) {
	b := NewBlast(ex)
	type shard struct {
		p    geom.Point
		at   int
		node int
		n    int
		c    struct{ moves, split int }
		line geom.Line
	}
	var live []shard
	for i := range b.Starts() {
		st := b.start(i)
		sh, c := st.shard, st.course
		live = append(live, shard{node: sh.Node, n: sh.N, line: c.Line, c: struct{ moves, split int }{c.Moves, c.Split}})
	}
	f, steps := flight{}, 0
	for len(live) > 0 {
		s := live[0]
		live = live[1:]
		for s.c.moves > 0 {
			step := s.line.Step()
			s.p = s.p.Add(step)
			s.c.moves--
			steps++
			f.add(s.at, s.p, s.n)
			s.at += stepMs(ex.MsPerCell, step)
			if s.c.moves > 0 && s.c.moves <= s.c.split {
				first, kids := b.kidsOf(s.node)
				require.GreaterOrEqual(t, kids, 2, "a shard ends its leg where its fragments part")
				for k := first + 1; k < first+kids; k++ {
					sh, c := b.shard(k, s.c.moves)
					live = append(live, shard{p: s.p, at: s.at, node: sh.Node, n: sh.N, line: c.Line,
						c: struct{ moves, split int }{c.Moves, c.Split}})
				}
				sh, c := b.shard(first, s.c.moves)
				s.node, s.n, s.c.split = sh.Node, sh.N, c.Split
			}
		}
	}
	return f, steps
}

// TestBlastShardsFlyWhereTheFragmentsWould checks, for several patterns,
// that the shards enter the cells the fragments would enter one by one,
// at the same instants and as many at once, and take fewer steps where
// paths are shared.
func TestBlastShardsFlyWhereTheFragmentsWould(t *testing.T) {
	data, err := assets.Load()
	require.NoError(t, err)
	shipped := data.Combat.Explosion
	tests := []struct {
		name       string
		directions [][2]int
		rng        int
		steps      int // steps the shards take
	}{
		// 8 cells on the first move, 24 on the next three and 32 on
		// the last two, but the 8 that part after one move start apart.
		{"shipped", shipped.Directions, shipped.Range, 24*4 + 32*2},
		{"one fragment", [][2]int{{3, 1}}, 5, 5},
		{"the same line twice", [][2]int{{2, 1}, {2, 1}}, 4, 4},
		{"lines that part late", [][2]int{{10, 1}, {10, 0}}, 8, 5 + 3*2}, // the sixth steps part
		{"eight ways", [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}, 3, 24},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := shipped
			ex.Directions, ex.Fragments, ex.Range = tt.directions, len(tt.directions), tt.rng
			want := flyOneByOne(&ex)
			got, steps := flyInShards(t, &ex)
			assert.Equal(t, want, got)
			assert.Equal(t, tt.steps, steps, "steps of the shards")
			b := NewBlast(&ex)
			assert.Equal(t, len(tt.directions), b.Fragments())
			var n int
			for i := range b.Starts() {
				n += b.start(i).shard.N
			}
			assert.Equal(t, len(tt.directions), n, "the shards spawned carry every fragment")
		})
	}
}

// TestBlastKidsOfAnyNode checks that a node from outside the tree, as a
// hostile save could give a shard, has no kids, so a scatter does nothing.
func TestBlastKidsOfAnyNode(t *testing.T) {
	data, err := assets.Load()
	require.NoError(t, err)
	b := NewBlast(&data.Combat.Explosion)
	for _, node := range []int{-1, b.Nodes(), b.Nodes() + 100} {
		_, n := b.kidsOf(node)
		assert.Zero(t, n, "node %d", node)
	}
	var parting []int
	for i := range b.Nodes() {
		if _, n := b.kidsOf(i); n > 1 {
			parting = append(parting, i)
		}
	}
	assert.True(t, slices.IsSorted(parting))
	assert.NotEmpty(t, parting, "the shipped pattern parts somewhere")
}
