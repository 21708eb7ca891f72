package archive

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"testing"

	"lastpost/game"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayInOrder plays fake runs on several goroutines: whatever order
// they end in, the runs are handed on in their own order, and a failing
// run stops the batch with its error after exactly the runs before it, as
// one goroutine playing them in turn would.
func TestPlayInOrder(t *testing.T) {
	tests := []struct {
		name       string
		runs, jobs int
		failAt     int // -1: no run fails
	}{
		{"one job", 6, 1, -1},
		{"two jobs", 7, 2, -1},
		{"more jobs than runs", 3, 8, -1},
		{"a single run", 1, 4, -1},
		{"the first run fails", 5, 3, 0},
		{"a middle run fails", 9, 3, 4},
		{"the last run fails", 4, 2, 3},
		{"one job, a run fails", 5, 1, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			started := map[int]bool{}
			play := func(i int) (game.RunStats, error) {
				mu.Lock()
				started[i] = true
				mu.Unlock()
				if i == tt.failAt {
					return game.RunStats{}, fmt.Errorf("run %d broke", i)
				}
				// Later runs end sooner, so with more than one job the
				// runs end out of order.
				spin(tt.runs - i)
				return game.RunStats{Seed: uint64(i)}, nil
			}
			players := 0
			newPlay := func() func(int) (game.RunStats, error) {
				mu.Lock()
				players++
				mu.Unlock()
				return play
			}
			got := []uint64{}
			err := playInOrder(tt.runs, tt.jobs, newPlay, func(s game.RunStats) { got = append(got, s.Seed) })
			wantPlayers := 1
			if tt.jobs > 1 && tt.runs > 1 {
				wantPlayers = min(tt.jobs, tt.runs)
			}
			assert.Equal(t, wantPlayers, players, "one play function a goroutine")
			want := tt.runs
			if tt.failAt >= 0 {
				require.EqualError(t, err, fmt.Sprintf("run %d broke", tt.failAt))
				want = tt.failAt
			} else {
				require.NoError(t, err)
			}
			wantSeeds := make([]uint64, want)
			for i := range wantSeeds {
				wantSeeds[i] = uint64(i)
			}
			assert.Equal(t, wantSeeds, got)
			if tt.failAt < 0 {
				assert.Len(t, started, tt.runs, "every run plays")
			}
			if tt.jobs == 1 && tt.failAt >= 0 {
				assert.Len(t, started, tt.failAt+1, "one job starts no run after the failing one")
			}
		})
	}
}

// spin does some work the compiler cannot drop, n units of it.
func spin(n int) {
	x := 0
	for i := range n * 20000 {
		x += i & 3
	}
	if x < 0 {
		panic(errors.New("unreachable"))
	}
}

// TestAutoplayRunsSameForAnyJobs plays the same seeds with one job and
// with three: the run lines, the totals (but the rate) and the balance
// report are the same.
func TestAutoplayRunsSameForAnyJobs(t *testing.T) {
	data := loadData(t)
	runs := 5
	if testing.Short() {
		runs = 3
	}
	rate := regexp.MustCompile(`turns/s=\d+`)
	outputs := map[int]string{}
	for _, jobs := range []int{1, 3} {
		var out bytes.Buffer
		opts := AutoplayOptions{Style: game.BotCareful, Stats: true, Jobs: jobs}
		require.NoError(t, AutoplayRuns(data, 11, runs, opts, &out))
		outputs[jobs] = rate.ReplaceAllString(out.String(), "turns/s=N")
	}
	require.Contains(t, outputs[1], "seed=13 ")
	assert.Equal(t, outputs[1], outputs[3])
}
