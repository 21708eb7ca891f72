package act

import (
	"slices"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/rules/vocab"
)

// Blast is a barrel blast's pattern as its fragments fly it. Every
// fragment follows its own line out from the barrel's cell, but lines that
// start out alike share their first cells: of the 32 fragments of the
// shipped pattern, only 8 different cells are entered on the first move,
// and 24 on the next three. The fragments whose paths agree so far fly as
// one entity, a shard, which makes one step an instant for all of them and
// strikes what it meets once for each; where their paths part, the shard
// scatters into one for each way on. A blast in open ground then takes 160
// steps, not 192, and what it does is what its fragments would do one by
// one: the same cells entered at the same instants, the same hits.
//
// The pattern is a tree. Its root is the barrel's cell with every
// fragment; a node's kids are its fragments grouped by their next step.
// A node keeps the fragments' count, and the line its first fragment
// follows, as it stands before the move into the node: a shard steps
// along its first fragment's line, which is every fragment's path while
// they agree.
type Blast struct {
	nodes []blastNode
	// starts are the shards the blast spawns (see NewBlast), but for
	// their timing: a cascade spawns them by the hundred.
	starts []shardStart
	// reach is how many moves each fragment makes, and damage what each
	// deals.
	reach, damage int
}

// shardStart is a shard as a blast spawns it.
type shardStart struct {
	shard  vocab.Shards
	course vocab.Course
}

// blastNode is one node of a Blast's tree.
type blastNode struct {
	depth int // moves made from the barrel's cell
	n     int // fragments in it
	rep   int // its first fragment
	// kids is how many nodes the fragments go on to, and first the index
	// of the first: a node's kids are consecutive.
	first, kids int
	// end is the node at which the chain of single kids from this one
	// ends: where its fragments part, or where they burn out.
	end int
	// line is the line of the node's first fragment before the move into
	// the node.
	line geom.Line
}

// NewBlast lays out the pattern of explosion ex: its directions, each
// followed for its range.
//
// The blast spawns a shard for each cell its fragments enter on their
// first move, but where a shard would part again at once, after that one
// move, it spawns the parts instead, each to make the first move on its
// own: parting is an action with spawns of its own, dearer than the one
// step it would share.
func NewBlast(ex *assets.Explosion) *Blast {
	b := &Blast{reach: ex.Range, damage: ex.Damage}
	lines := make([]geom.Line, len(ex.Directions))
	members := make([]int, len(ex.Directions))
	for i, d := range ex.Directions {
		lines[i] = geom.NewLine(geom.Pt(d[0], d[1]))
		members[i] = i
	}
	leaving := append([]geom.Line(nil), lines...)
	before := append([]geom.Line(nil), lines...)
	// Level by level, breadth first: a level's members are its nodes'
	// fragments in node order, each node's a run of them. A node parts
	// its fragments by their next step, into kids in the order of their
	// first fragments: a node's first fragment stays in its first kid, so
	// a shard that scatters keeps its own line.
	b.nodes = append(b.nodes, blastNode{n: len(members)})
	level, runs := []int{0}, [][]int{members}
	steps := make([]geom.Point, len(members))
	for depth := 1; depth <= ex.Range; depth++ {
		var nextLevel []int
		var nextRuns [][]int
		for li, node := range level {
			run := runs[li]
			b.nodes[node].first = len(b.nodes)
			for i, m := range run {
				steps[i] = lines[m].Step()
			}
			for i, m := range run {
				if slices.Index(steps[:i], steps[i]) >= 0 {
					continue // in the kid of the first with this step
				}
				var kid []int
				for j := i; j < len(run); j++ {
					if steps[j] == steps[i] {
						kid = append(kid, run[j])
					}
				}
				// The kid's line is its first fragment's, before this
				// step.
				nextLevel = append(nextLevel, len(b.nodes))
				nextRuns = append(nextRuns, kid)
				b.nodes = append(b.nodes, blastNode{depth: depth, n: len(kid), rep: m, line: before[m]})
				b.nodes[node].kids++
			}
		}
		level, runs = nextLevel, nextRuns
		copy(before, lines)
	}
	for i := len(b.nodes) - 1; i >= 0; i-- {
		nd := &b.nodes[i]
		nd.end = i
		if nd.kids == 1 {
			nd.end = b.nodes[nd.first].end
		}
	}
	root := &b.nodes[0]
	for k := root.first; k < root.first+root.kids; k++ {
		if nd := &b.nodes[k]; nd.kids > 1 {
			for j := nd.first; j < nd.first+nd.kids; j++ {
				b.addStart(j, leaving)
			}
		} else {
			b.addStart(k, leaving)
		}
	}
	return b
}

// addStart adds node k's shard to those the blast spawns, its line the one
// its first fragment leaves the barrel's cell on.
func (b *Blast) addStart(k int, leaving []geom.Line) {
	sh, c := b.shard(k, b.reach)
	c.Line = leaving[b.nodes[k].rep]
	b.starts = append(b.starts, shardStart{sh, c})
}

// Starts returns how many shards the blast spawns.
func (b *Blast) Starts() int { return len(b.starts) }

// start returns the i-th shard the blast spawns, its course but for the
// timing, which the blast sets.
func (b *Blast) start(i int) *shardStart { return &b.starts[i] }

// Nodes returns how many nodes the pattern's tree has.
func (b *Blast) Nodes() int { return len(b.nodes) }

// Fragments returns how many fragments the blast throws.
func (b *Blast) Fragments() int { return b.nodes[0].n }

// kidsOf returns the range of node i's kids, empty for a node outside the
// tree (a save's, say) or a leaf.
func (b *Blast) kidsOf(i int) (first, n int) {
	if i < 0 || i >= len(b.nodes) {
		return 0, 0
	}
	return b.nodes[i].first, b.nodes[i].kids
}

// shard returns the shard that sets out to kid node k, with the moves it
// has left: its Shard, and its Course but for the timing, which the
// caller sets.
func (b *Blast) shard(k, moves int) (vocab.Shards, vocab.Course) {
	nd := &b.nodes[k]
	end := &b.nodes[nd.end]
	split := 0
	if end.kids > 1 {
		split = b.reach - end.depth
	}
	return vocab.Shards{Node: nd.end, N: nd.n, Damage: b.damage}, vocab.Course{Line: nd.line, Moves: moves, Split: split}
}
