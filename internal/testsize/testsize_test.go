package testsize

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestStepsQuartersOnlyUnderShort(t *testing.T) {
	for _, tt := range []struct{ n, short, whole int }{
		{4000, 1000, 4000},
		{3, 1, 3},
		{1, 1, 1},
	} {
		want := tt.whole
		if testing.Short() {
			want = tt.short
		}
		assert.Equal(t, want, Steps(tt.n), "n=%d", tt.n)
	}
}
