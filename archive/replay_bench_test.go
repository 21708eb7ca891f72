package archive

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// benchTurns is about how many recorded turns one replay of the benchmark
// covers (E2: a 10k-turn log).
const benchTurns = 10_000

// benchRecordings takes golden recordings in name order until they hold
// benchTurns turns.
func benchRecordings(b *testing.B) []*Recording {
	var recs []*Recording
	turns := 0
	for _, f := range corpusFiles(b) {
		if turns >= benchTurns {
			break
		}
		rec, err := LoadRecording(f)
		require.NoError(b, err)
		recs = append(recs, rec)
		turns += len(rec.Steps)
	}
	return recs
}

// BenchmarkReplay measures headless replay: re-simulating recorded turns
// and checking the state hash after each (benchmark E2).
func BenchmarkReplay(b *testing.B) {
	data := loadData(b)
	recs := benchRecordings(b)
	b.Run("Headless", func(b *testing.B) {
		turns := 0
		for b.Loop() {
			for _, rec := range recs {
				v, err := Verify(data, rec, nil)
				if err != nil {
					b.Fatal(err)
				}
				turns += v.Turns
			}
		}
		b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
	})
}
