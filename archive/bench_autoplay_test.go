package archive

import (
	"bufio"
	"lastpost/game"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// autoplayRuns is how many runs `lastpost -autoplay` plays for the speed and
// memory budgets of the suite's autoplay rows (testdata/bench/SUITE.md).
const autoplayRuns = 100

// BenchmarkAutoplay plays what `lastpost -autoplay 100` plays, seeds 1 to
// 100 with the bot, in this process, without hashing every turn (E2 does
// that) and reports turns/s against the 20,000 a second budget, and the
// time of one command (ns/turn: a turn of play is one command), the row a
// slower engine, bot or turn loop shows in first. It also
// reports the memory the process asked of the system (MemStats.Sys) and
// its peak resident set (VmHWM from /proc/self/status, where there is one)
// against the 30 MB budget; .ci/bench measures the built binary too.
func BenchmarkAutoplay(b *testing.B) {
	b.Run("Runs100", func(b *testing.B) {
		data := loadData(b)
		turns := 0
		// One job's runs, one after another, as `lastpost -autoplay` plays them.
		player := NewAutoplayer(data)
		for b.Loop() {
			for seed := uint64(1); seed <= autoplayRuns; seed++ {
				s, err := player.Play(seed, game.DefaultAutoplayTurns, game.BotCareful, nil, nil)
				if err != nil {
					b.Fatal(err)
				}
				turns += s.Turns
			}
		}
		b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(turns, 1)), "ns/turn")
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(ms.Sys)/(1<<20), "sys-MB")
		if kb, ok := peakRSS(); ok {
			b.ReportMetric(float64(kb)/1024, "peak-rss-MB")
		}
	})
}

// peakRSS reads the process's peak resident set, in KB, from
// /proc/self/status.
func peakRSS() (int, bool) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb, err == nil
		}
	}
	return 0, false
}
