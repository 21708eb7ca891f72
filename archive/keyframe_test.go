package archive

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/game"
	"lastpost/rules/act"
)

// hashAt is the state hash the recording gives after turn commands.
func hashAt(rec *Recording, turn int) uint64 {
	if turn == 0 {
		return rec.Start
	}
	return rec.Steps[turn-1].Hash
}

// resumesBy counts the resume lines a replay has played once it stands
// after turn commands.
func resumesBy(rec *Recording, turn int) int {
	n := 0
	for _, r := range rec.Resumes {
		if r.After <= turn {
			n++
		}
	}
	return n
}

// longestCorpusRun loads the golden recording with the most commands.
func longestCorpusRun(t testing.TB) *Recording {
	var longest *Recording
	for _, f := range corpusFiles(t) {
		rec, err := LoadRecording(f)
		require.NoError(t, err)
		if longest == nil || len(rec.Steps) > len(longest.Steps) {
			longest = rec
		}
	}
	return longest
}

// seekTargets are turns a viewer jumps between, out of order: both ends,
// each side of every keyframe and every road start.
func seekTargets(p *Player) []int {
	n := p.Len()
	targets := []int{n, 0, n - 1, n / 2, 1, n, n / 3}
	for k := KeyframeEvery; k < n; k += KeyframeEvery {
		targets = append(targets, k+1, k, k-1)
	}
	for _, r := range p.Roads() {
		targets = append(targets, r, max(r-1, 0))
	}
	return targets
}

// TestIndexedSeekLandsOnTheRecordedState seeks an indexed player back and
// forth over corpus runs (with camps, resumes from saves and the longest
// run) and checks each landing against the recording's own hash, then plays
// on to the end line.
func TestIndexedSeekLandsOnTheRecordedState(t *testing.T) {
	skipUnderRace(t)
	data := loadData(t)
	files := []string{"fumble-0001.rec", "hand-02-save-continue-camp.rec", "hand-07-camp-save-continue.rec"}
	longest := longestCorpusRun(t)
	recs := []*Recording{longest}
	for _, f := range files {
		rec, err := LoadRecording(filepath.Join(corpusDir, f))
		require.NoError(t, err)
		recs = append(recs, rec)
	}
	for _, rec := range recs {
		t.Run(filepath.Base(rec.File), func(t *testing.T) {
			p, err := NewPlayer(data, rec, nil)
			require.NoError(t, err)
			require.NoError(t, p.Index())
			for _, turn := range seekTargets(p) {
				require.NoError(t, p.Seek(turn), "seek to %d", turn)
				require.Equal(t, turn, p.Turn())
				assert.Equal(t, hashAt(rec, turn), p.Game().Hash(), "state after a seek to %d", turn)
				assert.Equal(t, resumesBy(rec, turn), p.resumed, "resume lines played by %d", turn)
			}
			require.NoError(t, p.Seek(0))
			require.NoError(t, p.Seek(p.Len()))
			assert.NoError(t, p.CheckEnd(false))
		})
	}
}

// TestIndexFindsEveryRoad checks the roads Index marks against the phases a
// plain replay goes through: a road begins where the command before left a
// camp, and nowhere else.
func TestIndexFindsEveryRoad(t *testing.T) {
	data := loadData(t)
	rec := longestCorpusRun(t)
	p, err := NewPlayer(data, rec, nil)
	require.NoError(t, err)
	require.NoError(t, p.Index())
	want := []int{0}
	plain, err := NewPlayer(data, rec, nil)
	require.NoError(t, err)
	for !plain.Done() {
		before := plain.Game().Phase()
		_, err := plain.Step()
		require.NoError(t, err)
		if before == act.PhaseCamp && plain.Game().Phase() == act.PhaseRoad {
			want = append(want, plain.Turn())
		}
	}
	require.Greater(t, len(want), 2, "the longest corpus run should hold several deliveries")
	assert.Equal(t, want, p.Roads())
}

// TestDeliveryStepsBetweenRoads checks the delivery keys' targets: back from
// inside a road to its start, back again to the road before, forward to the
// next road, and the recording's ends beyond the first and last.
func TestDeliveryStepsBetweenRoads(t *testing.T) {
	p, err := NewPlayer(loadData(t), longestCorpusRun(t), nil)
	require.NoError(t, err)
	require.NoError(t, p.Index())
	roads := p.Roads()
	require.Greater(t, len(roads), 2)
	require.NoError(t, p.Seek(roads[1]+3))
	assert.Equal(t, roads[1], p.Delivery(-1))
	assert.Equal(t, roads[2], p.Delivery(+1))
	assert.Equal(t, roads[1], p.RoadStart(p.Turn()))
	require.NoError(t, p.Seek(roads[1]))
	assert.Equal(t, roads[0], p.Delivery(-1))
	require.NoError(t, p.Seek(0))
	assert.Equal(t, 0, p.Delivery(-1))
	require.NoError(t, p.Seek(roads[len(roads)-1]))
	assert.Equal(t, p.Len(), p.Delivery(+1))
}

// TestIndexedSeekSetsUpEachGame checks a seek from a keyframe hands the
// viewer's setup the game it loaded, as a restart does.
func TestIndexedSeekSetsUpEachGame(t *testing.T) {
	rec := recordLasting(t, 4, 3*KeyframeEvery)
	var seen []*game.Game
	p, err := NewPlayer(loadData(t), rec, func(g *game.Game) { seen = append(seen, g) })
	require.NoError(t, err)
	require.NoError(t, p.Index())
	require.Len(t, seen, 1, "indexing plays in a game of its own")
	require.NoError(t, p.Seek(2*KeyframeEvery+5))
	require.Len(t, seen, 2, "a jump to a keyframe loads a game")
	assert.Same(t, seen[1], p.Game())
	require.NoError(t, p.Seek(2*KeyframeEvery+9))
	assert.Len(t, seen, 2, "a seek a few commands ahead steps on")
}
