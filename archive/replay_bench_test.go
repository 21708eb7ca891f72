package archive

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// benchTurns is about how many recorded turns one replay of the benchmark
// covers (E2: a 10k-turn log).
const benchTurns = 10_000

// benchRecordings takes golden recordings in name order until they hold
// benchTurns turns.
func benchRecordings(b *testing.B) []*Recording {
	_, recs := benchCorpus(b)
	return recs
}

// benchCorpus is benchRecordings with the files they were read from.
func benchCorpus(b *testing.B) (files []string, recs []*Recording) {
	turns := 0
	for _, f := range corpusFiles(b) {
		if turns >= benchTurns {
			break
		}
		rec, err := LoadRecording(f)
		require.NoError(b, err)
		files = append(files, f)
		recs = append(recs, rec)
		turns += len(rec.Steps)
	}
	return files, recs
}

// BenchmarkReplay measures headless replay: re-simulating recorded turns
// and checking the state hash after each (benchmark E2), the recordings
// one after another as a batch verifies them.
func BenchmarkReplay(b *testing.B) {
	data := loadData(b)
	recs := benchRecordings(b)
	b.Run("Headless", func(b *testing.B) {
		turns := 0
		verifier := NewVerifier(data)
		for b.Loop() {
			for _, rec := range recs {
				v, err := verifier.Verify(rec, nil)
				if err != nil {
					b.Fatal(err)
				}
				turns += v.Turns
			}
		}
		b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
	})
	// The same recordings checked side by side, one verifier per CPU, as
	// the golden corpus test and a folder given to -verify are: the
	// throughput of a batch on the whole machine. Headless above is what
	// one core does with one stream of turns.
	b.Run("AllCores", func(b *testing.B) {
		turns := 0
		for b.Loop() {
			vs, errs := VerifyAll(data, recs, runtime.GOMAXPROCS(0))
			for i, err := range errs {
				if err != nil {
					b.Fatal(err)
				}
				turns += vs[i].Turns
			}
		}
		b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
	})
}

// BenchmarkSeek measures the replay viewer's worst seek on the longest
// corpus run (benchmark E4): from the end back to the command before it,
// where a plain player replays everything from the seed and an indexed one
// loads the keyframe before and replays at most KeyframeEvery commands.
// Each iteration seeks to the end first, outside the timer. The budget is
// 100 ms.
func BenchmarkSeek(b *testing.B) {
	data := loadData(b)
	rec := longestCorpusRun(b)
	for _, indexed := range []bool{false, true} {
		name := "FromSeed"
		if indexed {
			name = "Keyframes"
		}
		b.Run(name, func(b *testing.B) {
			p, err := NewPlayer(data, rec, nil)
			require.NoError(b, err)
			if indexed {
				require.NoError(b, p.Index())
			}
			// The command just before a keyframe is the farthest from one.
			target := p.Len() - 1
			for target%KeyframeEvery != KeyframeEvery-1 && target > 0 {
				target--
			}
			for b.Loop() {
				b.StopTimer()
				require.NoError(b, p.Seek(p.Len()))
				b.StartTimer()
				require.NoError(b, p.Seek(target))
			}
			b.ReportMetric(float64(b.Elapsed())/1e6/float64(b.N), "seek-ms")
			b.ReportMetric(float64(p.Len()), "commands")
		})
	}
}
