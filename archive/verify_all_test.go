package archive

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVerifyAllAgreesWithVerify checks that recordings verified side by
// side get the verdicts they get one at a time, in the order given,
// whatever the number of goroutines, and that a recording which does not
// replay fails in its own place and nowhere else.
func TestVerifyAllAgreesWithVerify(t *testing.T) {
	data := loadData(t)
	// A few short runs are enough to spread; the race detector, which
	// watches the goroutines, gets three.
	files := everyNth(corpusFiles(t), 60)
	if raceEnabled {
		files = files[:min(3, len(files))]
	}
	var recs []*Recording
	for _, f := range files {
		rec, err := LoadRecording(f)
		require.NoError(t, err)
		recs = append(recs, rec)
	}
	require.GreaterOrEqual(t, len(recs), 3, "too few corpus recordings to spread")
	// The middle one is made to disagree with its own hash after its
	// first command, and so must fail with a desync.
	bad := len(recs) / 2
	broken := *recs[bad]
	broken.Steps = append([]Step(nil), broken.Steps...)
	require.NotEmpty(t, broken.Steps)
	broken.Steps[0].Hash ^= 1
	recs[bad] = &broken

	want := make([]Verified, len(recs))
	for i, rec := range recs {
		v, err := Verify(data, rec, nil)
		if i == bad {
			var desync *DesyncError
			require.True(t, errors.As(err, &desync), "the broken recording: %v", err)
			continue
		}
		require.NoError(t, err, rec.File)
		want[i] = v
	}
	for _, workers := range []int{0, 1, 2, 3, len(recs) + 4} {
		got, errs := VerifyAll(data, recs, workers)
		require.Len(t, got, len(recs))
		require.Len(t, errs, len(recs))
		for i := range recs {
			if i == bad {
				var desync *DesyncError
				assert.True(t, errors.As(errs[i], &desync), "workers %d: the broken recording: %v", workers, errs[i])
				continue
			}
			assert.NoError(t, errs[i], "workers %d: %s", workers, recs[i].File)
			assert.Equal(t, want[i], got[i], "workers %d: %s", workers, recs[i].File)
		}
	}
}
